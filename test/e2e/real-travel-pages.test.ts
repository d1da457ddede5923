// The travel routes over real markup: the replicas serve real hotel captures
// (replicas/real-travel-pages.ts) at the URLs the adapters build for the captures' own hotel ids
// and destinations, and the hotel route, and the search route where a search capture is served,
// must answer with the values a careful reader found on each page (expected.tsv), the same ones
// test/fixtures/travel.test.ts asserts of the parsers. Travel routes take no `engine` parameter
// (product routes do); each platform's first engine, fetch, reads these pages, which is enough
// here: real-pages.test.ts already holds the browser's DOM of real markup to the fetch engine's.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createAccountKey } from "../../scripts/local-stack.ts";
import { readExpectedRows } from "../../scripts/saved-pages.ts";
import { REAL_HOTEL_PAGES, REAL_SEARCH_PAGES } from "../../replicas/real-travel-pages.ts";
import { TRAVEL_PLATFORMS, type TravelSlug } from "../../src/platforms/index.ts";
import { currencyCell, expectedRows, leadingFacts, numberOrNull, type ExpectedRow } from "../fixtures/pages.ts";
import { hits, replicaCounts } from "./stack.ts";

const baseUrl = inject("baseUrl");
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const IN = day(40);
const OUT = day(43);
const NIGHTS = 3;
let secret: string;

beforeAll(async () => {
  ({ secret } = await createAccountKey(baseUrl, inject("adminToken"), {
    name: "e2e real travel pages",
    plan: "enterprise",
    requests_per_minute: 10_000,
  }));
});

interface Facts {
  star_rating?: number;
  address?: string;
  latitude?: number;
  longitude?: number;
}

// Facts these rows' notes give in prose rather than as leading `name=value;` facts
// ("starRating 4; address '5 Crow St, Temple Bar', Dublin, Ireland; lat 53.344853 lng -6.263776",
// "lat 45.44435 lng 9.20969"); the fixture tests assert the same values.
const PROSE_FACTS: Record<string, Facts> = {
  "hotels_com/kosticeva_hotels_detail_dublin_apartments_temple_bar_2018.html": {
    star_rating: 4,
    address: "5 Crow St, Temple Bar, Dublin, Ireland",
    latitude: 53.344853,
    longitude: -6.263776,
  },
  "airbnb/milanosuite_airbnb_it_listing.html": { latitude: 45.44435, longitude: 9.20969 },
};

// The id an answer carries when it is not the one asked for: booking's old layout gives its own
// numeric id (b_hotel_id 60664, as the notes and the fixture test have it), not the page path.
const ANSWER_IDS: Record<string, string> = { "booking/wail_booking_hotel_kempinski_berlin.html": "60664" };

function factsOf(row: ExpectedRow): Facts {
  const leading = leadingFacts(row.notes);
  const number = (name: string) => (leading[name] === undefined ? undefined : Number(leading[name]));
  return {
    star_rating: number("star_rating"),
    address: leading["address"],
    latitude: number("latitude"),
    longitude: number("longitude"),
    ...PROSE_FACTS[row.file],
  };
}

const rowOf = (file: string) => {
  const row = expectedRows.find((candidate) => candidate.file === file);
  if (!row) throw new Error(`${file} has no row in expected.tsv`);
  return row;
};

/**
 * A GET of the API with the key and an optional answer currency: the response, its JSON body, how
 * often the replica served `replicaPath` meanwhile, and every other path it was asked for.
 */
async function call(path: string, replicaPath: string, currency: string | null) {
  const before = await replicaCounts();
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { "X-API-KEY": secret, ...(currency ? { "X-Currency": currency } : {}) },
  });
  const body = (await response.json()) as any;
  const after = await replicaCounts();
  const requested = Object.keys(after).filter((other) => other !== replicaPath && hits(before, after, other) > 0);
  return { status: response.status, body, served: hits(before, after, replicaPath), requested };
}

/** What every answer for the row's hotel must hold, whatever the dates: name, score on both scales, count and facts. */
function expectHotel(hotel: any, row: ExpectedRow, platform: TravelSlug) {
  expect(hotel.name).toBe(row.title_or_hotel_name.replace(/\s*\(1st card\)$/, ""));
  const score = numberOrNull(row.rating_or_review_score);
  const scale = TRAVEL_PLATFORMS[platform].reviewScale;
  // expected.tsv lists the site's own score; answers carry it on 0–10 beside the original.
  if (score === null) expect(hotel.review_score).toBeNull();
  else {
    expect(hotel.review_score).toBeCloseTo((score * 10) / scale, 5);
    expect(hotel.review_score_original).toEqual({ score, scale });
  }
  expect(hotel.review_count).toBe(numberOrNull(row.review_count));
  const facts = factsOf(row);
  if (facts.star_rating !== undefined) expect(hotel.star_rating).toBe(facts.star_rating);
  if (facts.address !== undefined) expect(hotel.address).toBe(facts.address);
  if (facts.latitude !== undefined) expect(hotel.latitude).toBeCloseTo(facts.latitude, 6);
  if (facts.longitude !== undefined) expect(hotel.longitude).toBeCloseTo(facts.longitude, 6);
}

