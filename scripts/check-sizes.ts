// Fails when a source file under src/ grows past MAX_LINES: such a file does two things and should be split.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const MAX_LINES = 300;
const ROOT = new URL("../src/", import.meta.url).pathname;

const files = readdirSync(ROOT, { recursive: true, encoding: "utf8" }).filter((file) => /\.tsx?$/.test(file));
const tooLong = files
  .map((file) => ({ file, lines: readFileSync(join(ROOT, file), "utf8").split("\n").length }))
  .filter(({ lines }) => lines > MAX_LINES);

for (const { file, lines } of tooLong) console.error(`src/${file}: ${lines} lines (at most ${MAX_LINES}); split it.`);
process.exit(tooLong.length > 0 ? 1 : 0);
