// Tests mirror src/ (docs/testing.md): inside a runtime's folder, src/jobs/runner.ts is proved by
// test/workers/jobs/runner.test.ts. A folder of tests must be a folder of src/, and a top-level file
// must not carry a module's path written flat (jobs-runner.test.ts). Which modules have a test at their
// path is listed, not enforced: many are proved by behaviour tests (end to end, attacks, fixtures).
import { readdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The folders whose tests run in one runtime and mirror src/ below them. */
const MIRRORED = ["test/workers"];

const filesUnder = (folder: string) =>
  (readdirSync(`${ROOT}${folder}`, { recursive: true }) as string[]).map((name) => name.replaceAll("\\", "/"));

/** The src module a test at `path` (below a mirrored folder) proves: `jobs/runner.test.ts` → `jobs/runner`. */
const moduleOfTest = (path: string) => path.replace(/(\.node)?\.test\.tsx?$/, "");

/** A module's path below src/ without its extension: `src/jobs/runner.ts` → `jobs/runner`. */
const moduleName = (path: string) => path.replace(/\.tsx?$/, "");

const modules = new Set(
  filesUnder("src")
    .filter((path) => /\.tsx?$/.test(path) && !path.endsWith(".d.ts"))
    .map(moduleName),
);
const srcFolders = new Set(filesUnder("src").filter((path) => statSync(`${ROOT}src/${path}`).isDirectory()));

/** Why a test file breaks the mirror, or null: its folder is no folder of src/, or it is a module's path written flat. */
function mirrorProblem(
  testPath: string,
  source: { modules: ReadonlySet<string>; folders: ReadonlySet<string> },
): string | null {
  const folder = testPath.includes("/") ? testPath.slice(0, testPath.lastIndexOf("/")) : "";
  if (folder && !source.folders.has(folder)) return `src/${folder}/ does not exist`;
  const stem = moduleOfTest(testPath.slice(folder ? folder.length + 1 : 0));
  if (folder || !stem.includes("-")) return null;
  for (const module of source.modules) {
    if (!module.includes("/")) continue;
    if (module.replace(/\/index$/, "").replaceAll("/", "-") === stem)
      return `names src/${module} flat: move it to ${module}.test.ts`;
  }
  return null;
}

const source = { modules, folders: srcFolders };
const tests = MIRRORED.flatMap((root) =>
  filesUnder(root)
    .filter((path) => /\.test\.tsx?$/.test(path))
    .map((path) => ({ root, path })),
);

describe("tests mirror src/", () => {
  it("finds a mirror problem where there is one", () => {
    const planted = { modules: new Set(["jobs/runner", "dashboard/index", "charging"]), folders: new Set(["jobs"]) };
    expect(mirrorProblem("jobs/runner.test.ts", planted)).toBeNull();
    expect(mirrorProblem("jobs/flows.test.ts", planted)).toBeNull();
    expect(mirrorProblem("charging.test.ts", planted)).toBeNull();
    expect(mirrorProblem("fuzz.test.ts", planted)).toBeNull();
    expect(mirrorProblem("job/runner.test.ts", planted)).toBe("src/job/ does not exist");
    expect(mirrorProblem("jobs-runner.test.ts", planted)).toBe(
      "names src/jobs/runner flat: move it to jobs/runner.test.ts",
    );
    expect(mirrorProblem("dashboard.test.ts", planted)).toBeNull();
  });

  it("holds for every test file", () => {
    expect(tests.length).toBeGreaterThan(50);
    const problems = tests.flatMap(({ root, path }) => {
      const problem = mirrorProblem(path, source);
      return problem ? [`${root}/${path}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it("lists the modules with a test at their path (informational)", () => {
    const covered = tests.filter(({ path }) => modules.has(moduleOfTest(path)));
    console.log(
      `${covered.length} of ${modules.size} src modules have a test at their path:\n${covered.map(({ root, path }) => `  src/${moduleOfTest(path)} → ${root}/${path}`).join("\n")}`,
    );
    expect(covered.map(({ path }) => moduleOfTest(path))).toEqual(
      expect.arrayContaining(["db/jobs", "jobs/runner", "scrape/cache", "dashboard/index"]),
    );
  });
});
