// Fails when a module reaches across the house's layers (docs/architecture.md#layers):
// - a lower layer (db, durable, net, scrape, travel, jobs, events, datasets) never imports routes/ or the app;
// - storage lives in src/db: no drizzle query builder and no `prepare(` anywhere else.
// dpdm checks for circles; this checks direction, which dpdm cannot.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

const ROOT = new URL("../src/", import.meta.url).pathname;
const LOWER = ["db", "durable", "net", "scrape", "travel", "jobs", "events", "datasets"];
const UPPER = ["routes", "app.ts", "app"];

const files = readdirSync(ROOT, { recursive: true, encoding: "utf8" }).filter((file) => /\.tsx?$/.test(file));
const problems: string[] = [];
for (const file of files) {
  const text = readFileSync(join(ROOT, file), "utf8");
  const layer = file.split("/")[0]!;
  for (const [, target] of text.matchAll(/^(?:import|export)[^;]*?from\s+"([^"]+)"/gm)) {
    if (target!.startsWith(".") && LOWER.includes(layer)) {
      const resolved = relative(ROOT, normalize(join(dirname(join(ROOT, file)), target!)));
      const top = resolved.split("/")[0]!;
      if (UPPER.includes(top)) problems.push(`src/${file} imports ${target} (a lower layer importing ${top})`);
    }
    if (layer !== "db" && target!.startsWith("drizzle-orm"))
      problems.push(`src/${file} imports ${target}: storage lives in src/db`);
  }
  if (layer !== "db" && /\.prepare\(/.test(text)) problems.push(`src/${file} calls prepare(): storage lives in src/db`);
}

for (const problem of problems) console.error(problem);
process.exit(problems.length > 0 ? 1 : 0);
