// The month is charged only for data (src/charging.ts): an admitted call whose answer holds no data
// gives its unit back, once, while the minute window keeps counting it. Each case reads the
// month's count before and after through /v1/usage, whose own call is never charged.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app";
import { chargesMonth, controlPlane } from "../../src/charging";
import { CREATE_WATCH_EXAMPLE } from "../../src/routes/events/examples";
import { findLiveKeyById, newId } from "../../src/db/keys";
import { nextRunAfter } from "../../src/events/schedules";
import worker from "../../src/index";
import { runItem } from "../../src/jobs/runner";
import { jobHooks } from "../../src/job-hooks";
import { claimPending } from "../../src/db/job-items";
import { database } from "../../src/db/client";
import { testJobRow } from "./job-fixtures";
import { insertJob } from "../../src/db/jobs";
import {
  awayFromMinuteEdge,
  call,
  callApp,
  env,
  inProcessApi,
  newAccount,
  sendAs,
  type TestAccount,
  withKey,
} from "./helpers";

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.restoreAllMocks());

const json = async (response: Response) => (await response.json()) as any;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const usage = async (secret: string) => (await json(await call("/v1/usage", withKey(secret)))).data;
const monthUsed = async (secret: string): Promise<number> => (await usage(secret)).month.used;
/** `r` of the month in the `RateLimit` header: what the answer says is left of the month. */
const monthRemaining = (response: Response) => Number(/"month";r=(\d+)/.exec(response.headers.get("RateLimit")!)![1]);

/** Serves each host's page from the stand-in for `fetch` (a fresh answer per request); other names reach the real one. */
function serve(pages: Record<string, () => Response | Promise<Response>>) {
  const real = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return pages[url.host]?.() ?? real(input, init);
  });
}

const PRODUCT_PAGE = `<!doctype html><html><head><title>Kettle</title><script type="application/ld+json">${JSON.stringify(
  {
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Kettle",
    image: "https://shop.charging.example/kettle.jpg",
    offers: { "@type": "Offer", price: "13.37", priceCurrency: "USD", availability: "https://schema.org/InStock" },
  },
)}</script></head><body><h1>Kettle</h1><p>Price: $13.37</p></body></html>`;
const html = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });
const generic = (host: string) => `/v1/generic?url=${encodeURIComponent(`https://${host}/p/1`)}&fresh=true`;

describe("the rule", () => {
  it("charges data and a site's own 'does not exist', and nothing else", () => {
    expect(chargesMonth({ ok: true })).toBe(true);
    expect(chargesMonth({ ok: true, completeness: { state: "complete" } })).toBe(true);
    expect(chargesMonth({ ok: true, completeness: { state: "partial" } })).toBe(true);
    expect(chargesMonth({ ok: true, completeness: { state: "empty" } })).toBe(false);
    expect(chargesMonth({ ok: false, charged: true })).toBe(true);
    expect(chargesMonth({ ok: false })).toBe(false);
  });
});

