// Findings of the fourth outside review about cost and caps: every per-account cap holds under
// concurrency (6), MCP tool calls are counted before anything is checked (4), a request that
// expands into many calls is sized before it is expanded (2), and no body is read past its limit
// nor an anonymous dashboard POST read at all beyond the per-address allowance (3).
import { drizzle } from "drizzle-orm/d1";
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createKey } from "../../src/db/keys";
import { apiKeys, datasets } from "../../src/db/schema";
import { schedules, watches, webhookEndpoints } from "../../src/db/schema-events";
import { jobs } from "../../src/db/schema-jobs";
import { createApp } from "../../src/app";
import { ADMIN_TOKEN, awayFromMinuteEdge, call, env, newAccount, sendAs, withKey } from "../workers/helpers";

// Waiting out the end of a minute (so a burst lands in one window) takes up to 11 s.
vi.setConfig({ testTimeout: 30_000 });

const db = drizzle(env.DB);
const json = async (response: Response) => (await response.json()) as any;
const statuses = (answers: Response[]) => answers.map((answer) => answer.status).sort();

/** `count` creations sent at once; every answer read. */
async function racing(count: number, send: () => Promise<Response>) {
  await awayFromMinuteEdge();
  const answers = await Promise.all(Array.from({ length: count }, send));
  await Promise.all(answers.map((answer) => answer.arrayBuffer()));
  return answers;
}

