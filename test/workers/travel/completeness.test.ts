// How far a hotel answer can be trusted, through the routes inside workerd with the travel replica
// sites answering the Worker's requests (their page builders run here, behind a stand-in fetch):
// `meta.completeness` complete, partial and empty with each missing field's reason, and
// `explain=true` naming where every filled field came from and which platforms agreed.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../../src/app";
import { ENDPOINT_FIELDS, hasValue } from "../../../src/scrape/completeness";
import { hotelConfidence } from "../../../src/scrape/extract/confidence";
import { CONFIDENCE_TABLE } from "../../../src/scrape/extract/confidence-table";
import { callApp, env, newAccount, withKey } from "../helpers";
import { REPLICA, serveReplicas } from "../replica-sites";

const replicaEnv = { ...env, REPLICA_ORIGIN: REPLICA } as Env;
const app = createApp();

/** Each test its own stay, so no answer comes from another test's cache. */
let stayOffset = 30;
function stay() {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  stayOffset += 5;
  return `check_in=${day(stayOffset)}&check_out=${day(stayOffset + 3)}`;
}

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

const search = (platforms: string, query = "") =>
  get(`/v1/travel/${platforms}/hotels/search?destination=Dublin&${stay()}&limit=50${query}`);

const missing = (answer: any, field: string) =>
  answer.meta.completeness.missing.find((m: { field: string }) => m.field === field);

const filledFields = (hotel: any, fields: readonly string[]) => fields.filter((field) => hasValue(hotel[field]));

describe("confidence in a hotel answer", () => {
  it("gives each field any hotel holds its calibrated share, and none to a field no hotel holds", async () => {
    serveReplicas();
    const answer = await search("airbnb");
    const { confidence } = answer.meta.completeness;
    const held = ENDPOINT_FIELDS["hotel-search"].counted.filter((field) =>
      answer.data.hotels.some((hotel: any) => hasValue(hotel[field])),
    );
    expect(Object.keys(confidence).sort()).toEqual(held.sort());
    expect(confidence.star_rating).toBeUndefined();
    expect(confidence.name).toBe(hotelConfidence(["name"]).name);
    expect(confidence.review_score).toBe(Math.round(CONFIDENCE_TABLE["hotel:review_score|site|single"]! * 100) / 100);
    for (const share of Object.values(confidence) as number[]) expect(share).toBeGreaterThan(0);
  });
});

