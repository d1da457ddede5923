import { beforeAll, describe, expect, inject, it } from "vitest";
import { createAccountKey } from "../../scripts/local-stack.ts";
import { groundTruth } from "../../replicas/shops/catalogue.ts";
import { shopSpec } from "../../replicas/shops/index.ts";
import type { LoggedRequest } from "../../replicas/shops/site.ts";
import { parseRobots } from "../../src/datasets/shop/robots.ts";

// A whole-shop dataset end to end: the trailhead replica built with 400 products (the 2,400 of the
// named shop take minutes more to read and prove nothing more; a gzip sitemap index,
// paginated collections, products only in the sitemap or only in a collection, tracking links,
// taken-down products) crawled through the batch-job pipeline; measured against the replica's
// ground truth; refreshed after the shop changed; and checked against the replica's request log
// for robots.txt's rules and crawl-delay.
const baseUrl = inject("baseUrl");
const adminToken = inject("adminToken");
const replicasUrl = inject("replicasUrl");
const receiverUrl = inject("webhookReceiverUrl");
const SHOP = "trailhead-400";
const spec = shopSpec(SHOP);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let owner: string;

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { "X-API-KEY": owner, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as any };
}

const replicaAdmin = async (path: string, body?: unknown) =>
  (
    await fetch(`${replicasUrl}/_admin/${path}`, {
      method: body ? "POST" : "GET",
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    })
  ).json();

/** Waits for a refresh's job; the snapshot the records route reads then. */
async function refreshed(slug: string, jobId: string) {
  let job: any;
  // Polled every 1.5 s: 40 calls a minute, well within the plan's 100, beside the test's other calls.
  for (let attempt = 0; attempt < 600; attempt++) {
    job = (await api("GET", `/v1/jobs/${jobId}`)).body?.data ?? job;
    if (job?.status === "completed" || job?.status === "failed") break;
    await sleep(1_500);
  }
  expect(job.status, JSON.stringify(job)).toBe("completed");
  const page = (await api("GET", `/v1/datasets/${slug}/records?limit=1`)).body;
  return page.meta.snapshot as { id: string; finished_at: string; records: number };
}

