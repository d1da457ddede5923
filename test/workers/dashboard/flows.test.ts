// The dashboard's flows around keys and events: scopes chosen per key, a confirmation before
// anything is removed, one kind of watch at a time with its prices in their currency, delivery
// payloads, a schedule's runs, help text rendered, and last use counted for every call as a key.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { findLiveKeyById } from "../../../src/db/keys";
import { apiKeys } from "../../../src/db/schema";
import { webhookEndpoints } from "../../../src/db/schema-events";
import { reserveItemForAccount } from "../../../src/durable/account-meter-client";
import { recordCheck } from "../../../src/db/watches";
import { createDelivery } from "../../../src/events/delivery";
import worker from "../../../src/index";
import { call, env, inProcessApi, newAccount, withKey } from "../helpers";
import { createdKey, signedUp, type Visitor } from "../dashboard-visitor";

const db = drizzle(env.DB);

const decode = (html: string) =>
  html.replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">");

/** What the keys page says of a key's last use, once the use written after an answer has landed. */
async function lastUsed(visitor: Visitor, keyId: string): Promise<string> {
  const deadline = Date.now() + 3_000;
  for (;;) {
    const html = (await visitor.get("/dashboard/keys")).html;
    const block = html.slice(html.indexOf(`data-key-id="${keyId}"`));
    const used = /class="last-used">([^<]+)</.exec(block)![1]!;
    if (used !== "never" || Date.now() > deadline) return used;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("keys with chosen scopes", () => {
  it("creates a key holding only the scopes ticked, and refuses one with none", async () => {
    const { visitor } = await signedUp();
    const form = (await visitor.get("/dashboard/keys")).html;
    expect(form).toContain('<input type="checkbox" name="scopes" value="products:read" checked=""/>');
    expect(form).toContain('<input type="checkbox" name="scopes" value="keys:write"/>');
    const { keyId, secret } = await createdKey(visitor, "reader", ["products:read"]);
    const page = (await visitor.get("/dashboard/keys")).html;
    expect(page.slice(page.indexOf(`data-key-id="${keyId}"`))).toMatch(/class="scopes">products:read</);
    expect((await call("/v1/watches", withKey(secret))).status).toBe(403);
    expect((await call("/v1/usage", withKey(secret))).status).toBe(200);
    const none = await visitor.post("/dashboard/keys", { name: "nothing" });
    expect(none.status).toBe(400);
    expect(none.html).toContain("Choose at least one scope for the key.");
  });
});

describe("confirmations", () => {
  it("asks before deleting an endpoint or a watch, and deletes only from the confirmation's button", async () => {
    const { visitor, firstKey } = await signedUp();
    const added = await visitor.post("/dashboard/events/webhooks", { url: "https://hooks.example.com/in" });
    const hookId = /data-webhook-id="(wh_[^"]+)"/.exec(added.html)![1]!;
    const askedHook = await visitor.post(`/dashboard/events/webhooks/${hookId}/delete`, {});
    expect(askedHook.status).toBe(200);
    expect(askedHook.html).toContain("Delete the endpoint <code>https://hooks.example.com/in</code>?");
    expect(askedHook.html).toContain(`<form method="post" action="/dashboard/events/webhooks/${hookId}/delete">`);
    expect((await visitor.get("/dashboard/events")).html).toContain(`data-webhook-id="${hookId}"`);
    await visitor.post(`/dashboard/events/webhooks/${hookId}/delete`, { confirm: "yes" });
    expect((await visitor.get("/dashboard/events")).html).not.toContain(`data-webhook-id="${hookId}"`);

    const made = await visitor.post("/dashboard/events/watches", {
      key_id: firstKey.keyId,
      kind: "product",
      platform: "amazon",
      id: "B0057OC5O8",
      condition: "below",
      threshold: "30",
    });
    expect(made.status, made.html).toBe(200);
    const watchId = /data-watch-id="(wat_[^"]+)"/.exec(made.html)![1]!;
    const askedWatch = await visitor.post(`/dashboard/events/watches/${watchId}/delete`, {});
    expect(askedWatch.html).toContain("Delete the watch of product <code>B0057OC5O8</code> on amazon?");
    expect((await visitor.get("/dashboard/events")).html).toContain(`data-watch-id="${watchId}"`);
    await visitor.post(`/dashboard/events/watches/${watchId}/delete`, { confirm: "yes" });
    expect((await visitor.get("/dashboard/events")).html).not.toContain(`data-watch-id="${watchId}"`);
  });
});

