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

describe("typed client", () => {
  it("reads any page's main content as Markdown with page(), its links absolute", async () => {
    const client = createWebDataClient({ baseUrl, apiKey: secret });
    const answer = await client.page(`${inject("replicasUrl")}/amazon/dp/B0057OC5O8`, { formats: "markdown,links" });
    expect(answer.data.markdown).toMatch(/^# \S/);
    expect(answer.data.links!.length).toBeGreaterThan(0);
    expect(answer.data.links!.every((link) => /^https?:\/\//.test(link.url))).toBe(true);
    expect(answer.meta.completeness.content_characters).toBeGreaterThan(0);
  });

  it("reads a product found by a search, with the key as a header", async () => {
    const client = createWebDataClient({ baseUrl, apiKey: secret });
    const search = unwrap(
      await client.api.GET("/v1/{platform}/search", {
        params: { path: { platform: "walmart" }, query: { q: "kettle" } },
      }),
    );
    const first = search.data.results.find((item) => !item.sponsored)!;
    const product = unwrap(
      await client.api.GET("/v1/{platform}", { params: { path: { platform: "walmart" }, query: { id: first.id! } } }),
    );
    expect(product.status).toBe("success");
    expect(product.data.id).toBe(first.id);
    expect(product.data.title).toEqual(expect.any(String));
    expect(product.data.price?.amount).toBeGreaterThan(0);
    expect(product.data.price?.currency).toBe("USD");
    expect(product.meta.request_id).toMatch(/^req_/);
  });

  it("searches hotels with the key as a bearer token", async () => {
    const client = createWebDataClient({ baseUrl, apiKey: secret, auth: "bearer" });
    const answer = unwrap(
      await client.api.GET("/v1/travel/{platform}/hotels/search", {
        params: {
          path: { platform: "booking" },
          query: { destination: "Dublin", check_in: day(20), check_out: day(22) },
          // Typed as the docs spell it (`X-Currency`, the packed client's test) and in lower case.
          header: { "x-currency": "USD" },
        },
      }),
    );
    expect(answer.data.location?.name).toBe("Dublin");
    expect(answer.data.hotels.length).toBeGreaterThan(0);
    for (const hotel of answer.data.hotels) expect(hotel.currency).toBe("USD");
    // `data.meta.platforms` is typed loosely in the document (a map of per-platform reports).
    expect((answer.data.meta.platforms as Record<string, { status: string }>).booking?.status).toBe("ok");
  });

  it("iterates a paged dataset list to its end, and streams records", async () => {
    const client = createWebDataClient({ baseUrl, apiKey: secret });
    const first = unwrap(await client.api.GET("/v1/datasets", { params: { query: { limit: 5 } } }));
    expect(first.meta.pagination.total_pages).toBeGreaterThan(1);
    const slugs: string[] = [];
    for await (const dataset of client.datasets({ limit: 5 })) slugs.push(dataset.slug);
    expect(slugs).toHaveLength(first.meta.pagination.total);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs.slice(0, 5)).toEqual(first.data.map((d) => d.slug));

    // The public catalogue is collected from the replicas when the stack starts: read the largest.
    const query = { sort: "-record_count", limit: 1 } as const;
    const largest = unwrap(await client.api.GET("/v1/datasets", { params: { query } })).data[0]!;
    const detail = unwrap(await client.api.GET("/v1/datasets/{slug}", { params: { path: { slug: largest.slug } } }));
    const fields = detail.data.fields.slice(0, 2).map((field) => field.name);
    const records: Record<string, unknown>[] = [];
    for await (const record of client.records(largest.slug, { fields: fields.join(",") })) records.push(record);
    expect(records).toHaveLength(largest.record_count);
    for (const record of records) expect(Object.keys(record)).toEqual(fields);
  });

  it("streams a batch job's results in order, the Idempotency-Key sent as a plain header", async () => {
    const client = createWebDataClient({ baseUrl, apiKey: secret });
    const body = {
      requests: [{ path: "/v1/categories" }, { path: "/v1/datasets/no-such-dataset" }],
    };
    const headers = { "Idempotency-Key": `typed-client-${Date.now()}` };
    const created = unwrap(await client.api.POST("/v1/jobs", { body, headers }));
    expect(unwrap(await client.api.POST("/v1/jobs", { body, headers })).data.id).toBe(created.data.id);
    const params = { path: { id: created.data.id } };
    let job = unwrap(await client.api.GET("/v1/jobs/{id}", { params }));
    for (const deadline = Date.now() + 50_000; job.data.status === "queued" || job.data.status === "running"; ) {
      if (Date.now() > deadline) throw new Error(`job still ${job.data.status}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      job = unwrap(await client.api.GET("/v1/jobs/{id}", { params }));
    }
    const results = [];
    for await (const item of client.jobResults(created.data.id)) results.push(item);
    expect(results.map((item) => [item.index, item.status, item.http_status])).toEqual([
      [0, "succeeded", 200],
      [1, "failed", 404],
    ]);
    expect(results[1]!.error?.code).toBe("not_found");
  });

  it("throws the error envelope as a WebDataError", async () => {
    const client = createWebDataClient({ baseUrl, apiKey: secret });
    const error = await client.api
      .GET("/v1/datasets/{slug}", { params: { path: { slug: "no-such-dataset" } } })
      .then(unwrap)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebDataError);
    expect(error).toMatchObject({ status: 404, code: "not_found", requestId: expect.stringMatching(/^req_/) });
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
    for (let i = 0; i < 2; i++) unwrap(await client.api.GET("/v1/usage"));
    const usage = unwrap(await client.api.GET("/v1/usage"));
    // The third call of the minute was refused, waited out, and answered in the next minute.
    expect(seen.map((s) => s.status)).toEqual([200, 200, 429, 200]);
    const refused = seen[2]!;
    const waitedMs = seen[3]!.at - refused.at;
    expect(waitedMs).toBeGreaterThanOrEqual(Number(refused.retryAfter) * 1000 - 50);
    expect(usage.data.minute.used).toBe(1);
  });
});
