// One builder of `explain=true` sources (src/scrape/provenance.ts), for product and hotel pages alike.
import { describe, expect, it } from "vitest";
import { pageAddress, provenance } from "../../../src/scrape/provenance";

describe("provenance", () => {
  it("gives readers' fields first, in field order, then fallbacks that may read them, and skips fields with neither", () => {
    const readers: Record<string, { source: string; agreed: string[] } | null> = {
      id: null,
      name: { source: "json-ld", agreed: ["meta tags"] },
      url: null,
      sku: { source: "microdata", agreed: [] },
      brand: null,
    };
    const sources = provenance(
      ["id", "name", "url", "sku", "brand"],
      (field) => readers[field] ?? null,
      (field, given) => (field === "id" ? (given.sku ?? null) : field === "url" ? pageAddress() : null),
    );
    expect(Object.keys(sources)).toEqual(["name", "sku", "id", "url"]);
    expect(sources).toEqual({
      name: { source: "json-ld", agreed: ["meta tags"] },
      sku: { source: "microdata", agreed: [] },
      id: { source: "microdata", agreed: [] },
      url: { source: "page address", agreed: [] },
    });
  });
});
