// Fairness between accounts (review findings 3 and 4): per-plan caps on webhooks, watches and
// schedules; the minute cron serving due work in turns by account within a time budget; and no
// request that costs us going uncounted (MCP protocol messages, dashboard actions) or multiplying
// what one counted request returns (`fields=`, JSON-RPC batches).
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { and, eq, isNotNull, lte } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { apiKeys } from "../../src/db/schema";
import { scheduleRuns, schedules, watches, webhookDeliveries, webhookEndpoints } from "../../src/db/schema-events";
import { createDelivery } from "../../src/events/delivery";
import { processDueSchedules } from "../../src/events/schedules";
import { newWebhookSecret } from "../../src/events/signing";
import worker from "../../src/index";
import { createdKey, signedUp } from "../workers/dashboard-visitor";
import { importRecords } from "../workers/dataset-fixtures";
import {
  awayFromMinuteEdge,
  call,
  env,
  inProcessApi,
  newAccount,
  type TestAccount,
  withKey,
  sendAs,
} from "../workers/helpers";

// Waiting out the end of a minute (so a burst lands in one window) takes up to 11 s.
vi.setConfig({ testTimeout: 30_000 });

const db = drizzle(env.DB);
const json = async (response: Response) => (await response.json()) as any;

const send = sendAs;

const usedThisMonth = async (secret: string): Promise<number> =>
  (await json(await call("/v1/usage", withKey(secret)))).data.month.used;

/** The caps of docs/reliability.md, by plan. */
const CAPS = {
  free: { webhooks: 3, watches: 10, schedules: 10 },
  pro: { webhooks: 10, watches: 100, schedules: 100 },
} as const;
type Kind = keyof (typeof CAPS)["free"];

const CREATE_BODIES: Record<Kind, unknown> = {
  webhooks: { url: "https://hooks.example.com/in" },
  watches: {
    kind: "product",
    platform: "amazon",
    id: "B0057OC5O8",
    condition: "below",
    threshold: 10,
    currency: "USD",
  },
  schedules: { cron: "0 6 * * 1", path: "/v1/categories" },
};

const FAR_AWAY = () => new Date(Date.now() + 365 * 86_400_000);
const seedId = (prefix: string) => `${prefix}_seed${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;

/** Rows written straight to D1, as if created earlier: the API is not the thing under test here. */
async function seed(kind: Kind, owner: { accountId: string; keyId: string }, count: number, dueAt = FAR_AWAY()) {
  for (let i = 0; i < count; i++) {
    if (kind === "webhooks") await seedEndpoint(owner.accountId, "https://hooks.example.com/seeded");
    if (kind === "schedules")
      await db.insert(schedules).values({
        id: seedId("sch"),
        accountId: owner.accountId,
        keyId: owner.keyId,
        cron: "* * * * *",
        path: "/v1/categories",
        nextRunAt: dueAt,
        createdAt: new Date(),
      });
    if (kind === "watches")
      await db.insert(watches).values({
        id: seedId("wat"),
        accountId: owner.accountId,
        keyId: owner.keyId,
        kind: "product",
        platform: "amazon",
        target: JSON.stringify({ id: "B0057OC5O8" }),
        condition: "below",
        threshold: 10,
        currency: "USD",
        intervalSeconds: 60,
        nextCheckAt: dueAt,
        createdAt: new Date(),
      });
  }
}

async function seedEndpoint(accountId: string, url: string) {
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      id: seedId("wh"),
      accountId,
      url,
      eventTypes: JSON.stringify(["webhook.test"]),
      secret: newWebhookSecret(),
      createdAt: new Date(),
    })
    .returning();
  return endpoint!;
}

describe("per-plan caps on webhooks, watches and schedules", () => {
  for (const kind of ["webhooks", "watches", "schedules"] as const) {
    it(`refuses a free account's ${kind} beyond ${CAPS.free[kind]} with 409 and a sentence; a pro account holds more`, async () => {
      const free = await newAccount({ plan: "free" });
      await seed(kind, free, CAPS.free[kind] - 1);
      expect((await send(free.secret, "POST", `/v1/${kind}`, CREATE_BODIES[kind])).status).toBe(201);
      const refused = await send(free.secret, "POST", `/v1/${kind}`, CREATE_BODIES[kind]);
      expect(refused.status).toBe(409);
      const error = (await json(refused)).error;
      expect(error.code).toBe("conflict");
      expect(error.message).toContain(`${CAPS.free[kind]} ${kind}`);
      expect(error.message).toContain("free plan");
      expect((await json(await send(free.secret, "GET", `/v1/${kind}`))).data).toHaveLength(CAPS.free[kind]);

      const pro = await newAccount({ plan: "pro" });
      await seed(kind, pro, CAPS.free[kind]);
      expect((await send(pro.secret, "POST", `/v1/${kind}`, CREATE_BODIES[kind])).status).toBe(201);
    });
  }

  it("admits exactly the room left when creations race", async () => {
    const owner = await newAccount({ plan: "free" });
    await seed("schedules", owner, CAPS.free.schedules - 2);
    await awayFromMinuteEdge();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => send(owner.secret, "POST", "/v1/schedules", CREATE_BODIES.schedules)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    const held = await db.select().from(schedules).where(eq(schedules.accountId, owner.accountId));
    expect(held).toHaveLength(CAPS.free.schedules);
  });

  it("holds on the dashboard too: its forms answer 409 with the same sentence", async () => {
    const { visitor } = await signedUp();
    const { keyId } = await createdKey(visitor);
    const [key] = await db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
    const owner = { accountId: key!.accountId, keyId };
    await seed("schedules", owner, CAPS.free.schedules);
    await seed("webhooks", owner, CAPS.free.webhooks);

    const schedule = await visitor.post("/dashboard/events/schedules", {
      key_id: keyId,
      cron: "0 6 * * 1",
      path: "/v1/categories",
    });
    expect(schedule.status).toBe(409);
    expect(schedule.html).toContain(`${CAPS.free.schedules} schedules`);
    const webhook = await visitor.post("/dashboard/events/webhooks", { url: "https://hooks.example.com/in" });
    expect(webhook.status).toBe(409);
    expect(webhook.html).toContain(`${CAPS.free.webhooks} webhooks`);
    const held = await db.select().from(schedules).where(eq(schedules.accountId, owner.accountId));
    expect(held).toHaveLength(CAPS.free.schedules);
  });
});

