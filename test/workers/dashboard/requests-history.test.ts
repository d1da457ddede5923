// The dashboard's request log and price-history pages through the Worker's real fetch handler:
// each call of the account with its route, status, units kept and latency, per key, never another
// account's; a product's daily prices as an SVG chart with its table, and products read lately.
import { describe, expect, it } from "vitest";
import { database } from "../../../src/db/client";
import { dayOf, recordPriceObservations } from "../../../src/db/price-history";
import { logRequests } from "../../../src/db/request-log";
import { findLiveKeyById } from "../../../src/db/keys";
import { call, env, withKey } from "../helpers";
import { createdKey, signedUp, type Visitor } from "../dashboard-visitor";

const db = database(env.DB);

/** The log's rows as the page shows them, once `count` are there (the log is written after each answer). */
async function logRows(visitor: Visitor, count: number, query = "") {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const page = await visitor.get(`/dashboard/requests${query}`);
    expect(page.status).toBe(200);
    const rows = [...page.html.matchAll(/<tr data-request-id="([^"]+)">(.*?)<\/tr>/gs)].map(([, id, row]) => ({
      id,
      cells: [...row!.matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map((cell) => cell[1]!.replace(/<[^>]+>/g, "")),
    }));
    if (rows.length >= count) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`fewer than ${count} calls in the log`);
}

