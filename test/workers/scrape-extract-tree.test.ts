// The page tree inside workerd: node-html-parser's own tree, node for node, on the markup its repair
// rules exist for (the saved pages are compared in Node, test/fixtures/tree.test.ts).
import { describe, expect, it } from "vitest";
import { firstDifference, TREE_CASES } from "../fixtures/tree-cases";

describe("parseTree in the Workers runtime", () => {
  it.each(TREE_CASES)("builds the library's tree for %s", (_, html) => {
    const [ours, theirs] = firstDifference(html);
    expect(ours).toBe(theirs);
  });
});
