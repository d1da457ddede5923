// What `wrangler deploy` would ship (issue 15, item 8): production settings at the top level of
// wrangler.toml, development only in `[env.dev]`, which every local run selects.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_ENVIRONMENT, ROOT } from "../../scripts/local-stack.ts";

const scratch = mkdtempSync(join(tmpdir(), "webdata-deploy-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Binding {
  /** The quoted value for a plain-text variable, the resource name or id otherwise. */
  value: string | null;
  kind: string;
}

/**
 * `wrangler deploy --dry-run` for one environment ("" is the top level): bundles the Worker and
 * prints its bindings without contacting Cloudflare. It runs with no account: no API token and an
 * empty config folder, so no stored login can be used either.
 */
function dryRun(environment: string): Map<string, Binding> {
  const configHome = mkdtempSync(join(scratch, "config-"));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: configHome,
    XDG_CONFIG_HOME: configHome,
    WRANGLER_SEND_METRICS: "false",
    NO_UPDATE_NOTIFIER: "1",
    FORCE_COLOR: "0",
    CI: "1",
  };
  const result = spawnSync(
    `${ROOT}node_modules/.bin/wrangler`,
    ["deploy", "--dry-run", "--outdir", mkdtempSync(join(scratch, "out-")), `--env=${environment}`],
    { cwd: ROOT, env, encoding: "utf8", timeout: 60_000 },
  );
  const output = `${result.stdout}\n${result.stderr}`;
  if (result.status !== 0) throw new Error(`wrangler deploy --dry-run failed (${result.status}):\n${output}`);
  expect(output).toContain("--dry-run: exiting now.");
  const bindings = new Map<string, Binding>();
  for (const line of output.split("\n")) {
    const match = /^env\.(\w+)(?: \((.*?)\))?\s{2,}(\S.*?)\s*$/.exec(line);
    if (match) bindings.set(match[1]!, { value: match[2] ?? null, kind: match[3]! });
  }
  return bindings;
}

describe("wrangler deploy --dry-run", () => {
  let production: Map<string, Binding>;
  let development: Map<string, Binding>;
  // Each run bundles the Worker with esbuild: a few seconds apiece on a 2-core machine.
  beforeAll(() => {
    production = dryRun("");
    development = dryRun(LOCAL_ENVIRONMENT);
  }, 120_000);

  it("ships ENVIRONMENT=production from the top level of wrangler.toml", () => {
    expect(production.get("ENVIRONMENT")).toEqual({ value: '"production"', kind: "Environment Variable" });
    expect(production.get("ANON_REQUESTS_PER_MINUTE")).toEqual({ value: '"60"', kind: "Environment Variable" });
  });

  it("ships no local-only setting and no secret as a plain variable", () => {
    for (const name of ["REPLICA_ORIGIN", "SSRF_ALLOW_HOSTS", "ADMIN_TOKEN", "SOLVER_KEY", "PROXY_URLS"])
      expect(production.has(name)).toBe(false);
    const plainVariables = [...production]
      .filter(([, binding]) => binding.kind === "Environment Variable")
      .map(([name]) => name);
    expect(plainVariables.sort()).toEqual(["ANON_REQUESTS_PER_MINUTE", "ENVIRONMENT", "PUBLIC_BASE_URL"]);
    expect(production.get("PUBLIC_BASE_URL")?.value).toMatch(/^"https:\/\//);
  });

  it("keeps development in the environment that npm start and the tests select", () => {
    expect(LOCAL_ENVIRONMENT).toBe("dev");
    expect(development.get("ENVIRONMENT")).toEqual({ value: '"development"', kind: "Environment Variable" });
  });

  it("gives development the same bindings as production, since wrangler does not inherit them", () => {
    // Only where it runs and the address it is reached at differ.
    const shape = (bindings: Map<string, Binding>) =>
      [...bindings]
        .filter(([name]) => name !== "ENVIRONMENT" && name !== "PUBLIC_BASE_URL")
        .map(([name, { value, kind }]) => `${name} ${value} ${kind}`)
        .sort();
    expect(shape(production)).toContain("DB webdata D1 Database");
    expect(shape(production)).toContain("ACCOUNT_METER AccountMeter Durable Object");
    expect(shape(development)).toEqual(shape(production));
    expect(development.get("PUBLIC_BASE_URL")?.value).toBe('"http://127.0.0.1:8787"');
  });
});
