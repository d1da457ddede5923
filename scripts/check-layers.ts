// Fails when a module reaches across the house's floors (docs/architecture.md#layers):
// - each top-level room of src/ (a folder or a file) stands on a floor, and imports only rooms on
//   floors below its own (or itself): calls run down the house, never up;
// - storage lives in src/db: no drizzle query builder and no `prepare(` anywhere else;
// - src/db speaks drizzle: a module there that writes SQL by hand (`prepare(sql)`; a built query's
//   own `.prepare()` is drizzle's) says in its header comment, on a line starting `Raw SQL:`,
//   which statements and why drizzle cannot build them.
// dpdm checks for circles; this checks direction, which dpdm cannot.
//   node scripts/check-layers.ts [src folder]
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative, resolve } from "node:path";

/** The floors from the top down; a room not listed fails the check until it is given a floor. */
export const FLOORS: string[][] = [
  ["index"], // the Worker entry: fetch, timers and queues dispatched
  ["app", "cron"], // the app; the minute's timers
  ["dashboard"],
  ["routes"],
  ["middleware", "job-hooks"], // per-request guards; what batch jobs hand their results to
  ["datasets", "envelope", "price-observations"],
  ["events", "jobs", "env"], // the webhook outbox, watches, schedules; batch jobs
  ["in-process"],
  ["travel", "mcp", "durable"],
  ["platforms"], // every marketplace and travel site: one folder each, one registry
  ["scrape", "public-origin"],
  ["db", "net", "llms-txt", "sign-in"],
  [
    "charging",
    "csv",
    "digest",
    "errors",
    "log",
    "pagination",
    "replica-hint",
    "retry",
    "scopes",
    "secrets",
    "sponsored",
    "timeout",
    "timing",
    "tuning",
  ],
];

const floorOf = new Map(FLOORS.flatMap((rooms, floor) => rooms.map((room): [string, number] => [room, floor])));
/** The top-level room a path below src/ belongs to: its folder, or its file without the extension. */
const roomOf = (path: string) => path.split("/")[0]!.replace(/(\.d)?\.tsx?$/, "");

/** The comment lines a module opens with. */
const headerOf = (text: string) => (text.match(/^(?:\/\/.*\n)+/)?.[0] ?? "").split("\n");

/** A storage module that prepares SQL by hand without a header line saying which statements and why. */
export const rawSqlUnexplained = (text: string) =>
  /\.prepare\((?!\))/.test(text) && !headerOf(text).some((line) => /^\/\/ Raw SQL: \S/.test(line));

export function layerProblems(root: string): string[] {
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((file) => /\.tsx?$/.test(file));
  const problems: string[] = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), "utf8");
    const room = roomOf(file);
    const floor = floorOf.get(room);
    if (floor === undefined) problems.push(`src/${file}: ${room} stands on no floor (add it to FLOORS)`);
    for (const [, target] of text.matchAll(/^(?:import|export)[^;]*?from\s+"([^"]+)"/gm)) {
      if (target!.startsWith(".") && floor !== undefined) {
        const resolved = relative(root, normalize(join(dirname(join(root, file)), target!)));
        const other = roomOf(resolved);
        const otherFloor = floorOf.get(other);
        if (!resolved.startsWith("..") && other !== room && otherFloor !== undefined && otherFloor <= floor)
          problems.push(
            `src/${file} imports ${target}: ${room} (floor ${floor}) may not import ${other} (floor ${otherFloor})`,
          );
      }
      if (room !== "db" && target!.startsWith("drizzle-orm"))
        problems.push(`src/${file} imports ${target}: storage lives in src/db`);
    }
    if (room !== "db" && /\.prepare\(/.test(text))
      problems.push(`src/${file} calls prepare(): storage lives in src/db`);
    if (room === "db" && rawSqlUnexplained(text))
      problems.push(`src/${file} calls prepare() and its header has no "Raw SQL:" line saying which and why`);
  }
  return problems;
}

if (import.meta.url === `file://${resolve(process.argv[1] ?? "")}`) {
  const problems = layerProblems(resolve(process.argv[2] ?? new URL("../src/", import.meta.url).pathname));
  for (const problem of problems) console.error(problem);
  process.exit(problems.length > 0 ? 1 : 0);
}
