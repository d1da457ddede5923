import { beforeAll, describe, expect, it } from "vitest";
import { call, newAccount, withKey } from "../helpers";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const IN = day(30);
const OUT = day(32);
const base = `destination=Paris&check_in=${IN}&check_out=${OUT}`;

let secret: string;
beforeAll(async () => {
  ({ secret } = await newAccount({ plan: "enterprise" }));
});

describe("hotel search validation: each mistake gets a 400 that names the fix", () => {
  it.each([
    ["destination missing", `check_in=${IN}&check_out=${OUT}`, "destination", /required/],
    ["check_in missing", `destination=Paris&check_out=${OUT}`, "check_in", /YYYY-MM-DD/],
    ["date in the wrong format", `destination=Paris&check_in=12/01/2026&check_out=${OUT}`, "check_in", /YYYY-MM-DD/],
    [
      "a date that does not exist",
      `destination=Paris&check_in=2027-02-30&check_out=2027-03-02`,
      "check_in",
      /real calendar date/,
    ],
    ["check_out before check_in", `destination=Paris&check_in=${OUT}&check_out=${IN}`, "check_out", /after check_in/],
    ["zero nights", `destination=Paris&check_in=${IN}&check_out=${IN}`, "check_out", /after check_in/],
    ["31 nights", `destination=Paris&check_in=${IN}&check_out=${day(61)}`, "check_out", /at most 30 nights/],
    ["check_in in the past", `destination=Paris&check_in=${day(-2)}&check_out=${day(1)}`, "check_in", /today/],
    ["latitude without longitude", `${base}&latitude=48.85`, "longitude", /go together/],
    ["latitude out of range", `${base}&latitude=91&longitude=2`, "latitude", /between -90 and 90/],
    ["radius without unit", `${base}&radius=5`, "radius", /unit/],
    ["radius zero", `${base}&radius=0km`, "radius", /more than 0/],
    ["radius over 100 km", `${base}&radius=150km`, "radius", /at most 100 km/],
    ["radius in miles over 100 km", `${base}&radius=70mi`, "radius", /at most 100 km/],
    ["min_price above max_price", `${base}&min_price=300&max_price=100`, "min_price", /must not exceed/],
    ["min_stars 6", `${base}&min_stars=6`, "min_stars", /1 to 5/],
    ["unknown sort", `${base}&sort=cheapest`, "sort", /price, -price, -review_score, distance, relevance, rating/],
    ["more rooms than adults", `${base}&adults=1&rooms=2`, "rooms", /must not exceed adults/],
    ["no adults", `${base}&adults=0`, "adults", /at least 1/],
    ["half an adult", `${base}&adults=1.5`, "adults", /whole number/],
    ["no rooms", `${base}&rooms=0`, "rooms", /at least 1/],
    ["eleven rooms", `${base}&adults=20&rooms=11`, "rooms", /at most 10/],
    [
      "a child of 18",
      `${base}&children=4,18`,
      "children",
      /`18` refused: children is a comma list of ages from 0 to 17/,
    ],
    ["a child's age that is no number", `${base}&children=four`, "children", /`four` refused/],
    ["a negative age", `${base}&children=-1`, "children", /ages from 0 to 17/],
    ["a fractional age", `${base}&children=4.5`, "children", /`4.5` refused/],
    ["eleven children", `${base}&children=${"5,".repeat(11)}`, "children", /at most 10 ages/],
    [
      "a six-star hotel",
      `${base}&stars=4,6`,
      "stars",
      /`6` refused: stars is a comma list of star ratings from 1 to 5/,
    ],
    ["stars with nothing in it", `${base}&stars=,`, "stars", /star ratings from 1 to 5/],
    ["review_score_min above 10", `${base}&review_score_min=11`, "review_score_min", /0 to 10/],
    ["review_score_min below 0", `${base}&review_score_min=-1`, "review_score_min", /0 to 10/],
    ["review_score_min no number", `${base}&review_score_min=good`, "review_score_min", /number/],
    ["an unknown amenity", `${base}&amenities=wifi,jacuzzi`, "amenities", /`jacuzzi` refused: .*wifi, parking, pool/],
    ["amenities with nothing in it", `${base}&amenities=`, "amenities", /comma list of amenity codes/],
    ["free_cancellation false", `${base}&free_cancellation=false`, "free_cancellation", /only `true`/],
    ["free_cancellation yes", `${base}&free_cancellation=yes`, "free_cancellation", /only `true`/],
    [
      "an unknown property type",
      `${base}&property_type=castle`,
      "property_type",
      /`castle` refused: .*hotel, aparthotel/,
    ],
    ["limit 51", `${base}&limit=51`, "limit", /1 to 50/],
  ])("%s", async (_name, query, parameter, message) => {
    const response = await call(`/v1/travel/booking/hotels/search?${query}`, withKey(secret));
    const body = (await response.json()) as any;
    expect(response.status).toBe(400);
    expect(body.error.code).toBe("invalid_request");
    expect(body.error.details.map((d: any) => d.parameter)).toContain(parameter);
    expect(body.error.message).toMatch(message);
  });

  it("refuses an unknown currency, listing the known ones", async () => {
    const response = await call(
      `/v1/travel/booking/hotels/search?${base}`,
      withKey(secret, { headers: { "X-Currency": "XYZ" } }),
    );
    const body = (await response.json()) as any;
    expect(response.status).toBe(400);
    expect(body.error.details[0].parameter).toBe("X-Currency");
    expect(body.error.message).toContain("USD");
  });

  it("refuses an unknown destination with suggestions", async () => {
    const response = await call(
      `/v1/travel/booking/hotels/search?destination=Pariss&check_in=${IN}&check_out=${OUT}`,
      withKey(secret),
    );
    const body = (await response.json()) as any;
    expect(response.status).toBe(400);
    expect(body.error.details[0].parameter).toBe("destination");
    expect(body.error.message).toContain("Paris");
  });

  it("answers an unknown platform with 404 listing the valid ones", async () => {
    const response = await call(`/v1/travel/trivago/hotels/search?${base}`, withKey(secret));
    const body = (await response.json()) as any;
    expect(response.status).toBe(404);
    expect(body.error.message).toContain("booking, expedia, hotels, airbnb");
  });
});
