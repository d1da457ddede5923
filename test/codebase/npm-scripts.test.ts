// An npm script run by plain `node` (type stripping, no resolver of its own) can import only
// specifiers Node resolves: a relative import needs its extension. `src/` imports without one
// (bundled by wrangler and vite), so a script whose imports reach `src/` runs through tsx instead.
// Walks each such script's import graph and names any import plain Node could not load.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const scripts = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> })
  .scripts;
const runByNode = Object.entries(scripts).flatMap(([name, command]) => {
  const file = /^node (\S+\.ts)\b/.exec(command)?.[1];
  return file ? [[name, file] as const] : [];
});

/** Relative imports plain Node cannot resolve, anywhere in the graph reachable from `entry`. */
function unresolvable(entry: string): string[] {
  const seen = new Set<string>();
  const problems: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const [, spec] of text.matchAll(/^\s*(?:import|export)\b[^;]*?from\s+"(\.[^"]+)"/gm)) {
      const target = join(dirname(file), spec!);
      if (/\.(ts|js|json)$/.test(spec!) && existsSync(target)) visit(target);
      else if (!/\.(ts|js|json)$/.test(spec!))
        problems.push(`${relative(ROOT, file)} imports "${spec}" without an extension`);
    }
  };
  visit(join(ROOT, entry));
  return problems;
}

describe("npm scripts run by plain node", () => {
  it("are found", () => {
    expect(runByNode.map(([name]) => name)).toContain("key");
  });

  it.each(runByNode)("`npm run %s` (%s) imports only what Node resolves", (_name, file) => {
    expect(unresolvable(file)).toEqual([]);
  });
});

describe("npm run key", () => {
  it("finds the local server on PORT, as npm start does, and on 8787 without it", async () => {
    const { localServerUrl } = await import("../../scripts/key.ts");
    expect(localServerUrl({ PORT: "9123" })).toBe("http://127.0.0.1:9123");
    expect(localServerUrl({})).toBe("http://127.0.0.1:8787");
  });
});
