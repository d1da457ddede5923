// Every route the OpenAPI document says answers text/csv, asked for CSV and read back with a real CSV
// parser: one value per cell (no JSON object or list in any cell), every row as wide as the header,
// nested values under their path (`price.amount`), and a header row even when there is no row.
import { parse } from "csv-parse/sync";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app";
import { database } from "../../src/db/client";
import { testJobRow } from "./job-fixtures";
import { insertJob } from "../../src/db/jobs";
import { newId } from "../../src/db/keys";
import { jobAnswerKey } from "../../src/db/objects";
import { addPublicDataset, importRecords } from "./dataset-fixtures";
import { callApp, env, newAccount, type TestAccount, withKey } from "./helpers";
import { REPLICA, replicaProducts, serveReplicas } from "./replica-sites";

vi.setConfig({ testTimeout: 60_000 });
const app = createApp();
const replicaEnv = { ...env, REPLICA_ORIGIN: REPLICA } as Env;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const STAY = `check_in=${day(60)}&check_out=${day(62)}`;

let account: TestAccount;
let asin: string;
let jobId: string;
let dataset: string;
let hotelId: string;

/** A job whose answers hold nested data: an object, a list of scalars and a list of objects. */
async function jobWithNestedAnswers() {
  const id = newId("job");
  const paths = ["/v1/amazon?asin=B0C1GHS4GF", "/v1/amazon/search?q=hub"];
  const now = Date.now();
  await insertJob(
    database(env.DB),
    testJobRow({ accountId: account.accountId, keyId: account.keyId }, paths.length, {
      id,
      status: "completed",
      createdAt: new Date(now),
      expiresAt: new Date(now + 86_400_000),
    }),
    paths,
  );
  const answers = [
    { title: "Kettle", price: { amount: 21.99, currency: "USD" }, images: ["a.jpg", "b.jpg"], specs: {} },
    {
      results: [
        { id: "B01", price: { amount: 5, currency: "USD" } },
        { id: "B02", price: null },
      ],
    },
  ];
  for (const [idx, data] of answers.entries()) {
    await env.DB.prepare(`UPDATE job_items SET status = 'succeeded', http_status = 200 WHERE job_id = ? AND idx = ?`)
      .bind(id, idx)
      .run();
    await env.RESULTS.put(jobAnswerKey(id, idx), JSON.stringify({ status: "success", data, meta: {} }));
  }
  return id;
}

beforeAll(async () => {
  account = await newAccount({ plan: "enterprise" });
  asin = replicaProducts("amazon")[0]!.id;
  jobId = await jobWithNestedAnswers();
  dataset = await addPublicDataset("csv-flat-fixture", "CSV flat fixture");
  await importRecords(dataset, [
    { key: "amazon:B01", platform: "amazon", title: "Hub, 4 ports", price: 19.5, currency: "USD" },
    { key: "amazon:B02", platform: "amazon", title: '=cmd "quoted"', price: 7, currency: "USD" },
  ]);
});
afterEach(() => vi.restoreAllMocks());

async function csvOf(path: string): Promise<{ text: string; rows: string[][] }> {
  serveReplicas();
  const response = await callApp(app, path, withKey(account.secret), replicaEnv);
  const text = await response.text();
  expect(response.status, `${path}: ${text.slice(0, 300)}`).toBe(200);
  expect(response.headers.get("Content-Type"), path).toContain("text/csv");
  // csv-parse refuses a row whose width differs from the header's.
  return { text, rows: parse(text, { relax_quotes: false }) as string[][] };
}