describe("a direct call", () => {
  it("with data is charged once and says so", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    serve({ "shop.charging.example": () => html(PRODUCT_PAGE) });
    const before = await monthUsed(secret);
    const response = await call(generic("shop.charging.example"), withKey(secret));
    const body = await json(response);
    expect(response.status, JSON.stringify(body.error)).toBe(200);
    expect(body.meta.charged).toBe(true);
    expect(monthRemaining(response)).toBe(10_000 - (before + 1));
    expect(await monthUsed(secret)).toBe(before + 1);
  });

  it("with a bad parameter gives its unit back, and its headers already show the month after the refund", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const before = await monthUsed(secret);
    const response = await call("/v1/generic?url=not-a-url", withKey(secret));
    const body = await json(response);
    expect(response.status).toBe(400);
    expect(body.meta.charged).toBe(false);
    // This call's unit is back: the month stands where it stood before it.
    expect(monthRemaining(response)).toBe(10_000 - before);
    expect(await monthUsed(secret)).toBe(before);
  });

  it("blocked by the site (502 upstream_blocked) gives its unit back", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    serve({ "blocked.charging.example": () => html("slow down", 429, { "Retry-After": "120" }) });
    const before = await monthUsed(secret);
    const response = await call(generic("blocked.charging.example"), withKey(secret));
    const body = await json(response);
    expect([response.status, body.error.code, body.meta.charged]).toEqual([502, "upstream_blocked", false]);
    expect(await monthUsed(secret)).toBe(before);
  });

  it("that times out (504 upstream_timeout) gives its unit back", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    serve({
      "slow.charging.example": () => new Promise((resolve) => setTimeout(() => resolve(html(PRODUCT_PAGE)), 1_500)),
    });
    const before = await monthUsed(secret);
    const response = await callApp(createApp(), generic("slow.charging.example"), withKey(secret), {
      ...env,
      SCRAPE_DEADLINE_MS: "300",
    });
    const body = await json(response);
    expect([response.status, body.error.code, body.meta.charged]).toEqual([504, "upstream_timeout", false]);
    expect(await monthUsed(secret)).toBe(before);
  });

  it("that the site answers 404 (the page does not exist) stays charged: that is the answer", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    serve({ "gone.charging.example": () => html("<h1>Not found</h1>", 404) });
    const before = await monthUsed(secret);
    const response = await call(generic("gone.charging.example"), withKey(secret));
    const body = await json(response);
    expect([response.status, body.error.code, body.meta.charged]).toEqual([404, "not_found", true]);
    expect(await monthUsed(secret)).toBe(before + 1);
  });

  it("that answers a search with no results (completeness `empty`) gives its unit back", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    serve({ "www.amazon.com": () => html("<html><body><h1>No results for kettle</h1></body></html>") });
    const before = await monthUsed(secret);
    const response = await call("/v1/amazon/search?q=kettle&engine=fetch&fresh=true", withKey(secret));
    const body = await json(response);
    expect(response.status, JSON.stringify(body.error)).toBe(200);
    expect(body.meta.completeness.state).toBe("empty");
    expect(body.meta.charged).toBe(false);
    expect(await monthUsed(secret)).toBe(before);
  });

  it("that answers the same empty search as CSV gives its unit back too", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    serve({ "www.amazon.com": () => html("<html><body><h1>No results for kettle</h1></body></html>") });
    const before = await monthUsed(secret);
    const response = await call("/v1/amazon/search?q=kettle&engine=fetch&fresh=true&format=csv", withKey(secret));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(await monthUsed(secret)).toBe(before);
  });

  it("of ten failing at once: the month returns exactly to where it was, the minute window counts all ten", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    await awayFromMinuteEdge();
    const before = await usage(secret);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call("/v1/datasets?limit=abc", withKey(secret)).then(json)),
    );
    expect(answers.map((answer) => [answer.error.code, answer.meta.charged])).toEqual(
      Array.from({ length: 10 }, () => ["invalid_request", false]),
    );
    const after = await usage(secret);
    expect(after.month.used).toBe(before.month.used);
    // The ten, and the usage read that reports them: the minute window counts it, the month never does.
    expect(after.minute.used).toBe(before.minute.used + 10 + 1);
  });

  it("shows attempted and charged calls in /v1/usage, for the month and per day", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    await call("/v1/categories", withKey(secret));
    await call("/v1/generic?url=not-a-url", withKey(secret));
    await call("/v1/generic?url=not-a-url", withKey(secret));
    const { month, calls } = await usage(secret);
    const today = new Date().toISOString().slice(0, 10);
    // The categories read is charged; the two 400s were attempted; this usage read is neither.
    expect(calls).toMatchObject({ attempted: 3, charged: 1 });
    expect(month.used).toBe(1);
    expect(calls.days.at(-1)).toEqual({ day: today, attempted: 3, charged: 1 });
    expect(calls.days[0].day).toBe(`${today.slice(0, 8)}01`);
  });
});