describe("the request log page", () => {
  it("lists each call of the account's keys with its route, status, units kept, latency and request id", async () => {
    const { visitor } = await signedUp();
    const { secret, keyId } = await createdKey(visitor, "logged");
    const listed = await call("/v1/datasets?limit=1", withKey(secret));
    const refused = await call("/v1/datasets?country=France", withKey(secret));
    const usage = await call("/v1/usage", withKey(secret));
    expect([listed.status, refused.status, usage.status]).toEqual([200, 400, 200]);
    const ids = [listed, refused, usage].map((response) => response.headers.get("X-Request-Id"));

    const rows = await logRows(visitor, 3);
    expect(rows.map((row) => row.id)).toEqual(ids.reverse());
    // Time, key, route, status, charged, latency, request id.
    expect(rows.map((row) => row.cells.slice(1, 5))).toEqual([
      ["logged", "GET /v1/usage", "200", "0 units"],
      ["logged", "GET /v1/datasets", "400", "0 units"],
      ["logged", "GET /v1/datasets", "200", "1 unit"],
    ]);
    expect(rows[0]!.cells[5]).toMatch(/^\d+ ms$/);
    expect(rows[0]!.cells[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);

    const other = await createdKey(visitor, "other");
    await call("/v1/usage", withKey(other.secret));
    expect(await logRows(visitor, 4)).toHaveLength(4);
    const onlyFirst = await logRows(visitor, 3, `?key=${keyId}`);
    expect(onlyFirst.every((row) => row.cells[1] === "logged")).toBe(true);
    expect(onlyFirst).toHaveLength(3);
  });

  it("never shows another account's calls, even asked for by its key id", async () => {
    const owner = await signedUp();
    const { secret, keyId } = await createdKey(owner.visitor, "private");
    await call("/v1/usage", withKey(secret));
    const [ownRow] = await logRows(owner.visitor, 1);
    const stranger = await signedUp();
    const theirs = await stranger.visitor.get(`/dashboard/requests?key=${keyId}`);
    expect(theirs.html).not.toContain(ownRow!.id!);
    expect(theirs.html).toContain("No calls in the last 30 days.");
  });

  it("pages to older calls", async () => {
    const { visitor, firstKey } = await signedUp();
    const { accountId } = (await findLiveKeyById(db, firstKey.keyId))!;
    for (let n = 0; n < 55; n += 1)
      await logRequests(db, [
        {
          accountId,
          keyId: firstKey.keyId,
          at: Date.now() - 60_000 + n,
          method: "GET",
          route: "GET /v1/usage",
          path: "/v1/usage",
          status: 200,
          units: 0,
          latencyMs: n,
          requestId: `req_page_${n}`,
        },
      ]);
    const first = await visitor.get("/dashboard/requests");
    expect(first.html.match(/<tr data-request-id=/g)).toHaveLength(50);
    const older = /href="(\/dashboard\/requests\?before=\d+)" rel="next"/.exec(first.html)![1]!;
    const second = await visitor.get(older);
    expect([...second.html.matchAll(/data-request-id="([^"]+)"/g)].map((m) => m[1])).toEqual(
      [4, 3, 2, 1, 0].map((n) => `req_page_${n}`),
    );
    expect(second.html).not.toContain('rel="next"');
  });
});

describe("the price history page", () => {
  it("draws a product's daily prices as an SVG chart with its figures as a table", async () => {
    const { visitor } = await signedUp();
    const asin = "B0DASHHIS1";
    const observation = { platform: "amazon", itemId: asin, market: "us", currency: "USD", availability: "In Stock" };
    const today = new Date();
    const yesterday = new Date(Date.now() - 86_400_000);
    await recordPriceObservations(db, [{ ...observation, price: 24.99 }], yesterday);
    await recordPriceObservations(db, [{ ...observation, price: 21.49 }], today);
    await recordPriceObservations(db, [{ ...observation, price: 22.5 }], today);

    const page = await visitor.get(`/dashboard/history?platform=amazon&id=${asin}&country=us`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<a href="/dashboard/history" aria-current="page">Price history</a>');
    expect(page.html).toMatch(/<svg[^>]*role="img"[^>]*aria-label="Daily prices of amazon B0DASHHIS1 \(US\): 2 days/);
    expect(page.html).toContain(`data-day="${dayOf(yesterday)}" data-low="24.99" data-high="24.99"`);
    expect(page.html).toContain(`data-day="${dayOf(today)}" data-low="21.49" data-high="22.5"`);
    expect([...page.html.matchAll(/data-last="([\d.]+)"/g)].map((m) => m[1])).toEqual(["24.99", "22.5"]);
    expect(page.html).toContain("lowest 21.49 USD, highest 24.99 USD, last 22.50 USD");
    expect(page.html).toMatch(/<td data-label="Lowest">21.49 USD<\/td>/);
  });

  it("says plainly when a product was never read, and shows the API's sentence for a bad id", async () => {
    const { visitor } = await signedUp();
    const never = await visitor.get("/dashboard/history?platform=amazon&id=B0NEVERRD1&country=us");
    expect(never.status).toBe(200);
    expect(never.html).toContain('id="history-empty"');
    expect(never.html).not.toContain("<svg");
    const bad = await visitor.get("/dashboard/history?platform=amazon&id=short");
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("asin is 10 letters or digits");
  });

  it("draws a hotel's nightly rate by its id, and offers the hotels read lately", async () => {
    const { visitor, firstKey } = await signedUp();
    const hotel = "ie/dashboard-hotel";
    await recordPriceObservations(
      db,
      [{ platform: "booking", itemId: hotel, market: "", currency: "EUR", price: 180, availability: null }],
      new Date(),
    );
    const page = await visitor.get(`/dashboard/history?platform=booking&id=${encodeURIComponent(hotel)}`);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/aria-label="Daily prices of booking ie\/dashboard-hotel: 1 day from/);
    expect(page.html).toContain('data-low="180" data-high="180"');

    const { accountId } = (await findLiveKeyById(db, firstKey.keyId))!;
    await logRequests(db, [
      {
        accountId,
        keyId: firstKey.keyId,
        at: Date.now(),
        method: "GET",
        route: "GET /v1/travel/booking/hotels/{id}",
        path: "/v1/travel/booking/hotels/ie%2Fdashboard-hotel?check_in=2030-05-14&check_out=2030-05-17",
        status: 200,
        units: 1,
        latencyMs: 900,
        requestId: "req_recent_hotel",
      },
    ]);
    expect((await visitor.get("/dashboard/history")).html).toContain(
      '<a href="/dashboard/history?platform=booking&amp;id=ie%2Fdashboard-hotel">booking ie/dashboard-hotel</a>',
    );
  });

  it("offers the products the account's keys read lately, and no other account's", async () => {
    const { visitor, firstKey } = await signedUp();
    const { accountId } = (await findLiveKeyById(db, firstKey.keyId))!;
    await logRequests(db, [
      {
        accountId,
        keyId: firstKey.keyId,
        at: Date.now(),
        method: "GET",
        route: "GET /v1/amazon",
        path: "/v1/amazon?asin=B0RECENT01&country=de",
        status: 200,
        units: 1,
        latencyMs: 900,
        requestId: "req_recent",
      },
    ]);
    const page = await visitor.get("/dashboard/history");
    expect(page.html).toContain(
      '<a href="/dashboard/history?platform=amazon&amp;id=B0RECENT01&amp;country=de">amazon B0RECENT01 (de)</a>',
    );
    const stranger = await signedUp();
    expect((await stranger.visitor.get("/dashboard/history")).html).not.toContain("B0RECENT01");
  });
});
