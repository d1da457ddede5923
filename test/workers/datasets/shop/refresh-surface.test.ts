// What a whole-shop refresh shows its owner: the latest refresh's counts (GET /v1/datasets/{slug}/refresh
// and the dataset's dashboard page), and watches over the whole dataset that fire after a refresh
// with the products that matched; another account's dataset is not found and a key without the
// dataset's scopes is refused. Two refreshes are closed through the jobs' own end hook over products
// recorded as the crawl records them (the crawl itself is proven on the replicas, datasets-shop e2e).
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../../../src/app";
import { webhookDeliveries } from "../../../../src/db/schema-events";
import { PASSWORD, signedUp, uniqueEmail, Visitor } from "../../dashboard-visitor";
import { admin, callApp, env, newAccount, type TestAccount, withKey } from "../../helpers";
import { product, refresh, shopDataset } from "../../shop-fixtures";

const db = drizzle(env.DB);

// Webhook sends go to 127.0.0.1:1, where nothing listens: each event is recorded, and its send fails at once.
const hookEnv = { ...env, SSRF_ALLOW_HOSTS: "127.0.0.1:1" } as Env;
const app = createApp();

async function json(secret: string, method: string, path: string, body?: unknown) {
  const init = withKey(secret, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const response = await callApp(app, path, init, hookEnv);
  return { status: response.status, body: (await response.json()) as any };
}

const eventsOf = async (endpointId: string) =>
  (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId))).map(
    (row) => JSON.parse(row.payload) as { type: string; data: any },
  );

let owner: TestAccount;
let datasetId: number;
const SLUG = "shop-surface-owner";

beforeAll(async () => {
  owner = await newAccount({ plan: "pro" });
  datasetId = await shopDataset(owner, SLUG);
});

describe("watches over a whole shop and its refresh counts", () => {
  it("refuses a dataset watch the key may not read, another account's dataset, and a condition without its threshold", async () => {
    const other = await newAccount({ plan: "pro" });
    const otherSlug = "shop-surface-other";
    await shopDataset(other, otherSlug);
    const foreign = await json(owner.secret, "POST", "/v1/watches", {
      kind: "dataset",
      dataset: otherSlug,
      condition: "added",
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toContain(otherSlug);
    expect((await json(owner.secret, "GET", `/v1/datasets/${otherSlug}/refresh`)).status).toBe(404);

    const narrow = await json(owner.secret, "POST", "/v1/keys", {
      name: "events only",
      scopes: ["events:write", "catalogue:read"],
    });
    expect(narrow.status, JSON.stringify(narrow.body)).toBe(201);
    const refused = await json(narrow.body.data.secret, "POST", "/v1/watches", {
      kind: "dataset",
      dataset: SLUG,
      condition: "added",
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/products:read/);

    const noThreshold = await json(owner.secret, "POST", "/v1/watches", {
      kind: "dataset",
      dataset: SLUG,
      condition: "drop_percent",
    });
    expect(noThreshold.status).toBe(400);
    expect(noThreshold.body.error.details.map((d: any) => d.parameter)).toContain("threshold");
  });

  it("fires after a refresh with the products that dropped 10 % or more, were added or were removed, and counts the refresh", async () => {
    const hook = await json(owner.secret, "POST", "/v1/webhooks", {
      url: "http://127.0.0.1:1/in",
      event_types: ["dataset.products_matched", "dataset.changed"],
    });
    expect(hook.status).toBe(201);
    const endpointId = hook.body.data.webhook.id as string;
    const watches: Record<string, string> = {};
    for (const [condition, threshold] of [["drop_percent", 10], ["added"], ["removed"], ["below", 40]] as const) {
      const made = await json(owner.secret, "POST", "/v1/watches", {
        kind: "dataset",
        dataset: SLUG,
        condition,
        threshold,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(made.body.data).toMatchObject({
        kind: "dataset",
        platform: SLUG,
        target: { dataset: SLUG },
        interval_seconds: 0,
      });
      watches[condition] = made.body.data.id;
    }

    await refresh(owner, datasetId, 1, [product("A", 100), product("B", 50), product("C", 20)], [], hookEnv);
    const first = await json(owner.secret, "GET", `/v1/datasets/${SLUG}/refresh`);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      status: "complete",
      shop: { added: 3, removed: 0, price_changed: 0, products: 3 },
    });

    // A drops 15 %, B 4 % (to 48, under 40? no), C is taken down, D appears.
    await refresh(owner, datasetId, 2, [product("A", 85), product("B", 48), product("D", 30)], ["C"], hookEnv);
    const second = await json(owner.secret, "GET", `/v1/datasets/${SLUG}/refresh`);
    expect(second.body.data).toMatchObject({
      dataset: SLUG,
      status: "complete",
      items_done: 1,
      shop: { added: 1, removed: 1, price_changed: 2, products: 3 },
    });

    const events = await eventsOf(endpointId);
    const matched = events.filter((event) => event.type === "dataset.products_matched");
    const byWatch = new Map(matched.map((event) => [event.data.watch_id, event.data]));
    // The first refresh added all three: the `added` watch fired then too.
    expect(matched.filter((event) => event.data.watch_id === watches.added).map((e) => e.data.matched)).toEqual([3, 1]);
    expect(byWatch.get(watches.drop_percent)).toMatchObject({
      dataset: SLUG,
      condition: "drop_percent",
      threshold: 10,
      matched: 1,
      truncated: false,
      products: [{ key: "shop.example:A", title: "Product A", currency: "EUR", price: 85, previous_price: 100 }],
    });
    expect(byWatch.get(watches.removed).products.map((p: any) => p.key)).toEqual(["shop.example:C"]);
    expect(
      matched
        .filter((event) => event.data.watch_id === watches.added)
        .at(-1)!
        .data.products.map((p: any) => p.key),
    ).toEqual(["shop.example:D"]);
    // No price fell below 40: that watch never fired.
    expect(byWatch.has(watches.below)).toBe(false);
    const changed = events.filter((event) => event.type === "dataset.changed").at(-1)!;
    expect(changed.data).toMatchObject({ dataset: SLUG, added: 1, removed: 1, price_changed: 2, products: 3 });

    const watch = await json(owner.secret, "GET", `/v1/watches/${watches.drop_percent}`);
    expect(watch.body.data.last_fired_at).not.toBeNull();
    expect((await json(owner.secret, "POST", `/v1/watches/${watches.drop_percent}/check`)).status).toBe(400);

    // The dashboard's page of the dataset shows the same counts to its account, and nothing to another.
    const email = uniqueEmail();
    const user = await admin(`/v1/admin/accounts/${owner.accountId}/user`, "POST", { email, password: PASSWORD });
    expect(user.status).toBe(201);
    const visitor = new Visitor();
    await visitor.get("/dashboard/login");
    expect((await visitor.post("/dashboard/login", { email, password: PASSWORD })).status).toBe(303);
    const page = await visitor.get(`/dashboard/catalogue/${SLUG}`);
    expect(page.status).toBe(200);
    const summary = /<section id="last-refresh"[\s\S]*?<\/section>/.exec(page.html)![0];
    expect(summary).toContain('data-status="complete"');
    const counts = Object.fromEntries(
      [...summary.matchAll(/data-count="(\w+)">([^<]*)</g)].map(([, name, value]) => [name, value]),
    );
    expect(counts).toEqual({ added: "1", removed: "1", price_changed: "2", products: "3", pages: "0" });
    const { visitor: stranger } = await signedUp();
    expect((await stranger.get(`/dashboard/catalogue/${SLUG}`)).status).toBe(404);
  }, 30_000);
});
