import { beforeAll, describe, expect, inject, it } from "vitest";
import { createAccountKey } from "../../scripts/local-stack.ts";

// An account's own dataset end to end: created from a recipe, refreshed twice through the batch
// job pipeline against the replica sites while their prices move, read by changed_since and
// history, invisible to another account.
const baseUrl = inject("baseUrl");
const adminToken = inject("adminToken");
const replicasUrl = inject("replicasUrl");

let owner: string;
let stranger: string;

async function api(secret: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { "X-API-KEY": secret, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as any };
}

/**
 * Waits for a refresh's batch job to finish (catalogue reads are edge-cached for a minute, so the
 * job and the records route, which are not, tell when it did); returns the snapshot the records
 * route then reads.
 */
async function refreshed(slug: string, refresh: { job_id: string; snapshot_id: string }) {
  for (let attempt = 0; attempt < 240; attempt++) {
    const job = (await api(owner, "GET", `/v1/jobs/${refresh.job_id}`)).body.data;
    if (job.status === "completed" || job.status === "failed") break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const page = (await api(owner, "GET", `/v1/datasets/${slug}/records?limit=1`)).body;
  expect(page.meta.snapshot?.id).toBe(refresh.snapshot_id);
  return page.meta.snapshot as { id: string; finished_at: string; records: number };
}

beforeAll(async () => {
  ({ secret: owner } = await createAccountKey(baseUrl, adminToken, { name: "e2e datasets", plan: "pro" }));
  ({ secret: stranger } = await createAccountKey(baseUrl, adminToken, { name: "e2e stranger", plan: "pro" }));
});

describe("an account's own dataset", () => {
  it("collects from the replicas, records what changed between refreshes, and is a 404 to others", async () => {
    const created = await api(owner, "POST", "/v1/datasets", {
      name: "Power bank prices",
      recipe: { kind: "search", platforms: ["amazon"], queries: ["power bank"], pages: 1, max_age: 0 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { slug, visibility, refresh } = created.body.data;
    expect(visibility).toBe("private");
    expect(refresh.items).toBe(1);
    const first = await refreshed(slug, refresh);
    expect(first.records).toBeGreaterThanOrEqual(3);
    // A refresh keeps each answer once, as the snapshot's records: its job lists outcomes, not data.
    const results = (await api(owner, "GET", `/v1/jobs/${refresh.job_id}/results?format=json`)).body.data;
    expect(results.map((item: any) => [item.status, item.data])).toEqual([["succeeded", null]]);

    const before = (await api(owner, "GET", `/v1/datasets/${slug}/records?limit=1000`)).body;
    expect(before.data).toHaveLength(first.records);
    for (const record of before.data) expect(record.source_url).toMatch(/^http:\/\/(127\.0\.0\.1|localhost)/);
    const target = before.data.find((r: any) => typeof r.price === "number");
    const newPrice = Math.round(target.price * 70) / 100;
    const moved = await fetch(`${replicasUrl}/_admin/price`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ platform: "amazon", id: target.id, amount: newPrice }),
    });
    expect(moved.status).toBe(200);

    const again = await api(owner, "POST", `/v1/datasets/${slug}/refresh`);
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    const busy = await api(owner, "POST", `/v1/datasets/${slug}/refresh`);
    expect([202, 409]).toContain(busy.status);
    const second = await refreshed(slug, again.body.data);
    expect(second.records).toBe(first.records);

    const since = first.finished_at;
    const changed = (await api(owner, "GET", `/v1/datasets/${slug}/records?changed_since=${since}&limit=1000`)).body
      .data;
    expect(changed.map((r: any) => r.key)).toContain(target.key);
    expect(changed.find((r: any) => r.key === target.key).price).toBe(newPrice);
    expect(changed.length).toBeLessThan(before.data.length);

    const history = await api(owner, "GET", `/v1/datasets/${slug}/records/${encodeURIComponent(target.key)}/history`);
    expect(history.body.data.points.map((p: any) => p.values.price)).toEqual([target.price, newPrice]);

    // The product read directly (and live: other tests may have cached its page) adds to its price history.
    expect((await api(owner, "GET", `/v1/amazon?asin=${target.id}&fresh=true`)).status).toBe(200);
    const productHistory = await api(owner, "GET", `/v1/amazon/history?asin=${target.id}`);
    expect(productHistory.status).toBe(200);
    expect(productHistory.body.data.points.at(-1).last).toBe(newPrice);

    for (const path of [
      `/v1/datasets/${slug}`,
      `/v1/datasets/${slug}/records`,
      `/v1/datasets/${slug}/records/${encodeURIComponent(target.key)}/history`,
    ]) {
      const other = await api(stranger, "GET", path);
      expect(other.status, path).toBe(404);
    }
    expect((await api(stranger, "POST", `/v1/datasets/${slug}/refresh`)).status).toBe(404);
    expect((await api(stranger, "DELETE", `/v1/datasets/${slug}`)).status).toBe(404);
    const listed = (await api(stranger, "GET", "/v1/datasets?limit=100")).body.data.map((d: any) => d.slug);
    expect(listed).not.toContain(slug);
    const own = (await api(owner, "GET", "/v1/datasets?limit=100")).body.data.map((d: any) => d.slug);
    expect(own).toContain(slug);

    expect((await api(owner, "DELETE", `/v1/datasets/${slug}`)).status).toBe(200);
    expect((await api(owner, "GET", `/v1/datasets/${slug}`)).status).toBe(404);
  });

  it("refuses a recipe whose calls cannot run, naming them", async () => {
    const bad = await api(owner, "POST", "/v1/datasets", {
      name: "Nowhere",
      recipe: { kind: "search", platforms: ["nowhere"], queries: ["x"] },
    });
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
    expect(bad.body.error.details[0].parameter).toBe("recipe.platforms");
  });
});

describe("the public catalogue on a fresh stack", () => {
  it("holds records collected from the replica sites through the pipeline", async () => {
    const list = (await api(owner, "GET", "/v1/datasets?limit=100")).body.data.filter(
      (d: any) => d.visibility === "public",
    );
    expect(list.length).toBe(14);
    const filled = list.filter((d: any) => d.record_count > 0);
    expect(filled.length, list.map((d: any) => `${d.slug}: ${d.record_count}`).join(", ")).toBe(14);
    const records = (await api(owner, "GET", "/v1/datasets/hotel-rates-paris/records?limit=5")).body;
    expect(records.data.length).toBe(5);
    for (const record of records.data) expect(record.source_url ?? "").toMatch(/^http:\/\/(127\.0\.0\.1|localhost)/);
  });
});
