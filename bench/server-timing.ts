// The `Server-Timing` parts of the answers under load (auth, limiter, cache, engine, parse…):
// medians per route, from the successful answers at one connection, where no queue inflates them.
import { median, ms } from "./stats.ts";

/** `auth;dur=0.4, limiter;dur=3.1, total;dur=4.2;desc="…"` → { auth: 0.4, limiter: 3.1, total: 4.2 } */
export function parseServerTiming(header: string | undefined): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const metric of (header ?? "").split(",")) {
    const [name, ...params] = metric.trim().split(";");
    const duration = params.find((param) => param.trim().startsWith("dur="));
    if (name && duration) parts[name] = Number(duration.trim().slice(4));
  }
  return parts;
}

const ORDER = ["auth", "limiter", "cache", "engine", "parse", "render", "total"];

/** One table: a row per route, a column per part any route reported; median over the answers that had the part. */
export function printTimingMedians(rows: { name: string; timings: Record<string, number>[] }[]) {
  const seen = new Set(rows.flatMap((row) => row.timings.flatMap((timing) => Object.keys(timing))));
  const parts = [...ORDER.filter((part) => seen.has(part)), ...[...seen].filter((part) => !ORDER.includes(part))];
  console.log("\n**Where the time goes** (`Server-Timing` medians in ms, successful answers at 1 connection)\n");
  console.log(`| route | answers | ${parts.join(" | ")} |`);
  console.log(`|---|---:|${parts.map(() => "---:").join("|")}|`);
  for (const row of rows) {
    const cells = parts.map((part) => {
      const values = row.timings.map((timing) => timing[part]).filter((value) => value !== undefined);
      return values.length ? ms(median(values as number[])) : "–";
    });
    console.log(`| ${row.name} | ${row.timings.length} | ${cells.join(" | ")} |`);
  }
}
