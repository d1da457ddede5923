// The typed client against the e2e stack's wrangler dev (run by the e2e project of the root
// vitest.config.ts): real answers from the replica sites, typed by the generated schema.
import { readFile } from "node:fs/promises";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createAccountKey } from "../../../scripts/local-stack.ts";
import { renderSchema, SCHEMA_FILE } from "../scripts/generate.ts";
import { createWebDataClient, unwrap, WebDataError } from "../src/index.ts";

const baseUrl = inject("baseUrl");
const adminToken = inject("adminToken");
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
let secret: string;

beforeAll(async () => {
  ({ secret } = await createAccountKey(baseUrl, adminToken, {
    name: "e2e typed client",
    plan: "enterprise",
    requests_per_minute: 10_000,
  }));
});

describe("generated types", () => {
  it("match the API's /v1/openapi.json (regenerate with `npm run generate` in clients/typescript when this fails)", async () => {
    const document = await (await fetch(`${baseUrl}/v1/openapi.json`)).json();
    expect(await readFile(SCHEMA_FILE, "utf8")).toBe(await renderSchema(document));
  });
});

describe("named methods", () => {
  it("reads any page's main content as Markdown with page(), its links absolute", async () => {
    const client = createWebDataClient({ baseUrl, apiKey: secret });
    const answer = await client.page(`${inject("replicasUrl")}/amazon/dp/B0057OC5O8`, { formats: "markdown,links" });
    expect(answer.data.markdown).toMatch(/^# \S/);
    expect(answer.data.links!.length).toBeGreaterThan(0);
    expect(answer.data.links!.every((link) => /^https?:\/\//.test(link.url))).toBe(true);
    expect(answer.meta.completeness.content_characters).toBeGreaterThan(0);
  });

  it("reads a product found by a search", async () => {
    const client = createWebDataClient({ baseUrl, apiKey: secret });
    const search = await client.search("walmart", { q: "kettle" });
    const first = search.data.results.find((item) => !item.sponsored)!;
    const product = await client.product("walmart", { id: first.id!, maxAge: 3600 });
    expect(product.status).toBe("success");
    expect(product.data.id).toBe(first.id);
    expect(product.data.title).toEqual(expect.any(String));
    expect(product.data.price?.amount).toBeGreaterThan(0);
    expect(product.data.price?.currency).toBe("USD");
    expect(product.meta.request_id).toMatch(/^req_/);
  });

  it("pages a hotel search to its last page, with the key as a bearer token and the currency header", async () => {
    const client = createWebDataClient({ baseUrl, apiKey: secret, auth: "bearer" });
    const query = { destination: "Dublin", checkIn: day(20), checkOut: day(22), limit: 5, currency: "USD" };
    const first = await client.hotels.search("booking", query);
    expect(first.data.location?.name).toBe("Dublin");
    const { total, total_pages } = first.meta.pagination;
    expect(total_pages).toBeGreaterThan(1);
    const hotels = [];
    for await (const hotel of client.hotels.searchAll("booking", query)) hotels.push(hotel);
    expect(hotels).toHaveLength(total);
    expect(new Set(hotels.map((hotel) => hotel.id)).size).toBe(total);
    expect(hotels.slice(0, 5).map((hotel) => hotel.id)).toEqual(first.data.hotels.map((hotel) => hotel.id));
    for (const hotel of hotels) expect(hotel.currency).toBe("USD");
  });

  it("reads any site's list of hotels by its address, each score out of 10 beside the list's own", async () => {
    const client = createWebDataClient({ baseUrl, apiKey: secret });
    const url = `${inject("replicasUrl")}/real/corpus/batch-26/trip/travelaz_trip_search_oyster_box_umhlanga_usd.html`;
    const list = await client.hotels.list(url, { fresh: "true" });
    expect(list.data.platform).toBe("generic");
    expect(list.data.hotels[0]).toMatchObject({ name: "The Oyster Box", price_per_night: 435, currency: "USD" });
    expect(list.data.hotels[0]?.review_score_original).toEqual({ score: 9.5, scale: 10 });
  });

  it("iterates the dataset list to its end, and a dataset's records by cursor pages equal to its stream", async () => {
    const client = createWebDataClient({ baseUrl, apiKey: secret });
    const first = await client.datasets.list({ limit: 5 });
    expect(first.meta.pagination.total_pages).toBeGreaterThan(1);
    const slugs: string[] = [];
    for await (const dataset of client.datasets.all({ limit: 5 })) slugs.push(dataset.slug);
    expect(slugs).toHaveLength(first.meta.pagination.total);
    expect(new Set(slugs).size).toBe(slugs.length);

    // The public catalogue is collected from the replicas when the stack starts: read the largest.
    const largest = (await client.datasets.list({ sort: "-record_count", limit: 1 })).data[0]!;
    const detail = await client.datasets.get(largest.slug);
    const fields = ["key", ...detail.data.fields.slice(0, 1).map((field) => field.name)];
    const pageSize = Math.min(1000, Math.ceil(largest.record_count / 3)); // a JSON page holds at most 1000
    const paged: Record<string, unknown>[] = [];
    for await (const record of client.datasets.records(largest.slug, { fields: fields.join(","), limit: pageSize })) {
      paged.push(record);
    }
    expect(paged).toHaveLength(largest.record_count);
    for (const record of paged) expect(Object.keys(record)).toEqual([...new Set(fields)]);
    const streamed: Record<string, unknown>[] = [];
    for await (const record of client.datasets.stream(largest.slug, { fields: fields.join(",") }))
      streamed.push(record);
    expect(paged.map((record) => record.key)).toEqual(streamed.map((record) => record.key));
  });

  it("creates a job, waits for it with progress, and streams its results in order", async () => {
    const client = createWebDataClient({ baseUrl, apiKey: secret });
    const body = { requests: [{ path: "/v1/categories" }, { path: "/v1/datasets/no-such-dataset" }] };
    const idempotencyKey = `typed-client-${Date.now()}`;
    const created = await client.jobs.create(body, { idempotencyKey });
    expect((await client.jobs.create(body, { idempotencyKey })).data.id).toBe(created.data.id);
    const seen: string[] = [];
    const job = await client.waitForJob(created.data.id, {
      pollInterval: 300,
      timeout: 50_000,
      onProgress: (read) => seen.push(read.status),
    });
    expect(job.status).toBe("completed");
    expect(job.counts).toMatchObject({ succeeded: 1, failed: 1 });
    expect(seen.at(-1)).toBe("completed");
    const results = [];
    for await (const item of client.jobs.results(created.data.id)) results.push(item);
    expect(results.map((item) => [item.index, item.status, item.http_status])).toEqual([
      [0, "succeeded", 200],
      [1, "failed", 404],
    ]);
    expect(results[1]!.error?.code).toBe("not_found");
  });

  it("throws the error envelope as a WebDataError, from named methods and from api + unwrap", async () => {
    const client = createWebDataClient({ baseUrl, apiKey: secret });
    const named = await client.datasets.get("no-such-dataset").catch((e: unknown) => e);
    expect(named).toBeInstanceOf(WebDataError);
    expect(named).toMatchObject({ status: 404, code: "not_found", requestId: expect.stringMatching(/^req_/) });
    const raw = await client.api
      .GET("/v1/datasets/{slug}", { params: { path: { slug: "no-such-dataset" } } })
      .then(unwrap)
      .catch((e: unknown) => e);
    expect(raw).toMatchObject({ status: 404, code: "not_found" });
    const invalid = await client.datasets.list({ limit: 0 }).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ status: 400, code: "invalid_request" });
    expect((invalid as WebDataError).details.map((detail) => detail.parameter)).toContain("limit");
  });

  it("manages keys, webhooks and watches, and reads usage", async () => {
    const client = createWebDataClient({ baseUrl, apiKey: secret });
    const key = await client.keys.create({ name: "sdk key", scopes: ["catalogue:read"] });
    expect(key.data.secret).toMatch(/^wdk_/);
    expect((await client.keys.list()).data.map((listed) => listed.id)).toContain(key.data.key.id);
    await client.keys.revoke(key.data.key.id);
    const revoked = (await client.keys.list()).data.find((listed) => listed.id === key.data.key.id);
    expect(revoked?.revoked_at ?? null).not.toBeNull();

    const hook = await client.webhooks.create({ url: `${inject("webhookReceiverUrl")}/sdk` });
    expect((await client.webhooks.get(hook.data.webhook.id)).data.url).toBe(hook.data.webhook.url);
    expect((await client.webhooks.test(hook.data.webhook.id)).data.delivery_id).toEqual(expect.any(String));
    await client.webhooks.delete(hook.data.webhook.id);
    await expect(client.webhooks.get(hook.data.webhook.id)).rejects.toMatchObject({ status: 404 });

    const watch = await client.watches.create({
      kind: "product",
      platform: "amazon",
      id: "B0057OC5O8",
      condition: "below",
      threshold: 5,
    });
    expect((await client.watches.get(watch.data.id)).data.threshold).toBe(5);
    await client.watches.delete(watch.data.id);
    expect((await client.watches.list()).data.map((listed) => listed.id)).not.toContain(watch.data.id);
    expect((await client.usage()).data.account_id).toEqual(expect.any(String));
  });

  it("retries a 429 after the Retry-After it names", { timeout: 90_000 }, async () => {
    const limited = await createAccountKey(baseUrl, adminToken, {
      name: "e2e client, two a minute",
      plan: "enterprise",
      requests_per_minute: 2,
    });
    const seen: { status: number; retryAfter: string | null; at: number }[] = [];
    const client = createWebDataClient({
      baseUrl,
      apiKey: limited.secret,
      fetch: async (request) => {
        const response = await fetch(request);
        seen.push({ status: response.status, retryAfter: response.headers.get("Retry-After"), at: Date.now() });
        return response;
      },
    });
    // Two calls and the refused third in one calendar minute: not in its last seconds.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 55_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
    for (let i = 0; i < 2; i++) await client.usage();
    const usage = await client.usage();
    // The third call of the minute was refused, waited out, and answered in the next minute.
    expect(seen.map((s) => s.status)).toEqual([200, 200, 429, 200]);
    const refused = seen[2]!;
    const waitedMs = seen[3]!.at - refused.at;
    expect(waitedMs).toBeGreaterThanOrEqual(Number(refused.retryAfter) * 1000 - 50);
    expect(usage.data.minute.used).toBe(1);
  });
});
