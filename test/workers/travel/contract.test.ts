// The hotel contract, through both hotel routes inside workerd with the travel replica sites
// answering: one hotel object in search and detail (the detail adds rooms, reviews and its
// description), amenities as vocabulary codes in JSON and CSV, and the vocabulary route.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../../src/app";
import { HotelDetailSchema, HotelSchema } from "../../../src/routes/travel/hotel-schema";
import { AMENITY_CODES } from "../../../src/travel/amenities";
import { callApp, env, newAccount, withKey } from "../helpers";
import { REPLICA, serveReplicas } from "../replica-sites";

const replicaEnv = { ...env, REPLICA_ORIGIN: REPLICA } as Env;
const app = createApp();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const STAY = `check_in=${day(70)}&check_out=${day(73)}`;
const CODES = new Set<string>([...AMENITY_CODES, "other"]);

let secret: string;
beforeAll(async () => {
  ({ secret } = await newAccount({ plan: "enterprise" }));
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function get(path: string) {
  const response = await callApp(app, path, withKey(secret), replicaEnv);
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBe(200);
  return response.headers.get("Content-Type")?.startsWith("text/csv") ? text : JSON.parse(text);
}

describe("one hotel object in search and detail", () => {
  it("gives the hotel route every field of the search's hotel, with the same types, plus rooms and reviews", async () => {
    serveReplicas();
    const search = await get(`/v1/travel/hotels/hotels/search?destination=Dublin&${STAY}&enrich=false`);
    const found = search.data.hotels[0];
    const detail = (await get(`/v1/travel/hotels/hotels/${found.id}?${STAY}`)).data;

    expect(HotelSchema.strict().safeParse(found).error).toBeUndefined();
    expect(HotelDetailSchema.strict().safeParse(detail).error).toBeUndefined();
    const searchOnly = ["distance_km"];
    const typeOf = (value: unknown) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);
    for (const field of Object.keys(found).filter((key) => !searchOnly.includes(key))) {
      expect(Object.keys(detail), field).toContain(field);
      if (found[field] !== null && detail[field] !== null)
        expect(typeOf(detail[field]), field).toBe(typeOf(found[field]));
    }
    expect(detail).toMatchObject({ id: found.id, name: found.name, platforms: ["hotels"], sponsored: false });
    expect(detail.offers).toEqual([expect.objectContaining({ platform: "hotels", id: found.id, currency: "EUR" })]);
    expect(detail.rooms.length).toBeGreaterThan(0);
    expect(Array.isArray(detail.reviews)).toBe(true);
  });

  it("answers amenities as vocabulary codes, each once, in search, detail and CSV", async () => {
    serveReplicas();
    const search = await get(`/v1/travel/booking,hotels/hotels/search?destination=Dublin&${STAY}&limit=50`);
    const lists: string[][] = search.data.hotels.map((hotel: any) => hotel.amenities);
    expect(lists.flat().length).toBeGreaterThan(0);
    for (const list of lists) {
      expect(
        list.every((code) => CODES.has(code)),
        list.join(","),
      ).toBe(true);
      expect(new Set(list).size).toBe(list.length);
    }
    const withWifi = search.data.hotels.find((hotel: any) => hotel.amenities.includes("wifi"));
    expect(withWifi).toBeDefined();

    const csv: string = await get(
      `/v1/travel/booking,hotels/hotels/search?destination=Dublin&${STAY}&limit=50&format=csv`,
    );
    expect(csv).toMatch(/(^|,|\| )wifi( \||,|\r\n)/m);
    expect(csv).not.toContain('""wifi""');
    expect(csv).not.toContain("label");

    const hotelsCard = search.data.hotels.find((hotel: any) => hotel.platforms.includes("hotels"));
    const id = hotelsCard.offers.find((offer: any) => offer.platform === "hotels").id;
    const detail = (await get(`/v1/travel/hotels/hotels/${id}?${STAY}`)).data;
    expect(detail.amenities.length).toBeGreaterThan(0);
    expect(detail.amenities.every((code: string) => CODES.has(code))).toBe(true);
  });
});

describe("GET /v1/travel/amenities", () => {
  it("lists every code once with its label, other last", async () => {
    const body = await get("/v1/travel/amenities");
    expect(body.data.map((entry: any) => entry.code)).toEqual([...AMENITY_CODES, "other"]);
    expect(body.data[0]).toEqual({ code: "wifi", label: "Wi-Fi" });
    expect(body.data.every((entry: any) => entry.label.length > 1)).toBe(true);
  });
});