describe("meta.completeness on hotel search", () => {
  it("is complete when every hotel has every field a platform carries: airbnb's missing stars are not_supported_by_platform", async () => {
    serveReplicas();
    const answer = await search("airbnb");
    const count = answer.data.hotels.length;
    expect(count).toBeGreaterThan(0);
    expect(answer.meta.request_id).toMatch(/^req_/);
    expect(answer.meta.completeness).toEqual({
      state: "complete",
      filled: ENDPOINT_FIELDS["hotel-search"].counted.filter((field) => field !== "star_rating"),
      missing: [{ field: "star_rating", reason: "not_supported_by_platform", records: count }],
      records: count,
      confidence: expect.any(Object),
    });
    // The answer's own meta, not data.meta, carries it.
    expect(answer.data.meta.completeness).toBeUndefined();
  });

  it("is partial with not_on_page where search cards leave fields out and no hotel page is read (enrich=false)", async () => {
    const asked = serveReplicas();
    const answer = await search("booking", "&enrich=false");
    const count = answer.data.hotels.length;
    expect(answer.meta.completeness.state).toBe("partial");
    expect(answer.meta.completeness.records).toBe(count);
    // Booking's cards give the town but not the street, and no amenities.
    expect(missing(answer, "address")).toEqual({ field: "address", reason: "not_on_page", records: count });
    expect(missing(answer, "amenities")).toEqual({ field: "amenities", reason: "not_on_page", records: count });
    expect(asked.filter((request) => request.startsWith("booking /hotel/"))).toEqual([]);
  });

  it("fills those fields from the hotels' own pages when they answer", async () => {
    serveReplicas();
    const answer = await search("booking");
    expect(missing(answer, "address")).toBeUndefined();
    expect(missing(answer, "amenities")).toBeUndefined();
    expect(answer.meta.completeness.filled).toEqual(
      expect.arrayContaining(["address", "amenities", "rooms_available"]),
    );
  });

  it("says blocked for the fields a blocked hotel page would have given, and the answer is partial", async () => {
    const asked = serveReplicas({ refuse: (platform, path) => platform === "booking" && path.startsWith("/hotel/") });
    const answer = await search("booking");
    const count = answer.data.hotels.length;
    expect(asked.some((request) => request.startsWith("booking /hotel/"))).toBe(true);
    expect(answer.meta.completeness.state).toBe("partial");
    expect(missing(answer, "address")).toEqual({ field: "address", reason: "blocked", records: count });
    expect(missing(answer, "amenities")).toEqual({ field: "amenities", reason: "blocked", records: count });
    // What cards hold is still there.
    expect(answer.meta.completeness.filled).toEqual(expect.arrayContaining(["name", "price_per_night", "latitude"]));
  });

  it("says blocked for a field another platform of the search would have given when that platform was blocked", async () => {
    serveReplicas({ refuse: (platform) => platform === "expedia" });
    const answer = await search("booking,expedia", "&enrich=false");
    expect(answer.data.meta.platforms.expedia.status).toBe("blocked");
    expect(missing(answer, "amenities")?.reason).toBe("blocked");
  });

  it("says unreadable for a price a card shows as 0", async () => {
    serveReplicas();
    const first = (await search("booking", "&enrich=false")).data.hotels[0];
    serveReplicas({ overrides: { [`booking ${first.id}`]: 0 } });
    const answer = await search("booking", "&enrich=false");
    const zeroed = answer.data.hotels.find((hotel: any) => hotel.id === first.id);
    expect(zeroed).toMatchObject({ price_per_night: null, total_price: null });
    expect(zeroed.offers[0].original.price_per_night).toBe(0);
    expect(missing(answer, "price_per_night")).toEqual({ field: "price_per_night", reason: "unreadable", records: 1 });
  });

  it("is empty when no hotel is left to answer", async () => {
    serveReplicas();
    const answer = await search("booking", "&enrich=false&max_price=1");
    expect(answer.data.hotels).toEqual([]);
    expect(answer.meta.completeness.state).toBe("empty");
    expect(answer.meta.completeness.records).toBe(0);
  });
});

describe("explain=true on hotel search", () => {
  it("names a source for every filled field of every merged hotel, and the platforms whose cards agreed", async () => {
    serveReplicas();
    const answer = await search("booking,expedia,hotels", "&explain=true");
    const merged = answer.data.hotels.filter((hotel: any) => hotel.platforms.length > 1);
    expect(merged.length).toBeGreaterThan(3);
    const agreements: string[] = [];
    for (const hotel of answer.data.hotels) {
      for (const field of filledFields(hotel, ENDPOINT_FIELDS["hotel-search"].counted)) {
        const source = hotel.sources[field];
        expect(source?.source, `${hotel.name}: ${field}`).toMatch(
          /^(?:booking|expedia|hotels) (?:search card|hotel page)$/,
        );
        for (const platform of source.agreed) {
          expect(hotel.platforms).toContain(platform);
          agreements.push(`${field} ${platform}`);
        }
      }
      // The price is the cheapest offer's; fields filled from elsewhere are where enriched_from says.
      expect(hotel.sources.price_per_night.source).toBe(`${hotel.offers[0].platform} search card`);
      for (const [field, from] of Object.entries(answer.data.meta.enriched_from[hotel.id] ?? {})) {
        const expected = String(from).endsWith("hotel page") ? from : `${from} search card`;
        expect(hotel.sources[field].source, `${hotel.name}: ${field}`).toBe(expected);
      }
    }
    // The same property's coordinates on two sites are within ±0.0003°: the cards agree on them.
    expect(agreements.some((agreement) => agreement.startsWith("latitude "))).toBe(true);
    expect(agreements.length).toBeGreaterThan(merged.length);
  });

  it("leaves answers as they were without it: no sources in JSON or CSV, enriched_from unchanged", async () => {
    serveReplicas();
    const plain = await search("booking,expedia", "&enrich=false");
    expect(plain.data.hotels.every((hotel: any) => !("sources" in hotel))).toBe(true);
    expect(plain.data.hotels.every((hotel: any) => !("trail" in hotel) && !("unreadable" in hotel))).toBe(true);
    expect(Object.keys(plain.data.meta.enriched_from).length).toBeGreaterThan(0);
    const csv = await search("booking,expedia", "&enrich=false&format=csv");
    const columns = (csv as string).split("\r\n")[0]!.split(",");
    expect(columns).toContain("price_per_night");
    expect(columns.some((column) => column.startsWith("sources"))).toBe(false);
    expect(columns.some((column) => column.startsWith("trail"))).toBe(false);
    // One value per cell: each source under its path, e.g. sources.name.source.
    const explained = await search("booking,expedia", "&enrich=false&format=csv&explain=true");
    const explainedColumns = (explained as string).split("\r\n")[0]!.split(",");
    expect(explainedColumns).toContain("sources.name.source");
  });
});

