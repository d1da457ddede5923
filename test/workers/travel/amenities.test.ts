import { describe, expect, it } from "vitest";
import { amenityCode, normaliseAmenities } from "../../../src/travel/amenities";

describe("normaliseAmenities", () => {
  it("reads each site's words as one code, each once, in the order first met", () => {
    expect(normaliseAmenities(["Free WiFi", "Piscina all'aperto", "Wi-Fi gratuito", "Parcheggio privato"])).toEqual([
      "wifi",
      "pool",
      "parking",
    ]);
  });

  it("answers labels outside the vocabulary as one `other`, last", () => {
    expect(normaliseAmenities(["Jacuzzi", "Free WiFi", "Library", " "])).toEqual(["wifi", "other"]);
    expect(normaliseAmenities([])).toEqual([]);
  });

  it("folds accents and case before matching", () => {
    expect(amenityCode("FRÜHSTÜCK inklusive")).toBe("breakfast");
    expect(amenityCode("Jacuzzi")).toBeNull();
  });
});
