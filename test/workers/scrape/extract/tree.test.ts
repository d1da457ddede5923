// The page tree inside workerd: node-html-parser's own tree, node for node, on the markup its repair
// rules exist for, and a browser's where the library ignores an end tag (the saved pages are
// compared in Node, test/fixtures/tree.test.ts).
import { describe, expect, it } from "vitest";
import { browserTree, END_TAG_CASES, firstDifference, pageTree, TREE_CASES } from "../../../fixtures/tree-cases";

describe("parseTree in the Workers runtime", () => {
  it.each(TREE_CASES)("builds the library's tree for %s", (_, html) => {
    const [ours, theirs] = firstDifference(html);
    expect(ours).toBe(theirs);
  });

  it.each(END_TAG_CASES)("closes as a browser does %s", (_, html) => {
    expect(pageTree(html)).toBe(browserTree(html));
  });
});