/** A cell holding a JSON object or list: what no CSV may carry. */
const holdsJson = (cell: string) => {
  if (!/^\s*[[{]/.test(cell)) return false;
  try {
    return typeof JSON.parse(cell) === "object";
  } catch {
    return false;
  }
};

/** Each CSV route of the OpenAPI document, with a request that answers rows (`{…}` filled in here). */
const REQUESTS: Record<string, () => string> = {
  "/v1/{platform}": () => `/v1/amazon?asin=${asin}&format=csv`,
  "/v1/{platform}/search": () => "/v1/amazon/search?q=headphones&format=csv",
  "/v1/{platform}/reviews": () => `/v1/amazon/reviews?asin=${asin}&format=csv`,
  "/v1/{platform}/history": () => `/v1/amazon/history?asin=${asin}&format=csv`,
  "/v1/travel/{platform}/hotels/search": () => `/v1/travel/booking/hotels/search?destination=Dublin&${STAY}&format=csv`,
  "/v1/travel/{platform}/hotels/{id}/history": () => `/v1/travel/booking/hotels/${hotelId}/history?format=csv`,
  "/v1/datasets": () => "/v1/datasets?format=csv",
  "/v1/search": () => "/v1/search?q=fixture&format=csv",
  "/v1/categories": () => "/v1/categories?format=csv",
  "/v1/datasets/{slug}/records": () => `/v1/datasets/${dataset}/records?format=csv`,
  "/v1/jobs/{id}/results": () => `/v1/jobs/${jobId}/results?format=csv`,
};
/** Routes that answer text/csv by passing on a stored answer of the routes above, byte for byte. */
const PASSED_ON = ["/v1/schedules/{id}/runs/{runId}"];

describe("CSV answers", () => {
  it("cover every route the OpenAPI document lists with a text/csv answer", async () => {
    const response = await callApp(app, "/v1/openapi.json");
    const document = (await response.json()) as { paths: Record<string, Record<string, any>> };
    const csvPaths = Object.entries(document.paths)
      .filter(([, operations]) => operations.get?.responses?.["200"]?.content?.["text/csv"])
      .map(([path]) => path)
      .sort();
    expect(csvPaths).toEqual([...Object.keys(REQUESTS), ...PASSED_ON].sort());
  });

  it("hold one value per cell on every CSV route: no JSON in a cell, every row as wide as its header", async () => {
    // A hotel search read live gives a hotel id with a price history.
    const search = await csvOf(REQUESTS["/v1/travel/{platform}/hotels/search"]!());
    const idColumn = search.rows[0]!.indexOf("id");
    hotelId = search.rows.slice(1).find((row) => row[idColumn])![idColumn]!;
    for (const [route, request] of Object.entries(REQUESTS)) {
      const { rows } = await csvOf(request());
      const [header, ...body] = rows;
      expect(header!.length, route).toBeGreaterThan(0);
      expect(body.length, `${route} answers rows`).toBeGreaterThan(0);
      const jsonCells = body.flatMap((row) => row.filter(holdsJson).map((cell) => `${route}: ${cell}`));
      expect(jsonCells).toEqual([]);
    }
  });

  it("flattens a product's nested values into path columns and joins its lists of scalars", async () => {
    const { rows } = await csvOf(REQUESTS["/v1/{platform}"]!());
    const [header, row] = rows as [string[], string[]];
    const cell = (column: string) => row[header.indexOf(column)];
    expect(header).toEqual(expect.arrayContaining(["price.amount", "price.currency", "images"]));
    expect(header).not.toContain("price");
    expect(Number(cell("price.amount"))).toBeGreaterThan(0);
    expect(cell("price.currency")).toBe("USD");
    expect(
      cell("images")!
        .split(" | ")
        .every((image) => image.startsWith("http")),
    ).toBe(true);
    expect(header.some((column) => /^reviews\.0\./.test(column))).toBe(true);
  });

  it("flattens each job answer's data under the same rule", async () => {
    const { rows } = await csvOf(REQUESTS["/v1/jobs/{id}/results"]!());
    const [header, first, second] = rows as [string[], string[], string[]];
    expect(header.slice(6)).toEqual([
      "title",
      "price.amount",
      "price.currency",
      "images",
      "specs",
      "results.0.id",
      "results.0.price.amount",
      "results.0.price.currency",
      "results.1.id",
      "results.1.price",
    ]);
    expect(first.slice(6)).toEqual(["Kettle", "21.99", "USD", "a.jpg | b.jpg", "", "", "", "", "", ""]);
    expect(second.slice(6)).toEqual(["", "", "", "", "", "B01", "5", "USD", "B02", ""]);
  });

  it("answers a never-read product's history as its header row alone", async () => {
    const { text } = await csvOf("/v1/amazon/history?asin=B0NEVRREAD&format=csv");
    expect(text).toBe("date,low,high,last,currency,availability\r\n");
  });

  it("answers a search with no result as its header row alone", async () => {
    const { rows } = await csvOf("/v1/search?q=zzqxnothingmatches&format=csv");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual(expect.arrayContaining(["slug", "name", "countries", "record_count"]));
  });
});