describe("reading the account's own standing", () => {
  it("GET /v1/usage and GET /v1/keys never take a unit of the month; the minute window counts them", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    await call("/v1/categories", withKey(secret));
    await awayFromMinuteEdge();
    const before = await usage(secret);
    expect(before.month.used).toBe(1);

    const keys = await call("/v1/keys", withKey(secret));
    expect(keys.status).toBe(200);
    expect((await json(keys)).meta.charged).toBe(false);
    expect(monthRemaining(keys)).toBe(10_000 - 1);
    const read = await call("/v1/usage", withKey(secret));
    const body = await json(read);
    expect(body.meta.charged).toBe(false);
    expect(body.data.month.used).toBe(1);
    expect(body.data.minute.used).toBe(before.minute.used + 2);
    expect(body.data.calls).toMatchObject({ attempted: 1, charged: 1 });
  });

  it("answers once the month is used up, when a data call is refused", async () => {
    const { secret } = await newAccount({ plan: "enterprise", requests_per_minute: 100, requests_per_month: 1 });
    expect((await call("/v1/categories", withKey(secret))).status).toBe(200);
    const refused = await call("/v1/categories", withKey(secret));
    expect([refused.status, (await json(refused)).error.code]).toEqual([429, "quota_exceeded"]);
    const read = await call("/v1/usage", withKey(secret));
    expect(read.status).toBe(200);
    expect((await json(read)).data.month).toMatchObject({ limit: 1, used: 1, remaining: 0 });
    expect((await call("/v1/keys", withKey(secret))).status).toBe(200);
  });
});

describe("the control plane", () => {
  it("creating a key, a webhook endpoint and a watch takes no unit of the month; the minute window counts each", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const made = await sendAs(secret, "POST", "/v1/keys", { name: "ci", scopes: ["products:read"] });
    expect(made.status, JSON.stringify(await made.clone().json())).toBe(201);
    await awayFromMinuteEdge();
    const before = await usage(secret);
    const answers = [
      await sendAs(secret, "POST", "/v1/keys", { name: "deploys", scopes: ["catalogue:read"] }),
      await sendAs(secret, "POST", "/v1/webhooks", { url: "https://hooks.example.com/in" }),
      await sendAs(secret, "POST", "/v1/watches", { ...CREATE_WATCH_EXAMPLE, check_in: day(60), check_out: day(62) }),
    ];
    for (const answer of answers) {
      const body = await json(answer);
      expect(answer.status, JSON.stringify(body.error)).toBe(201);
      expect(body.meta.charged).toBe(false);
      expect(monthRemaining(answer)).toBe(10_000 - before.month.used);
    }
    const after = await usage(secret);
    expect(after.month.used).toBe(before.month.used);
    // The three creates and the usage read itself.
    expect(after.minute.used).toBe(before.minute.used + 4);
  });

  it("a data call is still charged", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const before = await monthUsed(secret);
    expect((await call("/v1/categories", withKey(secret))).status).toBe(200);
    expect(await monthUsed(secret)).toBe(before + 1);
  });

  it("is decided from the route's scope: managing scopes and none are month-free, data scopes are not", () => {
    for (const scope of [null, "keys:write", "events:write", "datasets:write"]) expect(controlPlane(scope)).toBe(true);
    for (const scope of ["catalogue:read", "products:read", "travel:read", "jobs:write"])
      expect(controlPlane(scope)).toBe(false);
  });
});

describe("the edge cache", () => {
  it("answers a cached catalogue read with this call's own charge, not the first caller's", async () => {
    const { secret, accountId } = await newAccount({ plan: "pro" });
    const path = `/v1/datasets?limit=2&q=charging-${crypto.randomUUID()}`;
    const before = await monthUsed(secret);
    const first = await call(path, withKey(secret));
    const second = await call(path, withKey(secret));
    expect([first.headers.get("X-Cache"), second.headers.get("X-Cache")]).toEqual(["MISS", "HIT"]);
    expect([(await json(first)).meta.charged, (await json(second)).meta.charged]).toEqual([true, true]);
    expect(await monthUsed(secret)).toBe(before + 2);
    // Entries are the account's own (its private datasets are part of what it reads).
    const key = new URL(`http://api.test${path}`);
    key.searchParams.set("__account", accountId);
    key.searchParams.sort();
    const stored = await (caches as unknown as { default: Cache }).default.match(key.toString());
    expect((await json(stored!)).meta).not.toHaveProperty("charged");
  });
});

describe("the OpenAPI document", () => {
  it("describes meta.charged and the attempted and charged calls of /v1/usage", async () => {
    const { components } = await json(await call("/v1/openapi.json"));
    expect(components.schemas.Meta.properties.charged).toMatchObject({ type: "boolean" });
    expect(components.schemas.Meta.properties.charged.description).toContain("docs/charging.md");
    const calls = components.schemas.Usage.properties.calls;
    expect(Object.keys(calls.properties).sort()).toEqual(["attempted", "charged", "days"]);
    expect(Object.keys(calls.properties.days.items.properties).sort()).toEqual(["attempted", "charged", "day"]);
  });
});