describe("the minute cron serves accounts in turns", () => {
  async function cron(scheduledTime: number) {
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "* * * * *", scheduledTime }), env, ctx);
    await waitOnExecutionContext(ctx);
  }

  /** An account whose objects run as a key that no longer exists: each run or check ends at once, recorded. */
  const gone = (account: TestAccount) => ({ accountId: account.accountId, keyId: seedId("key") });

  it("runs another account's due schedule, watch check and webhook retry in the same run as one account's hundreds", async () => {
    const now = Date.now();
    const hog = gone(await newAccount({ plan: "enterprise" }));
    const other = gone(await newAccount({ plan: "free" }));
    // The hog's work came due first, and there is more of it than one run takes.
    await seed("schedules", hog, 60, new Date(now - 120_000));
    await seed("watches", hog, 60, new Date(now - 120_000));
    // Receivers the URL guard refuses at send time (loopback), so each attempt fails at once, on this machine.
    const hogEndpoint = await seedEndpoint(hog.accountId, "http://127.0.0.1:1/hook");
    for (let i = 0; i < 120; i++) await createDelivery(env, hogEndpoint, "webhook.test", { i }, now - 120_000);
    await seed("schedules", other, 1, new Date(now - 60_000));
    await seed("watches", other, 1, new Date(now - 60_000));
    const otherEndpoint = await seedEndpoint(other.accountId, "http://127.0.0.1:1/hook");
    const otherDelivery = await createDelivery(env, otherEndpoint, "webhook.test", {}, now - 60_000);

    const ranAt = Date.now();
    await cron(ranAt);

    const [otherSchedule] = await db.select().from(schedules).where(eq(schedules.accountId, other.accountId));
    const runs = await db.select().from(scheduleRuns).where(eq(scheduleRuns.scheduleId, otherSchedule!.id));
    expect(runs).toHaveLength(1);
    const [otherWatch] = await db.select().from(watches).where(eq(watches.accountId, other.accountId));
    expect(otherWatch!.lastCheckedAt?.getTime()).toBeGreaterThanOrEqual(ranAt);
    const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, otherDelivery));
    expect(delivery!.attempts).toBe(1);
    // The hog's own work waits for later runs.
    const hogChecked = await db
      .select()
      .from(watches)
      .where(and(eq(watches.accountId, hog.accountId), isNotNull(watches.lastCheckedAt)));
    expect(hogChecked.length).toBeLessThan(60);
  });

  it("starts no more work once the run's time budget is spent; the rest stays due for the next run", async () => {
    const now = Date.now();
    const owner = gone(await newAccount({ plan: "enterprise" }));
    await seed("schedules", owner, 5, new Date(now - 60_000));
    const due = async () =>
      (
        await db
          .select()
          .from(schedules)
          .where(lte(schedules.nextRunAt, new Date(now)))
      ).length;
    const dueBefore = await due();
    // A run's first turn always goes; after it (a few D1 round trips) the millisecond is spent.
    const tight = { ...env, CRON_BUDGET_MS: "1" } as Env;
    const ctx = createExecutionContext();
    const ran = await processDueSchedules(tight, ctx, inProcessApi(), now);
    await waitOnExecutionContext(ctx);
    expect(ran).toBe(1);
    expect(await due()).toBe(dueBefore - 1);
  });
});