/** Every record of the dataset's latest snapshot (or those changed since a time). */
async function allRecords(slug: string, query = ""): Promise<any[]> {
  const response = await fetch(`${baseUrl}/v1/datasets/${slug}/records?format=ndjson${query}`, {
    headers: { "X-API-KEY": owner },
  });
  expect(response.status).toBe(200);
  return (await response.text())
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

const deliveries = async (path: string) =>
  (await (await fetch(`${receiverUrl}/_admin/deliveries?path=${encodeURIComponent(path)}`)).json()) as {
    body: string;
  }[];

beforeAll(async () => {
  ({ secret: owner } = await createAccountKey(baseUrl, adminToken, { name: "e2e shop", plan: "pro" }));
  await replicaAdmin("shop/generation", { shop: SHOP, generation: 0 });
});

describe("a whole-shop dataset", () => {
  it("finds the shop's products and no other page, tracks what changed, and keeps robots.txt", async () => {
    const hook = await api("POST", "/v1/webhooks", {
      url: `${receiverUrl}/shop-changes`,
      event_types: ["dataset.changed"],
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const logBefore = ((await replicaAdmin(`shop/log?shop=${SHOP}`)) as LoggedRequest[]).length;

    const created = await api("POST", "/v1/datasets", {
      name: "Trailhead catalogue",
      recipe: { kind: "shop", start_urls: [`${replicasUrl}/${SHOP}/`], max_products: 5_000 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { slug, refresh } = created.body.data;
    const first = await refreshed(slug, refresh.job_id);

    // Recall and precision against the replica's ground truth.
    const truth = groundTruth(spec, 0);
    const records = await allRecords(slug);
    const ids = records.map((record) => record.id);
    const found = ids.filter((id) => truth.live.has(id));
    const recall = new Set(found).size / truth.live.size;
    console.log(
      `shop crawl: ${records.length} records, recall ${(recall * 100).toFixed(2)} %, precision ${((found.length / records.length) * 100).toFixed(2)} %`,
    );
    const missed = [...truth.live.values()].filter((p) => !ids.includes(p.sku));
    if (missed.length > 0) console.log("shop crawl missed:", JSON.stringify(missed.slice(0, 20)));
    expect(recall).toBeGreaterThanOrEqual(0.99);
    expect(ids.filter((id) => !truth.live.has(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const record of records.slice(0, 50)) {
      expect(record.price).toBe(truth.live.get(record.id)!.price);
      expect(record.url).not.toMatch(/utm_|variant=|\/collections\//);
      expect(record.first_seen).toBe(record.last_seen);
      expect(record.removed_at).toBeNull();
    }
    // Products only the sitemap lists and products only a collection lists were both found.
    const reached = (reach: string) => [...truth.live.values()].filter((p) => p.reach === reach);
    for (const reach of ["sitemap", "categories"])
      expect(reached(reach).filter((p) => ids.includes(p.sku)).length).toBe(reached(reach).length);

    // The shop changes: products added, taken down (404) and re-priced.
    await replicaAdmin("shop/generation", { shop: SHOP, generation: 1 });
    const again = await api("POST", `/v1/datasets/${slug}/refresh`);
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    await refreshed(slug, again.body.data.job_id);
    const changes = groundTruth(spec, 1);
    const changed = await allRecords(slug, `&changed_since=${encodeURIComponent(first.finished_at)}`);
    const byId = new Map(changed.map((record) => [record.id, record]));
    expect([...byId.keys()].sort()).toEqual([...changes.added, ...changes.removed, ...changes.repriced].sort());
    for (const sku of changes.removed) expect(byId.get(sku).removed_at).not.toBeNull();
    for (const sku of changes.repriced) expect(byId.get(sku).price).toBe(changes.live.get(sku)!.price);
    for (const sku of changes.added) expect(byId.get(sku).first_seen).not.toBe(first.finished_at);

    const history = await api(
      "GET",
      `/v1/datasets/${slug}/records/${encodeURIComponent(byId.get(changes.repriced[0]!).key)}/history`,
    );
    expect(history.body.data.points).toHaveLength(2);

    let told: any[] = [];
    for (let attempt = 0; attempt < 40 && told.length < 2; attempt++) {
      told = (await deliveries("/shop-changes")).map((delivery) => JSON.parse(delivery.body));
      await sleep(250);
    }
    expect(told.map((event) => event.type)).toEqual(["dataset.changed", "dataset.changed"]);
    expect(told[1].data).toMatchObject({
      dataset: slug,
      added: changes.added.length,
      removed: changes.removed.length,
      price_changed: changes.repriced.length,
    });

    // The replica's log: nothing robots.txt forbids was fetched, and requests kept its crawl-delay.
    const log = ((await replicaAdmin(`shop/log?shop=${SHOP}`)) as LoggedRequest[]).slice(logBefore);
    expect(log.every((request) => request.userAgent.startsWith("WebDataBot/1.0"))).toBe(true);
    const robots = parseRobots(
      `${replicasUrl}/${SHOP}`,
      await (await fetch(`${replicasUrl}/${SHOP}/robots.txt`)).text(),
    );
    expect(log.filter((request) => !robots.allows(`${replicasUrl}/${SHOP}${request.path}`))).toEqual([]);
    log.sort((a, b) => a.at - b.at);
    const gaps = log
      .slice(1)
      .map((request, index) => request.at - log[index]!.at)
      .sort((a, b) => a - b);
    const percentile = (p: number) => gaps[Math.floor((gaps.length - 1) * p)]!;
    console.log(
      `shop crawl: ${log.length} requests over two refreshes; gaps ms p0 ${gaps[0]} p1 ${percentile(0.01)} p5 ${percentile(0.05)} p50 ${percentile(0.5)}`,
    );
    // Start times are handed out a crawl-delay apart (test/workers/durable/host-budget.test.ts); at the shop a
    // request can arrive late by the network's and the proxies' jitter, so two can land together.
    // What the shop sees over any two seconds is the pace: at most 2 s / crawl-delay requests, plus
    // those a jitter of up to half a second can push in.
    const times = log.map((request) => request.at);
    let busiest = 0;
    for (let first = 0, last = 0; last < times.length; last++) {
      while (times[last]! - times[first]! >= 2_000) first++;
      busiest = Math.max(busiest, last - first + 1);
    }
    const span = (times.at(-1)! - times[0]!) / (times.length - 1);
    console.log(`shop crawl: most requests in any 2 s ${busiest}; mean gap ${span.toFixed(1)} ms`);
    expect(busiest).toBeLessThanOrEqual(Math.ceil(2_500 / robots.delayMs));
    expect(span).toBeGreaterThanOrEqual(robots.delayMs);
  }, 1_200_000);

  it("refuses start addresses the URL guard refuses and a recipe over the plan's items, storing nothing", async () => {
    const inward = await api("POST", "/v1/datasets", {
      name: "Inward",
      recipe: { kind: "shop", start_urls: ["https://example.com/", "http://10.0.0.8/admin"] },
    });
    expect(inward.status, JSON.stringify(inward.body)).toBe(400);
    expect(inward.body.error.details.map((d: any) => d.parameter)).toEqual(["recipe.start_urls[1]"]);

    const { secret: free } = await createAccountKey(baseUrl, adminToken, { name: "e2e shop free", plan: "free" });
    const huge = await fetch(`${baseUrl}/v1/datasets`, {
      method: "POST",
      headers: { "X-API-KEY": free, "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Huge",
        recipe: { kind: "shop", start_urls: ["https://example.com/"], max_products: 50_000 },
      }),
    });
    expect(huge.status).toBe(400);
    expect(((await huge.json()) as any).error.message).toMatch(/1503 calls .* at most 100/);
    const listed = await fetch(`${baseUrl}/v1/datasets?limit=100`, { headers: { "X-API-KEY": free } });
    expect(((await listed.json()) as any).data.filter((d: any) => d.visibility === "private")).toEqual([]);
  });
});