/** Rows written straight to D1, as if created earlier: the race for the last places is under test. */
async function seed(kind: "watches" | "schedules", owner: { accountId: string; keyId: string }, count: number) {
  const far = new Date(Date.now() + 365 * 86_400_000);
  const id = () => `${kind.slice(0, 3)}_seed${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  for (let i = 0; i < count; i++) {
    if (kind === "schedules")
      await db.insert(schedules).values({
        id: id(),
        accountId: owner.accountId,
        keyId: owner.keyId,
        cron: "0 6 * * 1",
        path: "/v1/categories",
        nextRunAt: far,
        createdAt: new Date(),
      });
    else
      await db.insert(watches).values({
        id: id(),
        accountId: owner.accountId,
        keyId: owner.keyId,
        kind: "product",
        platform: "amazon",
        target: JSON.stringify({ id: "B0057OC5O8" }),
        condition: "below",
        threshold: 10,
        currency: "USD",
        intervalSeconds: 3600,
        nextCheckAt: far,
        createdAt: new Date(),
      });
  }
}

const DATASET_BODY = { name: "Raced", recipe: { kind: "search", platforms: ["amazon"], queries: ["earbuds"] } };
const JOB_BODY = { requests: [{ path: "/v1/categories" }] };

describe("6. every per-account cap holds when creations race", () => {
  // The pro plan's caps (docs/reliability.md); 10 places are left and 30 creations race for them.
  const CASES = [
    { kind: "webhooks", cap: 10, table: webhookEndpoints, body: { url: "https://hooks.example.com/in" } },
    {
      kind: "watches",
      cap: 100,
      table: watches,
      body: {
        kind: "product",
        platform: "amazon",
        id: "B0057OC5O8",
        condition: "below",
        threshold: 10,
        currency: "USD",
      },
    },
    { kind: "schedules", cap: 100, table: schedules, body: { cron: "0 6 * * 1", path: "/v1/categories" } },
    { kind: "datasets", cap: 25, table: datasets, body: DATASET_BODY },
  ] as const;
  const ROOM = 10;

  for (const { kind, cap, table, body } of CASES) {
    it(`admits exactly the last ${ROOM} of ${cap} ${kind} (pro) from 30 sent at once`, async () => {
      const owner = await newAccount({ plan: "pro" });
      if (kind === "watches" || kind === "schedules") await seed(kind, owner, cap - ROOM);
      else
        for (let made = 0; made < cap - ROOM; made++)
          expect((await sendAs(owner.secret, "POST", `/v1/${kind}`, body)).status).toBe(201);
      const answers = await racing(30, () => sendAs(owner.secret, "POST", `/v1/${kind}`, body));
      expect(statuses(answers)).toEqual([...Array(ROOM).fill(201), ...Array(30 - ROOM).fill(409)]);
      const held = await db.select().from(table).where(eq(table.accountId, owner.accountId));
      expect(held).toHaveLength(cap);
    }, 120_000);
  }

  it("admits exactly the room left under the 50 live keys an account may hold", async () => {
    const owner = await newAccount({ plan: "pro" });
    // The account's first key and 44 more: room for 5.
    for (let made = 0; made < 44; made++) await createKey(db, owner.accountId, `seeded ${made}`);
    const answers = await racing(30, () => sendAs(owner.secret, "POST", "/v1/keys", { name: "raced" }));
    expect(statuses(answers)).toEqual([...Array(5).fill(201), ...Array(25).fill(409)]);
    const live = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, owner.accountId), isNull(apiKeys.revokedAt)));
    expect(live).toHaveLength(50);
  });

  it("runs at most the plan's jobs at once: 3 of 30 parallel jobs on a pro account", async () => {
    const owner = await newAccount({ plan: "pro" });
    const answers = await racing(30, () => sendAs(owner.secret, "POST", "/v1/jobs", JOB_BODY));
    expect(statuses(answers)).toEqual([...Array(3).fill(202), ...Array(27).fill(409)]);
    const made = await db.select().from(jobs).where(eq(jobs.accountId, owner.accountId));
    expect(made).toHaveLength(3);
  });

  it("counts dataset refreshes among the jobs running at once: 1 job from 3 datasets and 3 jobs made together (free)", async () => {
    const owner = await newAccount({ plan: "free" });
    await awayFromMinuteEdge();
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () => sendAs(owner.secret, "POST", "/v1/datasets", DATASET_BODY)),
      ...Array.from({ length: 3 }, () => sendAs(owner.secret, "POST", "/v1/jobs", JOB_BODY)),
    ]);
    const bodies = await Promise.all(answers.map(json));
    const made = await db.select().from(jobs).where(eq(jobs.accountId, owner.accountId));
    expect(made).toHaveLength(1);
    const refreshes = bodies.slice(0, 3).filter((body) => body.data?.refresh).length;
    const accepted = answers.slice(3).filter((answer) => answer.status === 202).length;
    expect(refreshes + accepted).toBe(1);
  });

  it("starts one refresh of a dataset when refreshes and jobs filling it race", async () => {
    const owner = await newAccount({ plan: "enterprise" });
    const created = await json(await sendAs(owner.secret, "POST", "/v1/datasets", DATASET_BODY));
    // Its first refresh is over: nothing collects into it now.
    await env.DB.batch([
      env.DB.prepare("UPDATE dataset_snapshots SET status = 'failed' WHERE job_id = ?").bind(
        created.data.refresh.job_id,
      ),
      env.DB.prepare("UPDATE jobs SET status = 'cancelled' WHERE id = ?").bind(created.data.refresh.job_id),
    ]);
    await awayFromMinuteEdge();
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => sendAs(owner.secret, "POST", `/v1/datasets/${created.data.slug}/refresh`)),
      ...Array.from({ length: 6 }, () =>
        sendAs(owner.secret, "POST", "/v1/jobs", { ...JOB_BODY, dataset: created.data.slug }),
      ),
    ]);
    expect(statuses(answers)).toEqual([202, ...Array(11).fill(409)]);
    const collecting = await env.DB.prepare(
      "SELECT count(*) AS n FROM dataset_snapshots s JOIN datasets d ON d.id = s.dataset_id WHERE d.slug = ? AND s.status = 'collecting'",
    )
      .bind(created.data.slug)
      .first<{ n: number }>();
    expect(collecting?.n).toBe(1);
  });
});

describe("4. every MCP tool call is counted before its name or arguments are read", () => {
  const mcp = (secret: string, body: unknown) =>
    call("/mcp", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        Authorization: `Bearer ${secret}`,
      },
      body: JSON.stringify(body),
    });
  const toolCall = (id: number, name: string, args: unknown) => ({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name, arguments: args },
  });
  const used = async (secret: string) => {
    const { data } = await json(await call("/v1/usage", withKey(secret)));
    return { minute: data.minute.used as number, month: data.month.used as number };
  };

  // Arguments the tool refuses before any route runs, a tool that does not exist, arguments the
  // protocol itself refuses, and a route's own 400.
  const REFUSED = [
    toolCall(1, "get_dataset_records", { slug: "amazon-electronics-prices-us", limit: 101 }),
    toolCall(2, "no_such_tool", {}),
    toolCall(3, "get_product", "not an object"),
    { jsonrpc: "2.0", id: 4, method: "tools/call", params: {} },
    toolCall(5, "search_datasets", { colour: "red" }),
  ];

  it("refuses a free account's 11th refused tool call of the minute with 429, whatever made it fail", async () => {
    const { secret } = await newAccount({ plan: "free" });
    await awayFromMinuteEdge();
    for (let i = 0; i < 10; i++) {
      const answer = await mcp(secret, REFUSED[i % REFUSED.length]);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("X-RateLimit-Remaining")).toBe(String(9 - i));
    }
    const refused = await mcp(secret, REFUSED[0]);
    expect(refused.status).toBe(429);
    expect((await json(refused)).error.code).toBe("rate_limited");
  });

  it("counts a batch of refused tool calls in the minute, and gives their month units back", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    await awayFromMinuteEdge();
    const before = await used(secret);
    const answer = await mcp(secret, REFUSED);
    expect(answer.status).toBe(200);
    expect(await json(answer)).toHaveLength(REFUSED.length);
    const after = await used(secret);
    // The five calls, plus the usage read itself in the minute.
    expect(after.minute).toBe(before.minute + REFUSED.length + 1);
    expect(after.month).toBe(before.month);
  });

  it("counts a tool call that returns data once, in the minute and the month", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    await awayFromMinuteEdge();
    const before = await used(secret);
    const answer = await json(await mcp(secret, toolCall(1, "search_datasets", { limit: 1 })));
    expect(answer.result.isError).toBeFalsy();
    const after = await used(secret);
    expect(after.minute).toBe(before.minute + 2);
    expect(after.month).toBe(before.month + 1);
  });
});

describe("2. a request that expands into many calls is sized before it is expanded or validated", () => {
  const heldDatasets = async (accountId: string) => db.select().from(datasets).where(eq(datasets.accountId, accountId));
  const countries = ["US", "GB", "DE", "FR", "IT", "ES", "CA", "JP", "AU", "NL"];

  it("refuses a recipe that could never run under its plan with a sentence, and stores nothing", async () => {
    const owner = await newAccount({ plan: "enterprise" });
    // 10 platforms × 10 countries × 200 queries × 10 pages: 200,000 calls a refresh; enterprise runs 50,000.
    const recipe = {
      kind: "search",
      platforms: ["amazon", "ebay", "walmart", "etsy", "bestbuy", "generic", "amazon", "ebay", "walmart", "etsy"],
      countries,
      queries: Array.from({ length: 200 }, (_, i) => `query ${i}`),
      pages: 10,
    };
    const answer = await sendAs(owner.secret, "POST", "/v1/datasets", { name: "Too big", recipe });
    expect(answer.status).toBe(400);
    const { error } = await json(answer);
    expect(error.message).toContain("200000 calls");
    expect(error.message).toContain("could never run");
    expect(error.message).toContain("50000");
    expect(error.details[0].parameter).toBe("recipe");
    expect(await heldDatasets(owner.accountId)).toEqual([]);
  });

  it("takes a recipe of exactly the plan's calls and refuses one more (free: 100)", async () => {
    const owner = await newAccount({ plan: "free" });
    const inputs = (count: number) => Array.from({ length: count }, (_, i) => `B0TEST${String(i).padStart(4, "0")}`);
    const atLimit = { kind: "product", platform: "amazon", countries, inputs: inputs(10) };
    const over = { ...atLimit, inputs: inputs(11) };
    const refused = await sendAs(owner.secret, "POST", "/v1/datasets", { name: "Over", recipe: over });
    expect(refused.status).toBe(400);
    expect((await json(refused)).error.message).toContain("This recipe makes 110 calls at each refresh");
    expect(await heldDatasets(owner.accountId)).toEqual([]);
    expect((await sendAs(owner.secret, "POST", "/v1/datasets", { name: "At", recipe: atLimit })).status).toBe(201);
  });

  it("refuses a dataset over the account's cap before its calls are checked", async () => {
    const owner = await newAccount({ plan: "free" });
    for (let made = 0; made < 3; made++)
      expect((await sendAs(owner.secret, "POST", "/v1/datasets", DATASET_BODY)).status).toBe(201);
    // Calls the route would refuse (`q` of a search takes no `colour`), which are never looked at.
    const answer = await sendAs(owner.secret, "POST", "/v1/datasets", {
      name: "Fourth",
      recipe: { kind: "product", platform: "amazon", inputs: ["x".repeat(200)] },
    });
    expect(answer.status).toBe(409);
    expect((await json(answer)).error.message).toContain("3 datasets");
  });

  it("refuses a job over the plan's items from its length, before any item is read", async () => {
    const { secret } = await newAccount({ plan: "free" });
    // Items no route takes, with fields no item has: were they read, the answer would name them.
    const requests = Array.from({ length: 5_000 }, () => ({ path: 5, colour: "red" }));
    const answer = await sendAs(secret, "POST", "/v1/jobs", { requests });
    expect(answer.status).toBe(400);
    const { error } = await json(answer);
    expect(error.message).toBe(
      "A job on the free plan holds at most 100 items; this one has 5000. Split it into several jobs or move to a larger plan.",
    );
    expect(error.details).toEqual([{ parameter: "requests", in: "body", message: "too many items" }]);
    const inputs = await sendAs(secret, "POST", "/v1/jobs", {
      platform: "amazon",
      kind: "product",
      inputs: Array.from({ length: 101 }, () => ""),
    });
    expect((await json(inputs)).error.details).toEqual([
      { parameter: "inputs", in: "body", message: "too many items" },
    ]);
  });
});

describe("3. no body is read past its limit, nor an anonymous dashboard form beyond the address's allowance", () => {
  const MB = 1024 * 1024;
  const form = (bytes: number) => `csrf=x&email=${"a".repeat(bytes)}`;
  let ips = 0;
  const ip = () => `198.51.100.${++ips}`;
  const dashboardPost = (path: string, body: BodyInit, address = ip()) =>
    call(path, {
      method: "POST",
      body,
      headers: {
        "CF-Connecting-IP": address,
        Origin: "http://api.test",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      redirect: "manual",
    });

  for (const path of ["/dashboard/login", "/dashboard/signup", "/dashboard/logout", "/dashboard/keys"]) {
    it(`answers a 10 MB anonymous form to ${path} with 413 before reading it`, async () => {
      const answer = await dashboardPost(path, form(10 * MB));
      expect(answer.status).toBe(413);
      expect(await answer.text()).toContain("larger than 16 KB");
    });
  }

  it("cuts off a form sent without a length at the limit", async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        if (sent > 10 * MB) controller.close();
        else controller.enqueue(new TextEncoder().encode("a".repeat(64 * 1024)));
      },
    });
    const answer = await call("/dashboard/login", {
      method: "POST",
      body,
      headers: {
        "CF-Connecting-IP": ip(),
        Origin: "http://api.test",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      // @ts-expect-error: workerd takes a stream body as node's fetch does
      duplex: "half",
    });
    expect(answer.status).toBe(413);
    // The reader stopped soon after the limit rather than taking the whole 10 MB.
    expect(sent).toBeLessThan(MB);
  });

  it("limits anonymous dashboard posts per address before any form is read: the 31st of a minute is 429", async () => {
    const address = ip();
    await awayFromMinuteEdge();
    for (let i = 0; i < 30; i++)
      expect((await dashboardPost("/dashboard/login", "csrf=forged", address)).status).toBe(403);
    const refused = await dashboardPost("/dashboard/login", "csrf=forged", address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    // Another address is not held back.
    expect((await dashboardPost("/dashboard/login", "csrf=forged")).status).toBe(403);
  });

  it("refuses a 9 MB body with 413 payload_too_large on every API route that reads a body", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const routes = createApp()
      .openAPIRegistry.definitions.flatMap((definition) => (definition.type === "route" ? [definition.route] : []))
      .filter((route) => route.request?.body);
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const body = JSON.stringify({ name: "x".repeat(9 * MB) });
    for (const route of routes) {
      const path = route.path.replace(/\{[^}]+\}/g, "x");
      const isAdmin = String((route as Record<string, unknown>)["x-access"]) === "admin";
      const answer = await call(path, {
        method: route.method.toUpperCase(),
        body,
        headers: {
          "Content-Type": "application/json",
          ...(isAdmin ? { "X-Admin-Token": ADMIN_TOKEN } : { "X-API-KEY": secret }),
        },
      });
      expect(answer.status, `${route.method} ${route.path}`).toBe(413);
      expect((await json(answer)).error.code).toBe("payload_too_large");
    }
  });
});
