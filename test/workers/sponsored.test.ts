import { describe, expect, it } from "vitest";
import { withoutSponsoredRepeats } from "../../src/sponsored";

const item = (id: string | null, sponsored = false) => ({ id, sponsored });
const byId = (entry: { id: string | null }) => entry.id;

describe("withoutSponsoredRepeats", () => {
  it("leaves out an ad repeating an organic item, wherever the ad stands, and keeps ads of their own", () => {
    const items = [item("a", true), item("b"), item("a"), item("c", true)];
    expect(withoutSponsoredRepeats(items, byId)).toEqual([item("b"), item("a"), item("c", true)]);
  });

  it("keeps one of an id listed twice, and every item without an id", () => {
    const items = [item("a"), item("a"), item("b", true), item("b", true), item(null), item(null, true)];
    expect(withoutSponsoredRepeats(items, byId)).toEqual([item("a"), item("b", true), item(null), item(null, true)]);
  });
});
