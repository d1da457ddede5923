// Tests are named after the module they prove (docs/testing.md): src/jobs/runner.ts is proved by
// test/<project>/jobs-runner.test.ts. This lists which src modules have a test of their name, to
// show coverage by name; a module without one is reported, not failed (many are proved by the
// behaviour tests: end to end, the attack suite, the fixtures).
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const PROJECTS = ["workers", "security", "fixtures", "codebase", "e2e"];

/** The test name a module gets: its path below src/, extension dropped, `/` as `-` (an index file by its folder). */
function testNameOf(modulePath: string): string {
  return modulePath
    .replace(/^src\//, "")
    .replace(/(\/index)?\.tsx?$/, "")
    .replaceAll("/", "-");
}

const modules = (readdirSync(`${ROOT}src`, { recursive: true }) as string[])
  .map((name) => `src/${name.replaceAll("\\", "/")}`)
  .filter((path) => /\.tsx?$/.test(path) && !path.endsWith(".d.ts"))
  .sort();

/** Every test file, by its name without `.test.ts` (or `.node.test.ts`), with its path. */
const tests = new Map<string, string[]>();
for (const project of PROJECTS) {
  for (const name of readdirSync(`${ROOT}test/${project}`)) {
    const stem = /^(.+?)(\.node)?\.test\.tsx?$/.exec(name)?.[1];
    if (stem) tests.set(stem, [...(tests.get(stem) ?? []), `test/${project}/${name}`]);
  }
}

const covered = modules.filter((path) => tests.has(testNameOf(path)));

describe("tests named after src modules", () => {
  it("names a module's test from its path", () => {
    expect(testNameOf("src/jobs/runner.ts")).toBe("jobs-runner");
    expect(testNameOf("src/middleware/auth.ts")).toBe("middleware-auth");
    expect(testNameOf("src/dashboard/jobs-page.tsx")).toBe("dashboard-jobs-page");
    expect(testNameOf("src/scrape/platforms/index.ts")).toBe("scrape-platforms");
  });

  it("finds the tests that follow the rule", () => {
    expect(tests.get("jobs-runner")).toEqual(["test/workers/jobs-runner.test.ts"]);
    expect(covered).toEqual(expect.arrayContaining(["src/db/jobs.ts", "src/jobs/runner.ts", "src/scrape/cache.ts"]));
  });

  it("lists the modules with a test of their name (informational)", () => {
    const lines = covered.map((path) => `  ${path} → ${tests.get(testNameOf(path))!.join(", ")}`);
    console.log(
      `${covered.length} of ${modules.length} src modules have a test named after them:\n${lines.join("\n")}`,
    );
    expect(covered.length).toBeGreaterThan(0);
  });
});
