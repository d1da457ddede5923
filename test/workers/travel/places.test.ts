import { describe, expect, it } from "vitest";
import { distanceKm } from "../../../src/travel/distance";
import { normalisePlaceName, resolveDestination, type Place } from "../../../src/travel/places";
import { env } from "../helpers";

async function resolved(text: string): Promise<{ place: Place; alternatives: Place[] }> {
  const result = await resolveDestination(env.DB, text);
  if (!result.place) throw new Error(`${text} did not resolve; suggestions: ${JSON.stringify(result.suggestions)}`);
  return result;
}

describe("normalisePlaceName", () => {
  it("lower-cases, strips accents, folds letters and turns punctuation into single spaces", () => {
    expect(normalisePlaceName("  Île-de-France ")).toBe("ile de france");
    expect(normalisePlaceName("Sacré-Cœur")).toBe("sacre coeur");
    expect(normalisePlaceName("St. Peter's   Basilica")).toBe("st peter s basilica");
    expect(normalisePlaceName("Kraków")).toBe("krakow");
  });
});

describe("resolveDestination", () => {
  it("finds Paris however it is cased or accented, with its centre and a city radius", async () => {
    for (const text of ["Paris", "paris", "PARÍS"]) {
      const { place } = await resolved(text);
      expect(place).toMatchObject({ kind: "city", name: "Paris", country: "FR" });
      expect(distanceKm(place.latitude, place.longitude, 48.8566, 2.3522)).toBeLessThan(2);
      expect(place.population).toBeGreaterThan(2_000_000);
      expect(place.radius_km).toBeGreaterThanOrEqual(10);
      expect(place.radius_km).toBeLessThanOrEqual(40);
    }
  });

  it("matches Zürich with or without the umlaut", async () => {
    for (const text of ["Zürich", "zurich"]) {
      expect((await resolved(text)).place).toMatchObject({ kind: "city", name: "Zürich", country: "CH" });
    }
  });

  it("resolves landmarks to a small radius around their real position", async () => {
    for (const text of ["Eiffel Tower", "eiffel tower"]) {
      const { place } = await resolved(text);
      expect(place).toMatchObject({ kind: "landmark", name: "Eiffel Tower", country: "FR", population: null });
      expect(distanceKm(place.latitude, place.longitude, 48.8584, 2.2945)).toBeLessThan(0.2);
      expect(place.radius_km).toBeLessThanOrEqual(3);
    }
    expect((await resolved("the Louvre")).place.name).toBe("Louvre");
  });

  it("resolves regions with a radius larger than any city's", async () => {
    const { place } = await resolved("Tuscany");
    expect(place).toMatchObject({ kind: "region", name: "Tuscany", country: "IT" });
    expect(place.radius_km).toBeGreaterThan(40);
    expect(distanceKm(place.latitude, place.longitude, 43.77, 11.25)).toBeLessThan(place.radius_km); // Florence is in Tuscany
  });

  it("prefers a region over a same-named city only when typed as the region is named", async () => {
    expect((await resolved("Munster")).place).toMatchObject({ kind: "region", country: "IE" });
    const german = await resolved("Münster");
    expect(german.place).toMatchObject({ kind: "city", name: "Münster", country: "DE" });
    expect(german.alternatives).toContainEqual(expect.objectContaining({ kind: "region", name: "Munster" }));
  });

  it("narrows to a country given as a code or a name", async () => {
    expect((await resolved("Dublin, IE")).place).toMatchObject({ kind: "city", name: "Dublin", country: "IE" });
    expect((await resolved("London, CA")).place).toMatchObject({ name: "London", country: "CA" });
    expect((await resolved("Córdoba, Spain")).place).toMatchObject({ name: "Córdoba", country: "ES" });
    expect((await resolved("London, UK")).place).toMatchObject({ name: "London", country: "GB" });
    expect((await resolveDestination(env.DB, "Paris, JP")).place).toBeNull();
  });

  it("returns the biggest of several namesakes and lists the sizeable others as alternatives", async () => {
    const { place, alternatives } = await resolved("Valencia");
    expect(place).toMatchObject({ name: "Valencia", country: "VE" });
    expect(alternatives.map((alt) => alt.country)).toEqual(["ES"]); // Valencia, California is under a third of the size
    expect((await resolved("Valencia, ES")).alternatives).toEqual([]);
  });

  it("lists no alternatives when namesakes are small", async () => {
    const { place, alternatives } = await resolved("London");
    expect(place.country).toBe("GB");
    expect(alternatives).toEqual([]);
  });

  it("reads slugs and names with spaces, hyphens, commas and country qualifiers alike", async () => {
    for (const text of ["new-york", "new york", "New York", "New York, US", "new-york-us", "NEW_YORK", "nyc"]) {
      expect((await resolved(text)).place, text).toMatchObject({ kind: "city", name: "New York City", country: "US" });
    }
    for (const text of ["paris-france", "Paris France", "paris-fr", "Paris, France"]) {
      expect((await resolved(text)).place, text).toMatchObject({ name: "Paris", country: "FR" });
    }
    for (const text of ["São Paulo", "sao-paulo", "SAO PAULO", "Sao Paulo, Brazil", "são-paulo-br"]) {
      expect((await resolved(text)).place, text).toMatchObject({ name: "São Paulo", country: "BR" });
    }
    expect((await resolved("valencia-spain")).place).toMatchObject({ name: "Valencia", country: "ES" });
    expect((await resolved("london-ca")).place).toMatchObject({ name: "London", country: "CA" });
    // A trailing word that is no country is part of the name, so a real name is not cut short.
    expect((await resolveDestination(env.DB, "paris-xx")).place).toBeNull();
  });

  it("knows cities by their other names", async () => {
    expect((await resolved("Cologne")).place).toMatchObject({ name: "Köln", country: "DE" });
    expect((await resolved("bombay")).place).toMatchObject({ name: "Mumbai", country: "IN" });
    expect((await resolved("Den Haag")).place).toMatchObject({ name: "The Hague", country: "NL" });
    expect((await resolved("geneva")).place).toMatchObject({ name: "Genève", country: "CH" });
    expect((await resolved("Roma, Italy")).place).toMatchObject({ name: "Rome", country: "IT" });
    // The other name counts among namesakes: Russia's Saint Petersburg outweighs Florida's St. Petersburg.
    const petersburg = await resolved("St Petersburg");
    expect(petersburg.place).toMatchObject({ name: "Saint Petersburg", country: "RU" });
    expect((await resolved("St. Petersburg, US")).place).toMatchObject({ name: "St. Petersburg", country: "US" });
    // An other name belongs to one country: Cologne, Germany is not Cologne, France.
    expect((await resolveDestination(env.DB, "Cologne, FR")).place).toBeNull();
  });

  it("takes a latitude,longitude destination as a point named after the nearest city", async () => {
    for (const text of ["48.8584,2.2945", "48.8584, 2.2945", "48.8584 2.2945"]) {
      expect((await resolved(text)).place, text).toEqual({
        kind: "coordinates",
        name: "Paris",
        country: "FR",
        latitude: 48.8584,
        longitude: 2.2945,
        population: null,
        radius_km: 5,
      });
    }
    expect((await resolved("-33.8568,151.2153")).place).toMatchObject({ kind: "coordinates", name: "Sydney" });
    expect((await resolveDestination(env.DB, "91,200")).place).toBeNull();
  });

  it("suggests near names when nothing matches", async () => {
    const typo = await resolveDestination(env.DB, "Pariss");
    expect(typo.place).toBeNull();
    if (typo.place) return;
    expect(typo.suggestions.map((s) => `${s.name}/${s.country}`)).toContain("Paris/FR");
    expect(typo.suggestions.length).toBeLessThanOrEqual(5);

    const prefix = await resolveDestination(env.DB, "Amster");
    expect(prefix.place).toBeNull();
    if (!prefix.place) expect(prefix.suggestions[0]).toMatchObject({ name: "Amsterdam", country: "NL" });

    const nowhere = await resolveDestination(env.DB, "Atlantis");
    expect(nowhere.place).toBeNull();
    if (!nowhere.place) expect(nowhere.suggestions.every((s) => s.name !== "Paris")).toBe(true);

    expect(await resolveDestination(env.DB, "  ,, ")).toEqual({ place: null, suggestions: [] });
  });
});

describe("distanceKm", () => {
  it("measures Dublin to London along the great circle", async () => {
    const dublin = (await resolved("Dublin")).place;
    const london = (await resolved("London")).place;
    expect(distanceKm(dublin.latitude, dublin.longitude, london.latitude, london.longitude)).toBeCloseTo(464, -1);
    expect(Math.abs(distanceKm(53.3498, -6.2603, 51.5074, -0.1278) - 464)).toBeLessThan(5);
    expect(distanceKm(48.8566, 2.3522, 48.8566, 2.3522)).toBe(0);
  });
});
