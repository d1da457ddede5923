// The Python client's own unittest suite (clients/python/tests) run by python3 against the e2e
// stack: its offline half (retries, headers, errors against a scripted server) and its half
// against the API (paging, NDJSON streams, job results, both auth headers, typed errors).
import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createAccountKey, ROOT } from "../../scripts/local-stack.ts";

const run = promisify(execFile);
const baseUrl = inject("baseUrl");
const adminToken = inject("adminToken");
const PYTHON_CLIENT = join(ROOT, "clients/python");

let env: NodeJS.ProcessEnv;

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
  env = {
    ...process.env,
    PYTHONPATH: join(PYTHON_CLIENT, "src"),
    PYTHONDONTWRITEBYTECODE: "1",
    WEBDATA_URL: baseUrl,
    WEBDATA_KEY: main.secret,
    WEBDATA_LIMITED_KEY: limited.secret,
  };
});

/** Test methods defined in the suite's files, so a file that fails to load cannot pass unnoticed. */
async function definedTests(): Promise<number> {
  const folder = join(PYTHON_CLIENT, "tests");
  const files = (await readdir(folder)).filter((name) => /^test_.*\.py$/.test(name));
  const sources = await Promise.all(files.map((name) => readFile(join(folder, name), "utf8")));
  return sources.reduce((count, source) => count + (source.match(/^ {4}def test_/gm) ?? []).length, 0);
}

describe("the Python client", () => {
  it("passes its unittest suite against the local stack", { timeout: 300_000 }, async () => {
    const result = await run("python3", ["-m", "unittest", "discover", "-s", "tests", "-t", ".", "-v"], {
      cwd: PYTHON_CLIENT,
      env,
    }).catch((failure: { stdout: string; stderr: string; code: number }) => failure);
    const report = result.stderr;
    expect(report, report).toMatch(/\nOK\n?$/);
    const ran = Number(/^Ran (\d+) tests? in/m.exec(report)?.[1]);
    expect(ran).toBe(await definedTests());
    expect(ran).toBeGreaterThanOrEqual(20);
  });

  it("is written for Python 3.9: every module parses with 3.9's grammar", async () => {
    const check = [
      "import ast, pathlib, sys",
      "files = sorted(pathlib.Path('.').rglob('*.py'))",
      "for f in files: ast.parse(f.read_text(), filename=str(f), feature_version=(3, 9))",
      "print(len(files))",
    ].join("\n");
    const { stdout } = await run("python3", ["-c", check], { cwd: PYTHON_CLIENT, env });
    expect(Number(stdout.trim())).toBeGreaterThanOrEqual(8);
  });
});