describe("the account's limiter", () => {
  const window = { subject: "account", perMinute: 10, perMonth: 100 };
  const limiter = () => env.ACCOUNT_METER.get(env.ACCOUNT_METER.idFromName(`test:${crypto.randomUUID()}`));
  const JAN_15 = Date.UTC(2026, 0, 15, 12, 0, 0);

  it("gives a call's unit back once, however often its refund comes, and keeps it in the minute window", async () => {
    const stub = limiter();
    await stub.consume({ ...window, idempotencyKey: "call-a", now: JAN_15 });
    await stub.consume({ ...window, idempotencyKey: "call-b", now: JAN_15 });
    await stub.recordAnswers([], ["call-a"], JAN_15 + 1_000);
    await stub.recordAnswers([], ["call-a"], JAN_15 + 2_000);
    // Carried along with a later count, as the client sends it.
    await stub.consume({ ...window, idempotencyKey: "call-c", now: JAN_15 + 3_000, refunds: ["call-a"] });
    const counts = await stub.peek({ ...window, now: JAN_15 + 3_000 });
    expect(counts.month?.used).toBe(2);
    expect(counts.minute.used).toBe(3);
    expect(await stub.dailyUsage("2026-01-01")).toEqual([{ day: "2026-01-15", attempted: 3, charged: 2 }]);
  });

  it("counts a retried call and its retried refund once each", async () => {
    const stub = limiter();
    await stub.consume({ ...window, idempotencyKey: "retried", now: JAN_15 });
    await stub.consume({ ...window, idempotencyKey: "retried", now: JAN_15 + 50 });
    expect((await stub.peek({ ...window, now: JAN_15 + 100 })).month?.used).toBe(1);
    await stub.consume({ ...window, idempotencyKey: "next", now: JAN_15 + 200, refunds: ["retried"] });
    // The retry of that consume (its answer lost) carries the same refund again.
    await stub.consume({ ...window, idempotencyKey: "next", now: JAN_15 + 250, refunds: ["retried"] });
    expect((await stub.peek({ ...window, now: JAN_15 + 300 })).month?.used).toBe(1);
  });

  it("gives nothing for a call it never admitted, a refused one, or one of an earlier month", async () => {
    const stub = limiter();
    await stub.consume({ ...window, idempotencyKey: "counted", now: JAN_15 });
    await stub.recordAnswers([], ["never-seen"], JAN_15 + 1_000);
    expect((await stub.peek({ ...window, now: JAN_15 + 1_000 })).month?.used).toBe(1);

    const full = limiter();
    const tight = { ...window, perMonth: 1 };
    await full.consume({ ...tight, idempotencyKey: "first", now: JAN_15 });
    expect((await full.consume({ ...tight, idempotencyKey: "refused", now: JAN_15 })).allowed).toBe(false);
    await full.recordAnswers([], ["refused"], JAN_15 + 1_000);
    expect((await full.peek({ ...tight, now: JAN_15 + 1_000 })).month?.used).toBe(1);

    const edge = limiter();
    const lastMomentOfJanuary = Date.UTC(2026, 1, 1) - 1;
    await edge.consume({ ...window, idempotencyKey: "late", now: lastMomentOfJanuary });
    await edge.consume({ ...window, idempotencyKey: "february", now: lastMomentOfJanuary + 1_000 });
    await edge.recordAnswers([], ["late"], lastMomentOfJanuary + 2_000);
    expect((await edge.peek({ ...window, now: lastMomentOfJanuary + 2_000 })).month?.used).toBe(1);
  });

  it("still finds a call when its refund comes after the longest scrape, and forgets it after five minutes", async () => {
    const stub = limiter();
    await stub.consume({ ...window, idempotencyKey: "long-scrape", now: JAN_15 });
    await stub.consume({ ...window, idempotencyKey: "forgotten", now: JAN_15 });
    await stub.recordAnswers([], ["long-scrape"], JAN_15 + 90_250 + 30_000);
    expect((await stub.peek({ ...window, now: JAN_15 + 120_250 })).month?.used).toBe(1);
    // A later call prunes what is over five minutes old; the refund then finds nothing.
    await stub.consume({ ...window, idempotencyKey: "later", now: JAN_15 + 301_000 });
    await stub.recordAnswers([], ["forgotten"], JAN_15 + 302_000);
    expect((await stub.peek({ ...window, now: JAN_15 + 302_000 })).month?.used).toBe(2);
  });
});

