import { describe, expect, it } from "vitest";
import { recordsOf } from "../../../src/datasets/answer-records";
import { RECORD_FIELDS, trackedValues } from "../../../src/datasets/records";

const OBSERVED = Date.parse("2026-11-25T10:00:05Z");
const STARTED = Date.parse("2026-11-25T10:00:00Z");

describe("recordsOf", () => {
  it("makes one record per search result, in the declared field order, keyed by platform, country and id", () => {
    const answer = {
      data: {
        results: [
          {
            id: "B01",
            title: "Power Bank",
            url: "http://127.0.0.1:9/dp/B01",
            price: { amount: 29.99, currency: "USD" },
            rating: 4.5,
            review_count: 120,
            image: null,
            sponsored: false,
          },
          {
            id: null,
            title: "No id",
            url: null,
            price: null,
            rating: null,
            review_count: null,
            image: null,
            sponsored: true,
          },
          {
            id: "B02",
            title: "Charger",
            url: "http://127.0.0.1:9/dp/B02",
            price: null,
            rating: null,
            review_count: null,
            image: "http://127.0.0.1:9/i.jpg",
            sponsored: true,
          },
        ],
      },
    };
    const records = recordsOf("search", "/v1/amazon/search?q=power+bank&country=us&page=2", answer, OBSERVED, STARTED);
    expect(records.map((r) => r.key)).toEqual(["amazon:us:B01", "amazon:us:B02"]);
    expect(Object.keys(records[0]!)).toEqual(RECORD_FIELDS.search.map((f) => f.name));
    expect(records[0]).toMatchObject({
      query: "power bank",
      position: 4,
      price: 29.99,
      currency: "USD",
      source_url: "http://127.0.0.1:9/dp/B01",
      observed_at: "2026-11-25T10:00:05.000Z",
    });
    expect(records[1]).toMatchObject({ price: null, sponsored: true, image: "http://127.0.0.1:9/i.jpg" });
  });

  it("keys a hotel's rate by its stay's length and distance from the refresh, so refreshes line up", () => {
    const answer = {
      data: {
        hotels: [
          {
            id: "fr/lumiere",
            name: "Lumière",
            price_per_night: 120,
            total_price: 240,
            currency: "EUR",
            amenities: ["wifi", "pool"],
            booking_url: "http://127.0.0.1:9/hotel/fr/lumiere.html",
          },
        ],
      },
    };
    const [record] = recordsOf(
      "hotels",
      "/v1/travel/booking/hotels/search?destination=Paris&check_in=2026-12-25&check_out=2026-12-27",
      answer,
      OBSERVED,
      STARTED,
    );
    expect(record).toMatchObject({
      key: "booking:fr/lumiere:2n+30d",
      nights: 2,
      check_in: "2026-12-25",
      amenities: ["wifi", "pool"],
      price_per_night: 120,
    });
  });

  it("reads a product page's answer and a review page's answer", () => {
    const product = {
      data: {
        asin: "B01",
        title: "Power Bank",
        price: { amount: 30, currency: "USD", original_amount: 40 },
        availability: "In Stock",
        images: ["http://127.0.0.1:9/a.jpg"],
        url: "http://127.0.0.1:9/dp/B01",
      },
    };
    expect(recordsOf("product", "/v1/amazon?asin=B01", product, OBSERVED, STARTED)[0]).toMatchObject({
      key: "amazon:B01",
      original_price: 40,
      image: "http://127.0.0.1:9/a.jpg",
    });
    const reviews = {
      data: {
        id: "B01",
        reviews: [
          { id: "R1", title: "Good", body: "Works", rating: 5, author: "A", date: "2026-11-01", verified: true },
        ],
      },
    };
    expect(recordsOf("reviews", "/v1/amazon/reviews?asin=B01", reviews, OBSERVED, STARTED)[0]).toMatchObject({
      key: "amazon:B01:R1",
      rating: 5,
      verified: true,
    });
  });

  it("compares only the tracked values: a new title is not a change, a new price is", () => {
    const base = { price: 10, currency: "USD", availability: "In Stock", rating: 4, review_count: 3, title: "A" };
    expect(trackedValues("product", { ...base, title: "B" })).toBe(trackedValues("product", base));
    expect(trackedValues("product", { ...base, price: 9 })).not.toBe(trackedValues("product", base));
  });
});