describe("watches on the events page", () => {
  it("asks for one kind at a time: a hotel's fields or a product's, never both", async () => {
    const { visitor } = await signedUp();
    const hotel = (await visitor.get("/dashboard/events")).html;
    expect(hotel).toContain('<input type="hidden" name="kind" value="hotel"/>');
    expect(hotel).toContain('id="watch-destination"');
    expect(hotel).not.toContain('id="watch-id"');
    expect(hotel).toContain('<option value="booking">');
    expect(hotel).not.toContain('<option value="amazon">');
    const product = (await visitor.get("/dashboard/events?watch=product")).html;
    expect(product).toContain('<input type="hidden" name="kind" value="product"/>');
    expect(product).toContain('id="watch-id"');
    expect(product).not.toContain('id="watch-destination"');
    expect(product).toContain('<option value="amazon">');
    expect(product).not.toContain('<option value="booking">');
  });

  it("shows what a watch watches in words and every price with its currency", async () => {
    const { visitor, firstKey } = await signedUp();
    const made = await visitor.post("/dashboard/events/watches", {
      key_id: firstKey.keyId,
      kind: "product",
      platform: "amazon",
      id: "B0057OC5O8",
      condition: "below",
      threshold: "30",
    });
    const watchId = /data-watch-id="(wat_[^"]+)"/.exec(made.html)![1]!;
    const block = (html: string) => decode(html.slice(html.indexOf(`data-watch-id="${watchId}"`)));
    expect(block(made.html)).toContain("product B0057OC5O8 on amazon");
    expect(block(made.html)).toContain("drops below 30.00 (the page's currency)");
    expect(block(made.html)).toContain("not seen yet (the first check arms the watch)");
    const now = new Date();
    await recordCheck(db, watchId, {
      nextCheckAt: now,
      lastCheckedAt: now,
      consecutiveFailures: 0,
      lastError: null,
      lastPrice: 24.99,
      currency: "USD",
    });
    const page = block((await visitor.get("/dashboard/events")).html);
    expect(page).toContain("drops below 30.00 USD");
    expect(page).toContain('<span class="last-price">24.99 USD</span>');
    expect(page).not.toContain('{"id"');
  });
});