describe.each(
  REAL_HOTEL_PAGES.map((page) => ({ ...page, name: `${page.platform} ${page.id}` })),
)("hotel route, $name", ({ platform, id, path, file }) => {
  const row = rowOf(file);
  const price = numberOrNull(row.price);
  // Asked in the page's own currency, the page's figure comes back unconverted.
  const currency = price === null ? null : currencyCell(row.currency);
  const replicaPath = `/${platform}${path}`;
  const hotelPath = `/v1/travel/${platform}/hotels/${encodeURIComponent(id)}?fresh=true`;
  let undated: Awaited<ReturnType<typeof call>>;
  let dated: Awaited<ReturnType<typeof call>>;

  beforeAll(async () => {
    undated = await call(hotelPath, replicaPath, currency);
    dated = await call(`${hotelPath}&check_in=${IN}&check_out=${OUT}`, replicaPath, currency);
  });

  it("reads the capture the replica serves at the adapter's hotel URL, one load by the fetch engine", () => {
    for (const answer of [undated, dated]) {
      expect(answer.status, JSON.stringify(answer.body?.error)).toBe(200);
      expect(answer.body.meta.scrape).toMatchObject({ engine: "fetch", cache: "bypass", captcha: "none" });
      expect(new URL(answer.body.meta.scrape.source_url).pathname).toBe(replicaPath);
      expect(answer.served).toBe(1);
    }
  });

  it("has the id, name, score, review count and hotel facts expected.tsv holds", () => {
    for (const { body } of [undated, dated]) {
      expect(body.data.id).toBe(ANSWER_IDS[file] ?? id);
      expectHotel(body.data, row, platform as TravelSlug);
    }
  });

  if (price === null)
    it("has no price and no currency of its own, as the page shows none", () => {
      for (const { body } of [undated, dated]) {
        expect(body.data).toMatchObject({ price_per_night: null, total_price: null, original_currency: null });
      }
    });
  else
    it("prices the night as the page does, and the stay as that night times the nights asked", () => {
      expect(undated.body.data).toMatchObject({
        price_per_night: price,
        total_price: null,
        currency,
        original_currency: currency,
      });
      expect(dated.body.data).toMatchObject({
        price_per_night: price,
        total_price: price * NIGHTS,
        currency,
        original_currency: currency,
      });
    });
});

describe.each(
  REAL_SEARCH_PAGES.map((page) => ({ ...page, name: `${page.platform} ${page.destination}` })),
)("search route, $name", ({ platform, destination, path, file }) => {
  const row = rowOf(file);
  const cards = Number(leadingFacts(row.notes)["results_on_page"]);
  let search: Awaited<ReturnType<typeof call>>;

  beforeAll(async () => {
    // `relevance` keeps the site's own order, so the first hotel is the page's first card.
    const query = `destination=${encodeURIComponent(destination)}&check_in=${IN}&check_out=${OUT}&sort=relevance&limit=50&fresh=true`;
    search = await call(`/v1/travel/${platform}/hotels/search?${query}`, `/${platform}${path}`, null);
  });

  it("sends the destination the gazetteer resolves and reads the capture served for it", () => {
    expect(search.status, JSON.stringify(search.body?.error)).toBe(200);
    expect(search.body.data.location).toMatchObject({ kind: "city", name: destination });
    expect(search.body.data.meta.platforms[platform]).toMatchObject({ status: "ok", hotels: cards });
    expect(search.served).toBe(1);
    expect(search.body.data.hotels).toHaveLength(cards);
  });

  it("answers the first card with the values expected.tsv holds", () => {
    const [first] = search.body.data.hotels;
    expectHotel(first, row, platform as TravelSlug);
    // The search capture served was saved without dates: no card shows a price, so none has one here.
    expect(numberOrNull(row.price)).toBeNull();
    expect(first).toMatchObject({ price_per_night: null, total_price: null });
  });

  it("asks for each card's own page, and fills nothing as the replica has none of them", () => {
    const pages = search.body.data.hotels.map((hotel: any) => `/${platform}/hotel/${hotel.id}.html`);
    // The replicas are shared with other files' tests (a shop crawl may run at once): this platform's pages only.
    const own = search.requested.filter((path: string) => path.startsWith(`/${platform}/`));
    expect(own.sort()).toEqual(pages.sort());
    expect(search.body.data.meta.enriched_from).toEqual({});
  });
});