describe("the hotel route", () => {
  it("gives completeness and, with explain=true, the reader of every filled field of a replica hotel page", async () => {
    serveReplicas();
    const found = (await search("hotels", "&enrich=false")).data.hotels[0];
    const answer = await get(`/v1/travel/hotels/hotels/${found.id}?${stay()}&explain=true`);
    const counted = ENDPOINT_FIELDS.hotel.counted;
    expect(answer.meta.completeness.filled).toEqual(filledFields(answer.data, counted));
    for (const field of filledFields(answer.data, counted)) {
      expect(answer.data.sources[field]?.source, field).toMatch(
        /^(?:json-ld|meta|main heading|page address|hotels markup)$/,
      );
    }
    expect(answer.data.sources.id.source).toBe("page address");
    expect(answer.data.sources.rooms.source).toBe("hotels markup");
  });

  it("says not_offered for prices and rooms without dates, and not_supported_by_platform for airbnb's stars and room types", async () => {
    serveReplicas();
    const found = (await search("airbnb", "&enrich=false")).data.hotels[0];
    const answer = await get(`/v1/travel/airbnb/hotels/${found.id}`);
    expect(answer.data.sources).toBeUndefined();
    const reasons = Object.fromEntries(
      answer.meta.completeness.missing.map((m: { field: string; reason: string }) => [m.field, m.reason]),
    );
    expect(reasons).toMatchObject({
      star_rating: "not_supported_by_platform",
      rooms: "not_supported_by_platform",
      price_per_night: "not_offered",
      total_price: "not_offered",
      rooms_available: "not_offered",
    });
    expect(answer.meta.completeness.state).toBe("complete");
  });
});

describe("the OpenAPI document", () => {
  it("lists explain and meta.completeness on both hotel routes", async () => {
    const response = await callApp(app, "/v1/openapi.json");
    const doc = (await response.json()) as any;
    const resolve = (schema: any): any =>
      schema?.$ref ? resolve(doc.components.schemas[schema.$ref.replace("#/components/schemas/", "")]) : schema;
    for (const [path, endpoint] of [
      ["/v1/travel/{platform}/hotels/search", "hotel-search"],
      ["/v1/travel/{platform}/hotels/{id}", "hotel"],
    ] as const) {
      const operation = doc.paths[path].get;
      const explain = operation.parameters.find((param: any) => param.name === "explain");
      expect(explain, path).toMatchObject({ in: "query", schema: { enum: ["true", "false"] } });
      expect(explain.description ?? explain.schema.description).toMatch(/sources/);
      const envelope = resolve(operation.responses["200"].content["application/json"].schema);
      const completeness = resolve(resolve(envelope.properties.meta).properties.completeness);
      expect(completeness.properties.state.enum).toEqual(["complete", "partial", "empty"]);
      expect(completeness.properties.filled.description).toContain(ENDPOINT_FIELDS[endpoint].counted.join(", "));
    }
  });
});
