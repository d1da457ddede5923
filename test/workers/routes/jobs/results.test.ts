// A job's results through the API: in JSON and NDJSON each item with its answer's `data` and
// `meta` as the route gave them; in CSV the answers' data flattened, one value per cell.
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "../../../../src/db/client";
import { testJobRow } from "../../job-fixtures";
import { insertJob } from "../../../../src/db/jobs";
import { newId } from "../../../../src/db/keys";
import { jobAnswerKey } from "../../../../src/db/objects";
import { call, env, newAccount, type TestAccount, withKey } from "../../helpers";

const PATHS = ["/v1/amazon?asin=B0C1GHS4GF", "/v1/amazon/search?q=hub", "/v1/amazon?asin=B0000XXXXX"];
const META = {
  request_id: "req_00000000000000000000000000000001",
  timestamp: "2026-11-22T10:00:00.000Z",
  scrape: { engine: "fetch", cache: "hit", fetched_at: "2026-11-22T09:59:58.412Z" },
  completeness: { state: "partial", filled: ["title"], missing: [], records: 1 },
};
const ANSWERS = [
  { title: "Kettle", price: { amount: 21.99, currency: "USD" }, images: ["a.jpg"] },
  // A field named as an item column, and one the first answer lacks.
  { title: "Hubs", status: "listed", results: [{ id: "B01" }] },
];

let account: TestAccount;
let id: string;
beforeAll(async () => {
  account = await newAccount({ plan: "enterprise" });
  id = newId("job");
  const now = Date.now();
  await insertJob(
    database(env.DB),
    testJobRow({ accountId: account.accountId, keyId: account.keyId }, PATHS.length, {
      id,
      status: "completed",
      createdAt: new Date(now),
      expiresAt: new Date(now + 86_400_000),
    }),
    PATHS,
  );
  for (const [idx, data] of ANSWERS.entries()) {
    await env.DB.prepare(`UPDATE job_items SET status = 'succeeded', http_status = 200 WHERE job_id = ? AND idx = ?`)
      .bind(id, idx)
      .run();
    await env.RESULTS.put(jobAnswerKey(id, idx), JSON.stringify({ status: "success", data, meta: META }));
  }
  await env.DB.prepare(
    `UPDATE job_items SET status = 'failed', http_status = 404, error_code = 'not_found', error_message = 'No such product.' WHERE job_id = ? AND idx = 2`,
  )
    .bind(id)
    .run();
});

const results = (format: string) => call(`/v1/jobs/${id}/results?format=${format}`, withKey(account.secret));

describe("GET /v1/jobs/{id}/results", () => {
  it("gives every item its answer's meta in NDJSON, null where there is no answer", async () => {
    const response = await results("ndjson");
    expect(response.status).toBe(200);
    const lines = (await response.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.index, line.data, line.meta])).toEqual([
      [0, ANSWERS[0], META],
      [1, ANSWERS[1], META],
      [2, null, null],
    ]);
  });

  it("gives every item its answer's meta in a JSON page, paged in meta.pagination", async () => {
    const response = await call(`/v1/jobs/${id}/results?format=json&limit=2`, withKey(account.secret));
    const body = (await response.json()) as any;
    expect(body.meta.pagination).toEqual({ page: 1, limit: 2, total: 3, total_pages: 2 });
    expect(body.data.map((result: any) => result.meta.scrape.engine)).toEqual(["fetch", "fetch"]);
  });

  it("writes CSV with the answers' data flattened: one column per nested value, never JSON in a cell", async () => {
    const response = await results("csv");
    expect(response.status).toBe(200);
    expect((await response.text()).split("\r\n")).toEqual([
      "index,path,status,http_status,error_code,error_message,title,price.amount,price.currency,images,data.status,results.0.id",
      "0,/v1/amazon?asin=B0C1GHS4GF,succeeded,200,,,Kettle,21.99,USD,a.jpg,,",
      "1,/v1/amazon/search?q=hub,succeeded,200,,,Hubs,,,,listed,B01",
      "2,/v1/amazon?asin=B0000XXXXX,failed,404,not_found,No such product.,,,,,,",
      "",
    ]);
  });
});