describe("any hotel's page by its address", () => {
  const replicasUrl = inject("replicasUrl");
  const byUrl = (replicaPath: string, stay = "") =>
    `/v1/travel/hotel?url=${encodeURIComponent(`${replicasUrl}${replicaPath}`)}&fresh=true${stay}`;

  it("reads a hotel's own booking engine with the generic reader, the night priced as the page shows it", async () => {
    const file = "nostructured/hotelscraper_hotel_includio_regensburg_ibe.html";
    const row = rowOf(file);
    const answer = await call(byUrl(`/real/${file}`), `/real/${file}`, "EUR");
    expect(answer.status, JSON.stringify(answer.body?.error)).toBe(200);
    expect(answer.served).toBe(1);
    expect(answer.body.data).toMatchObject({
      name: row.title_or_hotel_name,
      platforms: ["generic"],
      address: factsOf(row).address,
      price_per_night: Number(row.price),
      total_price: null,
      currency: "EUR",
    });
  });

  it("gives a stay's total per night too once the stay is named", async () => {
    const file = "jsonld/bookingchecker_webhotelier_opora_country_living_nafplio.html";
    const row = rowOf(file);
    const facts = factsOf(row);
    const answer = await call(
      byUrl(`/real/${file}`, "&check_in=2030-09-30&check_out=2030-10-02"),
      `/real/${file}`,
      "ILS",
    );
    expect(answer.status, JSON.stringify(answer.body?.error)).toBe(200);
    expect(answer.body.data).toMatchObject({
      name: row.title_or_hotel_name,
      platforms: ["generic"],
      address: facts.address,
      // Whole numbers in the answer, the page's own figures beside them.
      total_price: Math.round(Number(row.price)),
      price_per_night: Math.round(Number(row.price) / 2),
      price_exact: { total_price: Number(row.price), price_per_night: Math.round((Number(row.price) / 2) * 100) / 100 },
      currency: "ILS",
    });
    expect(answer.body.data.latitude).toBeCloseTo(facts.latitude!, 6);
  });

  it("reads a travel platform's page with that platform's reader", async () => {
    const page = REAL_HOTEL_PAGES.find((candidate) => candidate.platform === "booking")!;
    const replicaPath = `/${page.platform}${page.path}`;
    const answer = await call(byUrl(replicaPath), replicaPath, null);
    expect(answer.status, JSON.stringify(answer.body?.error)).toBe(200);
    expect(answer.body.data.platforms).toEqual(["booking"]);
    expectHotel(answer.body.data, rowOf(page.file), "booking");
  });

  it("answers a shop's product page as no hotel, uncharged", async () => {
    const file = "jsonld/mshopping_wayfair.html";
    const answer = await call(byUrl(`/real/${file}`), `/real/${file}`, null);
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe("no_data");
    expect(answer.body.error.message).toContain("shows no hotel");
    expect(answer.body.meta.charged).toBe(false);
  });
});

describe("any site's list of hotels by its address", () => {
  const replicasUrl = inject("replicasUrl");
  const listAt = (replicaPath: string) =>
    `/v1/travel/hotel-list?url=${encodeURIComponent(`${replicasUrl}${replicaPath}`)}&fresh=true`;
  const corpusRow = (batch: string, file: string) =>
    readExpectedRows(`test/fixtures/corpus/${batch}`).find((row) => row.file === file)!;

  it("reads a Google Hotels list with the generic list reader, each card as the list shows it", async () => {
    const file = "googlehotels/delulu_google_hotels_search_paris-budget.html";
    const row = corpusRow("batch-04", file);
    const replicaPath = `/real/corpus/batch-04/${file}`;
    const answer = await call(listAt(replicaPath), replicaPath, null);
    expect(answer.status, JSON.stringify(answer.body?.error)).toBe(200);
    expect(answer.served).toBe(1);
    expect(answer.body.data.platform).toBe("generic");
    expect(answer.body.data.hotels).toHaveLength(Number(leadingFacts(row.notes)["results_on_page"]));
    const score = Number(row.rating_or_review_score);
    expect(answer.body.data.hotels[0]).toMatchObject({
      name: row.title_or_hotel_name,
      price_per_night: Number(row.price),
      currency: currencyCell(row.currency),
      review_score: score * 2,
      review_score_original: { score, scale: 5 },
      review_count: Number(row.review_count),
      sponsored: false,
    });
    expect(answer.body.meta.charged).toBe(true);
    expect(answer.body.meta.completeness.confidence.name).toBeGreaterThan(0);
  });

  it("answers a shop's list of products as no hotels, uncharged", async () => {
    const replicaPath = "/real/corpus/batch-39/fnac/fnac_be_nl_all_tvs_category.html";
    const answer = await call(listAt(replicaPath), replicaPath, null);
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe("no_data");
    expect(answer.body.error.message).toContain("lists no hotel");
    expect(answer.body.meta.charged).toBe(false);
  });

  it("says what to fix when the address is missing", async () => {
    const response = await fetch(`${baseUrl}/v1/travel/hotel-list`, { headers: { "X-API-KEY": secret } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error.message).toContain("url is required");
  });
});
