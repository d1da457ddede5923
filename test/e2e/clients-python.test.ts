// The Python client as a user gets it: a wheel and an sdist built from clients/python offline (its
// build backend is the standard library), the wheel installed with pip into a fresh folder, and the
// unittest suite (clients/python/tests, copied beside it) run by python3 against the e2e stack with
// only that folder on the path: its offline half (retries of both clients against a scripted server
// that fails first, headers, errors) and its half against the API (a product, hotel pages, record
// pages and streams, a job waited for, by the sync and the async client; typed errors).
import { execFile } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAccountKey, ROOT } from "../../scripts/local-stack.ts";

const run = promisify(execFile);
const baseUrl = inject("baseUrl");
const adminToken = inject("adminToken");
const PYTHON_CLIENT = join(ROOT, "clients/python");

let env: NodeJS.ProcessEnv;
let folder: string;
let artefacts: string[];

beforeAll(async () => {
  const main = await createAccountKey(baseUrl, adminToken, {
    name: "e2e python client",
    plan: "enterprise",
    requests_per_minute: 10_000,
  });
  const limited = await createAccountKey(baseUrl, adminToken, {
    name: "e2e python client, two a minute",
    plan: "enterprise",
    requests_per_minute: 2,
  });
  folder = await mkdtemp(join(tmpdir(), "webdata-python-"));
  const quiet = { ...process.env, PIP_DISABLE_PIP_VERSION_CHECK: "1", PIP_NO_INPUT: "1", PYTHONDONTWRITEBYTECODE: "1" };
  // The wheel as pip builds it, the sdist from the backend itself (pip builds no sdists).
  await run("python3", ["-m", "pip", "wheel", "--no-deps", "--no-index", "-w", join(folder, "dist"), PYTHON_CLIENT], {
    env: quiet,
  });
  await run("python3", [join(PYTHON_CLIENT, "build_backend/webdata_build.py"), join(folder, "dist")], { env: quiet });
  artefacts = (await readdir(join(folder, "dist"))).sort();
  const wheel = artefacts.find((name) => name.endsWith(".whl"))!;
  await run(
    "python3",
    ["-m", "pip", "install", "--no-index", "--no-deps", "--target", join(folder, "site"), join(folder, "dist", wheel)],
    { env: quiet },
  );
  await cp(join(PYTHON_CLIENT, "tests"), join(folder, "tests"), { recursive: true });
  env = {
    ...quiet,
    PYTHONPATH: join(folder, "site"),
    WEBDATA_URL: baseUrl,
    WEBDATA_KEY: main.secret,
    WEBDATA_LIMITED_KEY: limited.secret,
    WEBDATA_REPLICAS_URL: inject("replicasUrl"),
  };
}, 180_000);

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** Test methods defined in the suite's files, so a file that fails to load cannot pass unnoticed. */
async function definedTests(): Promise<number> {
  const tests = join(PYTHON_CLIENT, "tests");
  const files = (await readdir(tests)).filter((name) => /^test_.*\.py$/.test(name));
  const sources = await Promise.all(files.map((name) => readFile(join(tests, name), "utf8")));
  return sources.reduce((count, source) => count + (source.match(/^ {4}def test_/gm) ?? []).length, 0);
}

describe("the Python client", () => {
  it("is built as a wheel and an sdist, and the wheel installs into a fresh folder", async () => {
    expect(artefacts).toEqual([
      expect.stringMatching(/^webdata_api_client-\d+\.\d+\.\d+-py3-none-any\.whl$/),
      expect.stringMatching(/^webdata_api_client-\d+\.\d+\.\d+\.tar\.gz$/),
    ]);
    const where = "import webdata_api, sys; print(webdata_api.__file__); print(webdata_api.__version__)";
    const { stdout } = await run("python3", ["-c", where], { cwd: folder, env });
    const [file, version] = stdout.trim().split("\n");
    expect(file).toBe(join(folder, "site", "webdata_api", "__init__.py"));
    expect(artefacts[0]).toContain(`-${version}-`);
    const installed = await readdir(join(folder, "site", "webdata_api"));
    expect(installed).toEqual(expect.arrayContaining(["async_client.py", "client.py", "py.typed", "types.py"]));
  });

  it(
    "passes its unittest suite against the local stack, imported from the installed wheel",
    { timeout: 400_000 },
    async () => {
      const result = await run("python3", ["-m", "unittest", "discover", "-s", "tests", "-t", ".", "-v"], {
        cwd: folder,
        env,
      }).catch((failure: { stdout: string; stderr: string; code: number }) => failure);
      const report = result.stderr;
      expect(report, report).toMatch(/\nOK\n?$/);
      const ran = Number(/^Ran (\d+) tests? in/m.exec(report)?.[1]);
      expect(ran).toBe(await definedTests());
      expect(ran).toBeGreaterThanOrEqual(40);
    },
  );

  it("is written for Python 3.9: every module parses with 3.9's grammar", async () => {
    const check = [
      "import ast, pathlib, sys",
      "files = sorted(pathlib.Path('.').rglob('*.py'))",
      "for f in files: ast.parse(f.read_text(), filename=str(f), feature_version=(3, 9))",
      "print(len(files))",
    ].join("\n");
    const { stdout } = await run("python3", ["-c", check], { cwd: PYTHON_CLIENT, env });
    expect(Number(stdout.trim())).toBeGreaterThanOrEqual(14);
  });
});
