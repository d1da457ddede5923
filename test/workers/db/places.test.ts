import { describe, expect, it } from "vitest";
import { database } from "../../../src/db/client";
import { nearestCity, placesNamed, placesStartingWith } from "../../../src/db/places";
import { env } from "../helpers";

const db = () => database(env.DB);
const BOULOGNE_BILLANCOURT = { latitude: 48.83545, longitude: 2.24128 };

describe("the nearest city", () => {
  it("is the closest one at least as big as asked, skipping smaller ones closer by", async () => {
    expect(await nearestCity(db(), BOULOGNE_BILLANCOURT, 100_000)).toEqual({
      name: "Boulogne-Billancourt",
      country: "FR",
    });
    expect(await nearestCity(db(), BOULOGNE_BILLANCOURT, 1_000_000)).toEqual({ name: "Paris", country: "FR" });
  });
});

describe("places by name", () => {
  it("counts a city's other name in its own country only", async () => {
    const koln = { searchName: "koln", country: "DE" };
    expect((await placesNamed(db(), "cologne", null, koln)).map((p) => `${p.name}/${p.country}`)).toEqual(["Köln/DE"]);
    expect(await placesNamed(db(), "cologne", "FR", koln)).toEqual([]);
    expect(await placesNamed(db(), "cologne", null, { searchName: "koln", country: "FR" })).toEqual([]);
  });

  it("lists names that start with a prefix, the most populous first", async () => {
    const rows = await placesStartingWith(db(), "san", null, 3);
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.searchName.startsWith("san"))).toBe(true);
    const populations = rows.map((row) => row.population ?? 0);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
    expect(await placesStartingWith(db(), "paris", "FR", 5)).toMatchObject([{ name: "Paris", country: "FR" }]);
  });
});