describe("one counted request returns a bounded answer", () => {
  const dataset = "/v1/datasets/amazon-electronics-prices-us/records";
  beforeAll(() =>
    importRecords(
      "amazon-electronics-prices-us",
      Array.from({ length: 3 }, (_, n) => ({ key: `amazon:B0FAIR${n}`, id: `B0FAIR${n}`, title: `Item ${n}` })),
    ),
  );

  it("answers each field of `fields=` once, however often it is named", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const page = await json(await call(`${dataset}?fields=title,id,title,title,id&limit=2`, withKey(secret)));
    expect(page.meta.fields).toEqual(["title", "id"]);
    expect(Object.keys(page.data[0])).toEqual(["title", "id"]);
    const csv = await call(
      `${dataset}?format=csv&limit=1&fields=${Array(50).fill("title").join(",")}`,
      withKey(secret),
    );
    expect(csv.status).toBe(200);
    expect((await csv.text()).split("\r\n")[0]).toBe("title");
  });

  it("refuses more than 100 names in `fields=`", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const answer = await call(`${dataset}?format=ndjson&fields=${Array(101).fill("title").join(",")}`, withKey(secret));
    expect(answer.status).toBe(400);
    const error = (await json(answer)).error;
    expect(error.details[0].parameter).toBe("fields");
    expect(error.message).toContain("at most 100");
  });
});

describe("MCP messages are the account's traffic", () => {
  const message = (method: string, id: number) => ({ jsonrpc: "2.0", id, method, params: {} });
  const INITIALIZE = {
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
  };

  function mcp(secret: string, body: unknown) {
    return call("/mcp", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        Authorization: `Bearer ${secret}`,
      },
      body: JSON.stringify(body),
    });
  }

  it("counts initialize and tools/list against the account: the headers move and a free account gets 429 after 10 a minute", async () => {
    const { secret } = await newAccount({ plan: "free" });
    await awayFromMinuteEdge();
    const initialized = await mcp(secret, INITIALIZE);
    expect(initialized.status).toBe(200);
    expect(initialized.headers.get("X-RateLimit-Limit")).toBe("10");
    expect(initialized.headers.get("X-RateLimit-Remaining")).toBe("9");
    for (let i = 1; i <= 9; i++) {
      const listed = await mcp(secret, message("tools/list", i));
      expect(listed.status).toBe(200);
      expect(listed.headers.get("X-RateLimit-Remaining")).toBe(String(9 - i));
    }
    const refused = await mcp(secret, message("tools/list", 10));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await json(refused)).error.code).toBe("rate_limited");
  });

  it("counts every message of a batch, and refuses a batch of more than 20 as one request", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const before = await usedThisMonth(secret);
    const twenty = await mcp(
      secret,
      Array.from({ length: 20 }, (_, i) => message("tools/list", i + 1)),
    );
    expect(twenty.status).toBe(200);
    expect(await json(twenty)).toHaveLength(20);
    // The twenty messages; the usage read is never charged.
    expect(await usedThisMonth(secret)).toBe(before + 20);

    const tooMany = await mcp(
      secret,
      Array.from({ length: 21 }, (_, i) => message("tools/list", i + 1)),
    );
    expect(tooMany.status).toBe(400);
    const body = await json(tooMany);
    expect(body.error.code).toBe(-32600);
    expect(body.error.message).toContain("20");
    // The batch alone; the refused batch, a 400, gave its unit back (docs/charging.md).
    expect(await usedThisMonth(secret)).toBe(before + 20);
  });
});

describe("dashboard actions are the account's traffic", () => {
  it("counts test pings, redeliveries and creations: a free account's burst is refused with 429 on the page", async () => {
    const { visitor } = await signedUp();
    const { keyId } = await createdKey(visitor);
    const [key] = await db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
    // A receiver the URL guard refuses when the ping is sent: the ping fails at once without leaving the machine.
    const endpoint = await seedEndpoint(key!.accountId, "http://127.0.0.1:1/hook");
    await awayFromMinuteEdge();

    expect((await visitor.post("/dashboard/events/webhooks", { url: "https://hooks.example.com/in" })).status).toBe(
      200,
    );
    const schedule = await visitor.post("/dashboard/events/schedules", {
      key_id: keyId,
      cron: "0 6 * * 1",
      path: "/v1/categories",
    });
    expect(schedule.status).toBe(200);
    const watch = await visitor.post("/dashboard/events/watches", {
      key_id: keyId,
      kind: "product",
      platform: "amazon",
      id: "B0057OC5O8",
      condition: "below",
      threshold: "10",
      currency: "USD",
    });
    expect(watch.status).toBe(200);
    for (let i = 0; i < 7; i++) {
      const ping = await visitor.post(`/dashboard/events/webhooks/${endpoint.id}/test`, {});
      expect(ping.status).toBe(200);
      expect(ping.html).toContain("Test ping not delivered");
    }
    const refused = await visitor.post(`/dashboard/events/webhooks/${endpoint.id}/test`, {});
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(refused.html).toContain("Rate limit of 10 requests per minute");

    const [delivery] = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id))
      .limit(1);
    const redeliver = await visitor.post(
      `/dashboard/events/webhooks/${endpoint.id}/deliveries/${delivery!.id}/redeliver`,
      {},
    );
    expect(redeliver.status).toBe(429);
    expect(redeliver.html).toContain("Rate limit of 10 requests per minute");
    const pings = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(pings).toHaveLength(7);
  });
});
