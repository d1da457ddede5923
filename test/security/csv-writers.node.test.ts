// The CSV half of the output rules (issue 27, finding 5), read from the source: only src/csv.ts writes
// CSV, so a new CSV answer cannot skip its formula neutralising. test/security/output.test.ts proves
// what that one writer does on each route that answers CSV.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/local-stack.ts";

const SRC = join(ROOT, "src");

describe("one CSV writer", () => {
  it("is the only module of src/ that imports csv-stringify", () => {
    const importers = readdirSync(SRC, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file))
      .filter((file) => /from\s+["']csv-stringify/.test(readFileSync(join(SRC, file), "utf8")))
      .map((file) => relative(ROOT, join(SRC, file)));
    expect(importers).toEqual(["src/csv.ts"]);
  });
});
