// `npm ci` is quiet about engines (.npmrc) because npm checks them against the Node that runs npm,
// while the project runs everything on the Node it provisions (the `node` dev dependency): so every
// package installed must accept that Node, and the scripts must run on it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");
const manifest = JSON.parse(read("package.json")) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(read("package-lock.json")) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean }>;
};
const provisioned = manifest.devDependencies.node!;

describe("the Node the project provisions", () => {
  it("is pinned, and is one the project's own engines accept", () => {
    expect(semver.valid(provisioned), provisioned).not.toBeNull();
    expect(semver.satisfies(provisioned, manifest.engines.node)).toBe(true);
  });

  it("satisfies the engines of every package in the lockfile", () => {
    const refused = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!path || !range || entry.optional) return [];
      return semver.satisfies(provisioned, range, { includePrerelease: true }) ? [] : [`${path}: ${range}`];
    });
    expect(refused).toEqual([]);
  });

  it("is the one npm scripts run on: npm puts the package's node first on their PATH", () => {
    const bin = JSON.parse(read("node_modules/node/package.json")) as { version: string; bin?: Record<string, string> };
    expect(bin.version).toBe(provisioned);
    expect(Object.keys(bin.bin ?? {})).toContain("node");
  });

  it("keeps npm's output to errors, documented where it is set", () => {
    const npmrc = read(".npmrc");
    expect(npmrc).toMatch(/^loglevel=error$/m);
    expect(npmrc).toContain("test/codebase/engines.test.ts");
  });
});
