// The floor check (scripts/check-layers.ts, `npm run check:layers` in lint): the house as it stands
// passes, and an import that runs back up, a room with no floor, a query outside src/db or SQL
// written by hand in src/db without a header saying why fails it.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { FLOORS, layerProblems, rawSqlUnexplained } from "../../scripts/check-layers";

const SRC = fileURLToPath(new URL("../../src/", import.meta.url));
const copies: string[] = [];

/** A copy of src/ with one more file in it. */
function srcWith(path: string, text: string): string {
  const root = mkdtempSync(join(tmpdir(), "layers-"));
  copies.push(root);
  cpSync(SRC, root, { recursive: true });
  writeFileSync(join(root, path), text);
  return root;
}

afterAll(() => {
  for (const root of copies) rmSync(root, { recursive: true, force: true });
});

describe("check:layers", () => {
  it("finds no import running up, no room without a floor and no query outside src/db", () => {
    expect(layerProblems(SRC)).toEqual([]);
  });

  it("fails a job module that imports a dataset service or the app", () => {
    const root = srcWith(
      "jobs/planted.ts",
      'import { collectItem } from "../datasets/snapshot";\nexport const x = collectItem;\n',
    );
    expect(layerProblems(root)).toEqual([
      "src/jobs/planted.ts imports ../datasets/snapshot: jobs (floor 6) may not import datasets (floor 5)",
    ]);
  });

  it("fails an import between rooms of one floor", () => {
    const root = srcWith(
      "events/planted.ts",
      'import { startJob } from "../jobs/progress";\nexport const x = startJob;\n',
    );
    expect(layerProblems(root)).toEqual([
      "src/events/planted.ts imports ../jobs/progress: events (floor 6) may not import jobs (floor 6)",
    ]);
  });

  it("fails a room that stands on no floor, and a query built outside src/db", () => {
    const root = srcWith("planted.ts", 'import { eq } from "drizzle-orm";\nexport const x = eq;\n');
    expect(layerProblems(root)).toEqual([
      "src/planted.ts: planted stands on no floor (add it to FLOORS)",
      "src/planted.ts imports drizzle-orm: storage lives in src/db",
    ]);
  });

  it("fails a storage module that prepares SQL by hand without a Raw SQL header line, and passes one with it", () => {
    const body = 'export const ping = (d1: D1Database) => d1.prepare("SELECT 1").first();\n';
    const unexplained = srcWith("db/planted.ts", `// Reachability of the database.\n${body}`);
    expect(layerProblems(unexplained)).toEqual([
      'src/db/planted.ts calls prepare() and its header has no "Raw SQL:" line saying which and why',
    ]);
    const explained = srcWith(
      "db/planted.ts",
      `// Reachability of the database.\n// Raw SQL: ping's SELECT 1, which reads no table.\n${body}`,
    );
    expect(layerProblems(explained)).toEqual([]);
  });

  it("reads the Raw SQL line from the header alone, not from a comment further down", () => {
    const later = "// Reachability.\nimport { x } from './x';\n// Raw SQL: too late\nd1.prepare('SELECT 1');\n";
    expect(rawSqlUnexplained(later)).toBe(true);
    expect(rawSqlUnexplained("// Reachability.\n// Raw SQL: SELECT 1, no table.\nd1.prepare('SELECT 1');\n")).toBe(
      false,
    );
    expect(rawSqlUnexplained("// Built with drizzle only.\nexport const x = 1;\n")).toBe(false);
  });

  it("gives the entry the top floor and the storage rooms the ones below the services", () => {
    expect(FLOORS[0]).toEqual(["index"]);
    const floor = (room: string) => FLOORS.findIndex((rooms) => rooms.includes(room));
    expect(floor("jobs")).toBeGreaterThan(floor("datasets"));
    expect(floor("db")).toBeGreaterThan(floor("scrape"));
    // every platform, marketplace or travel site, stands below the travel search and above the engines it is read with
    expect(floor("platforms")).toBeGreaterThan(floor("travel"));
    expect(floor("scrape")).toBeGreaterThan(floor("platforms"));
  });
});