describe("delivery log and schedule runs", () => {
  it("shows the payload each delivery sends", async () => {
    const { visitor } = await signedUp();
    const added = await visitor.post("/dashboard/events/webhooks", { url: "https://hooks.example.com/in" });
    const hookId = /data-webhook-id="(wh_[^"]+)"/.exec(added.html)![1]!;
    const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hookId));
    const now = Date.now();
    // Recorded, due next hour: the log shows it pending with the body it will send.
    await createDelivery(
      env,
      endpoint!,
      "product.price_changed",
      { old_price: 24.99, new_price: 19.5 },
      now,
      now + 3_600_000,
    );
    const log = decode((await visitor.get(`/dashboard/events/webhooks/${hookId}`)).html);
    expect(log).toContain("<summary>Payload</summary>");
    expect(log).toContain('"type": "product.price_changed"');
    expect(log).toContain('"new_price": 19.5');
    expect(log).toContain('<table id="deliveries" class="stack">');
  });

  it("lists a schedule's runs, each with a link to the answer it stored", async () => {
    const { visitor, firstKey } = await signedUp();
    const created = await visitor.post("/dashboard/events/schedules", {
      key_id: firstKey.keyId,
      cron: "* * * * *",
      path: "/v1/categories",
    });
    const id = /data-schedule-id="(sch_[^"]+)"/.exec(created.html)![1]!;
    expect(created.html).toContain(`href="/dashboard/events/schedules/${id}"`);
    const schedule = (await (await call(`/v1/schedules/${id}`, withKey(firstKey.secret))).json()) as any;
    const slot = Date.parse(schedule.data.next_run_at);
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "* * * * *", scheduledTime: slot + 500 }), env, ctx);
    await waitOnExecutionContext(ctx);

    const page = await visitor.get(`/dashboard/events/schedules/${id}`);
    expect(page.status).toBe(200);
    const run = /data-run-id="([^"]+)"/.exec(page.html)![1]!;
    expect(page.html).toContain('<td data-label="Status" class="run-status">succeeded</td>');
    const answer = await visitor.get(`/dashboard/events/schedules/${id}/runs/${run}`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.html).data.length).toBeGreaterThan(0);
    const other = await signedUp();
    expect((await other.visitor.get(`/dashboard/events/schedules/${id}`)).status).toBe(404);
    expect((await other.visitor.get(`/dashboard/events/schedules/${id}/runs/${run}`)).status).toBe(404);
  }, 30_000);
});

describe("help text", () => {
  it("shows the API's code spans as code, never as raw backticks", async () => {
    const { visitor } = await signedUp();
    const page = await visitor.get(
      `/dashboard/playground?op=${encodeURIComponent("/v1/travel/{platform}/hotels/search")}`,
    );
    const help = [...page.html.matchAll(/<p class="help"[^>]*>(.*?)<\/p>/gs)].map(([, text]) => text!);
    expect(help.some((text) => text.includes("<code>"))).toBe(true);
    expect(help.filter((text) => text.includes("`"))).toEqual([]);
  });
});

describe("last use of a key", () => {
  it("counts a playground call, a watch made and a job started from the dashboard as uses of their key", async () => {
    const { visitor } = await signedUp();
    const player = await createdKey(visitor, "player");
    expect(await lastUsed(visitor, player.keyId)).toBe("never");
    await visitor.post("/dashboard/playground", { op: "/v1/categories", key_id: player.keyId });
    expect(await lastUsed(visitor, player.keyId)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);

    const watcher = await createdKey(visitor, "watcher");
    await visitor.post("/dashboard/events/watches", {
      key_id: watcher.keyId,
      kind: "product",
      platform: "amazon",
      id: "B0057OC5O8",
      condition: "below",
      threshold: "30",
    });
    expect(await lastUsed(visitor, watcher.keyId)).toMatch(/UTC$/);

    const batch = await createdKey(visitor, "batch");
    const started = await visitor.post("/dashboard/jobs", {
      key_id: batch.keyId,
      platform: "amazon",
      kind: "product",
      inputs: "B0057OC5O8",
    });
    expect(started.status).toBe(303);
    expect(await lastUsed(visitor, batch.keyId)).toMatch(/UTC$/);
  }, 30_000);
});

describe("last use of a key through the in-process caller", () => {
  it("counts a job item's call, prepaid and never admitted on its own, as a use of its key", async () => {
    const { keyId, accountId } = await newAccount();
    const identity = (await findLiveKeyById(db, keyId))!;
    const prepaid = await reserveItemForAccount(env, accountId, identity.perMonth, `job:test:${keyId}`);
    const ctx = createExecutionContext();
    const { response } = await inProcessApi().getData(env, ctx, identity, "/v1/categories", { prepaid });
    expect(response.status).toBe(200);
    await waitOnExecutionContext(ctx);
    const [key] = await db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
    expect(key!.lastUsedAt).toBeInstanceOf(Date);
  });
});