describe("calls run as the account", () => {
  it("a watch's or schedule's call that ends in an error gives its unit back; one with data keeps it", async () => {
    const account = await newAccount({ plan: "pro" });
    const identity = (await findLiveKeyById(drizzle(env.DB), account.keyId))!;
    const before = await monthUsed(account.secret);
    const run = async (path: string) => {
      const ctx = createExecutionContext();
      const { response } = await inProcessApi().getData(env, ctx, identity, path);
      const body = await json(response);
      await waitOnExecutionContext(ctx);
      return [response.status, body.meta.charged];
    };
    expect(await run("/v1/datasets/no-such-dataset")).toEqual([404, false]);
    expect(await run("/v1/categories")).toEqual([200, true]);
    expect(await monthUsed(account.secret)).toBe(before + 1);
  });

  it("a scheduled run that ends in an error gives its unit back", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const created = await json(
      await sendAs(secret, "POST", "/v1/schedules", { cron: "* * * * *", path: "/v1/datasets/no-such-dataset" }),
    );
    const slot = Date.parse(created.data.next_run_at);
    expect(slot).toBe(nextRunAfter("* * * * *", new Date(slot - 1)).getTime());
    const before = await monthUsed(secret);
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "* * * * *", scheduledTime: slot + 500 }), env, ctx);
    await waitOnExecutionContext(ctx);
    const schedule = await json(await call(`/v1/schedules/${created.data.id}`, withKey(secret)));
    expect(schedule.data.runs).toEqual([expect.objectContaining({ status: "failed", http_status: 404 })]);
    // The run is not charged, nor is the schedule read (control plane) or the usage read.
    expect(await monthUsed(secret)).toBe(before);
  });
});

/** A job of `paths` for `account`, its items taken off the queue and run once by the real runner. */
async function runJob(account: TestAccount, paths: string[]) {
  const id = newId("job");
  const now = new Date();
  const job = testJobRow(account, paths.length, {
    id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  await insertJob(database(env.DB), job, paths);
  for (const idx of await claimPending(database(env.DB), id, paths.length, Date.now())) {
    const ctx = createExecutionContext();
    await runItem(env, ctx, inProcessApi(), { jobId: id, idx }, jobHooks);
    await waitOnExecutionContext(ctx);
  }
  const { results } = await env.DB.prepare(
    "SELECT status, http_status, error_code, charged FROM job_items WHERE job_id = ? ORDER BY idx",
  )
    .bind(id)
    .all();
  return results;
}

describe("job items", () => {
  it("keep their unit by the same rule: data and a site's 404 charged, a blocked page and an empty answer given back", async () => {
    const account = await newAccount({ plan: "enterprise" });
    serve({
      "shop.charging.example": () => html(PRODUCT_PAGE),
      "gone.charging.example": () => html("<h1>Not found</h1>", 404),
      "blocked.charging.example": () => html("go away", 403, { "Retry-After": "3600" }),
      "www.amazon.com": () => html("<html><body><h1>No results for kettle</h1></body></html>"),
    });
    const before = await monthUsed(account.secret);
    const items = await runJob(account, [
      generic("shop.charging.example"),
      generic("gone.charging.example"),
      generic("blocked.charging.example"),
      "/v1/amazon/search?q=kettle&engine=fetch&fresh=true",
    ]);
    expect(items).toEqual([
      { status: "succeeded", http_status: 200, error_code: null, charged: 1 },
      { status: "failed", http_status: 404, error_code: "not_found", charged: 1 },
      // Blocked: back on the queue for a later attempt, its unit given back meanwhile.
      { status: "queued", http_status: null, error_code: null, charged: 0 },
      { status: "succeeded", http_status: 200, error_code: null, charged: 0 },
    ]);
    expect(await monthUsed(account.secret)).toBe(before + 2);
  });
});

describe("MCP", () => {
  it("gives back the unit of a refused body, as any 4xx", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const before = await monthUsed(secret);
    const refused = await call("/mcp", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "X-API-KEY": secret,
      },
      body: "{ not json",
    });
    expect(refused.status).toBe(400);
    expect(monthRemaining(refused)).toBe(10_000 - before);
    expect(await monthUsed(secret)).toBe(before);
  });
});
