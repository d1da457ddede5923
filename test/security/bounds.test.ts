// The review's findings about size and robustness: one call must not take the runtime down (a
// page or an answer far larger than any real one), one job item must not break a job's results,
// and a failed DNS lookup or a busy resolver cache must not leak or grow without bound.
// Pages are played by a stand-in for `fetch` that generates them chunk by chunk and counts what
// was read; names resolve through the DNS-over-HTTPS stand-in the workers pool starts.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app";
import { newId } from "../../src/db/keys";
import { dohResolver } from "../../src/net/doh";
import { jobAnswerKey } from "../../src/db/objects";
import { runItem } from "../../src/jobs/runner";
import { jobHooks } from "../../src/job-hooks";
import { claimPending } from "../../src/db/job-items";
import { database } from "../../src/db/client";
import { testJobRow } from "../workers/job-fixtures";
import { insertJob } from "../../src/db/jobs";
import { call, callApp, env, inProcessApi, newAccount, type TestAccount, withKey } from "../workers/helpers";
import { addPublicDataset, importRecords } from "../workers/dataset-fixtures";

vi.setConfig({ testTimeout: 30_000 });

const json = async (response: Response) => (await response.json()) as any;
const MB = 1024 * 1024;
const PRODUCT_HEAD = `<!doctype html><html><head><title>Kettle</title><script type="application/ld+json">${JSON.stringify(
  {
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Kettle",
    offers: { "@type": "Offer", price: "13.37", priceCurrency: "USD" },
  },
)}</script></head><body><h1>Kettle</h1><p>Price: $13.37</p>`;

/** A page of `totalBytes`: `head`, then `fill` repeated, generated as it is read; `read()` is what was pulled. */
function generatedPage(head: string, fill: string, totalBytes: number) {
  const encoder = new TextEncoder();
  const chunk = encoder.encode(fill.repeat(Math.ceil((64 * 1024) / fill.length)));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = sent === 0 ? encoder.encode(head) : chunk;
      controller.enqueue(next);
      sent += next.byteLength;
      if (sent >= totalBytes) controller.close();
    },
  });
  return {
    response: new Response(stream, { headers: { "Content-Type": "text/html; charset=utf-8" } }),
    read: () => sent,
  };
}

/** Serves each host's page (a fresh one per request); DNS lookups keep the real resolver's fetch. */
function serve(pages: Record<string, () => Response>) {
  const real = globalThis.fetch;
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return pages[url.host]?.() ?? real(input, init);
  });
}

const productPath = (url: string) => `/v1/generic?url=${encodeURIComponent(url)}&fresh=true`;

async function monthUsed(secret: string): Promise<number> {
  return (await json(await call("/v1/usage", withKey(secret)))).data.month.used;
}

/** A job of `paths` for `account`, its items taken off the queue and run once by the real runner. */
async function runJob(account: TestAccount, paths: string[]) {
  const id = newId("job");
  const now = new Date();
  await insertJob(
    database(env.DB),
    testJobRow({ accountId: account.accountId, keyId: account.keyId }, paths.length, {
      id,
      status: "queued",
      createdAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    }),
    paths,
  );
  const verdicts = [];
  for (const idx of await claimPending(database(env.DB), id, paths.length, Date.now())) {
    const ctx = createExecutionContext();
    verdicts.push(await runItem(env, ctx, inProcessApi(), { jobId: id, idx }, jobHooks));
    await waitOnExecutionContext(ctx);
  }
  const { results } = await env.DB.prepare(
    "SELECT idx, status, http_status, error_code, error_message, charged FROM job_items WHERE job_id = ? ORDER BY idx",
  )
    .bind(id)
    .all<{ status: string; http_status: number | null; error_code: string; error_message: string; charged: number }>();
  return { id, verdicts, items: results };
}

/** A completed job of `paths` whose items all succeeded; their answers are for the test to store. */
async function finishedJob(account: TestAccount, paths: string[]): Promise<string> {
  const id = newId("job");
  const now = new Date();
  await insertJob(
    database(env.DB),
    testJobRow({ accountId: account.accountId, keyId: account.keyId }, paths.length, {
      id,
      status: "completed",
      createdAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    }),
    paths,
  );
  await env.DB.prepare(`UPDATE job_items SET status = 'succeeded', http_status = 200 WHERE job_id = ?`).bind(id).run();
  return id;
}

afterEach(() => vi.restoreAllMocks());

describe("1. one page cannot take the runtime down", () => {
  it("stops reading a page at 10 MB and answers 502 with a sentence, never a 500", async () => {
    const { secret } = await newAccount({ plan: "enterprise" });
    let page: ReturnType<typeof generatedPage> | undefined;
    serve({
      "huge.bounds.example": () => {
        page = generatedPage(`${PRODUCT_HEAD}<div>`, "all work and no play ", 24 * MB);
        return page.response;
      },
    });
    const answer = await callApp(createApp(), productPath("https://huge.bounds.example/p/1"), withKey(secret));
    const body = await json(answer);
    expect(answer.status).toBe(502);
    expect(body.error.code).toBe("upstream_blocked");
    expect(body.error.message).toBe(
      "The page could not be read: it is larger than 10 MB, the most we read from one page.",
    );
    // Asking again would meet the same page: no Retry-After invites it.
    expect(answer.headers.get("Retry-After")).toBeNull();
    // The rest of the 24 MB was never downloaded.
    expect(page!.read()).toBeLessThanOrEqual(10 * MB + 2 * 64 * 1024);
  });

  it("refuses a small page with more elements than the parser builds, before parsing it", async () => {
    const { secret } = await newAccount({ plan: "enterprise" });
    // About 61,000 elements in 460 KB: the parser would build some 50 MB of nodes for them.
    serve({ "many.bounds.example": () => generatedPage(`${PRODUCT_HEAD}<div>`, "<i>x</i><b></b>", 450_000).response });
    const answer = await callApp(createApp(), productPath("https://many.bounds.example/p/1"), withKey(secret));
    const body = await json(answer);
    expect(answer.status).toBe(502);
    expect(body.error.message).toBe(
      "The page could not be read: it has more than 40,000 elements, the most we parse in one page.",
    );
  });

  it("keeps serving pages under the caps as before", async () => {
    const { secret } = await newAccount({ plan: "enterprise" });
    serve({ "fine.bounds.example": () => generatedPage(`${PRODUCT_HEAD}<div>`, "a line of text ", 2 * MB).response });
    const answer = await callApp(createApp(), productPath("https://fine.bounds.example/p/1"), withKey(secret));
    const body = await json(answer);
    expect(answer.status, JSON.stringify(body.error)).toBe(200);
    expect(body.data).toMatchObject({ title: "Kettle", price: { amount: 13.37, currency: "USD" } });
  });

  it("fails a job item over a page too large at once, uncharged, and keeps the job's other item", async () => {
    const account = await newAccount({ plan: "enterprise" });
    serve({
      "huge.bounds.example": () => generatedPage(`${PRODUCT_HEAD}<div>`, "all work and no play ", 24 * MB).response,
      "fine.bounds.example": () => generatedPage(`${PRODUCT_HEAD}<div>`, "a line of text ", 64 * 1024).response,
    });
    const before = await monthUsed(account.secret);
    const { verdicts, items } = await runJob(account, [
      productPath("https://huge.bounds.example/p/2"),
      productPath("https://fine.bounds.example/p/2"),
    ]);
    // Final: retrying would download the same page again.
    expect(verdicts[0]).toEqual({ ack: true });
    expect(items[0]).toMatchObject({
      status: "failed",
      http_status: 502,
      error_code: "upstream_blocked",
      error_message: "The page could not be read: it is larger than 10 MB, the most we read from one page.",
      charged: 0,
    });
    expect(items[1], items[1]?.error_message).toMatchObject({ status: "succeeded", charged: 1 });
    // The one item that returned data; usage reads are never charged.
    expect(await monthUsed(account.secret)).toBe(before + 1);
  });

  it("fails a job item whose answer is larger than an item keeps, uncharged", async () => {
    const account = await newAccount({ plan: "enterprise" });
    // 58 records with a 60 KB title each: a records page of 3.5 MB.
    await addPublicDataset("bounds-long-titles", "Long titles");
    const title = "x".repeat(60 * 1024);
    await importRecords(
      "bounds-long-titles",
      Array.from({ length: 40 }, (_, n) => ({ key: `long:${n}`, title })),
      10,
    );
    const before = await monthUsed(account.secret);
    const { id, items } = await runJob(account, ["/v1/datasets/bounds-long-titles/records?limit=1000"]);
    expect(items[0]).toMatchObject({
      status: "failed",
      http_status: 200,
      error_code: "invalid_request",
      error_message:
        "The answer is larger than 2 MB, the most one job item keeps; ask for less (a smaller limit, fewer fields).",
      charged: 0,
    });
    expect(await env.RESULTS.head(jobAnswerKey(id, 0))).toBeNull();
    expect(await monthUsed(account.secret)).toBe(before);
  });
});

describe("6. one job item cannot break a job's results", () => {
  it("refuses items asking for CSV or NDJSON, naming each by index, and queues nothing", async () => {
    const { secret } = await newAccount({ plan: "enterprise" });
    const answer = await call(
      "/v1/jobs",
      withKey(secret, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          requests: [
            { path: "/v1/amazon?asin=B0C1GHS4GF" },
            { path: "/v1/amazon?asin=B08DF9F814&format=csv" },
            { path: "/v1/datasets/amazon-electronics-prices-us/records?format=ndjson" },
            { path: "/v1/datasets/amazon-electronics-prices-us/records?format=json" },
          ],
        }),
      }),
    );
    const body = await json(answer);
    expect(answer.status).toBe(400);
    expect(body.error.details).toEqual([
      {
        parameter: "requests.1.path",
        in: "body",
        message:
          "job items answer JSON only; drop `format=csv` (/v1/jobs/{id}/results gives the whole job as CSV or NDJSON)",
      },
      {
        parameter: "requests.2.path",
        in: "body",
        message:
          "job items answer JSON only; drop `format=ndjson` (/v1/jobs/{id}/results gives the whole job as CSV or NDJSON)",
      },
    ]);
    expect((await json(await call("/v1/jobs", withKey(secret)))).data).toEqual([]);
  });

  it("reads every item's results even when a stored answer is not JSON, in each format", async () => {
    const account = await newAccount({ plan: "enterprise" });
    const id = await finishedJob(account, ["/v1/amazon?asin=B0C1GHS4GF", "/v1/amazon?asin=B08DF9F814"]);
    await env.RESULTS.put(jobAnswerKey(id, 0), JSON.stringify({ status: "success", data: { title: "Kettle" } }));
    // What an item run with format=csv left before items were checked for it.
    await env.RESULTS.put(jobAnswerKey(id, 1), "title,price\r\nToaster,19.99\r\n");

    const page = await call(`/v1/jobs/${id}/results?format=json`, withKey(account.secret));
    expect(page.status).toBe(200);
    const unreadable = {
      code: "internal",
      message: "The stored answer of this item could not be read as JSON; run the item again.",
    };
    expect((await json(page)).data.map((result: any) => [result.data, result.error])).toEqual([
      [{ title: "Kettle" }, null],
      [null, unreadable],
    ]);
    const lines = await call(`/v1/jobs/${id}/results?format=ndjson`, withKey(account.secret));
    expect(lines.status).toBe(200);
    const parsed = (await lines.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(parsed.map((result) => result.error)).toEqual([null, unreadable]);
    const csv = await call(`/v1/jobs/${id}/results?format=csv`, withKey(account.secret));
    expect(csv.status).toBe(200);
    expect((await csv.text()).split("\r\n").filter(Boolean)).toHaveLength(3);
  });
  it("answers a page of results holding more than 16 MB of answers with a 400, and streams them instead", async () => {
    const account = await newAccount({ plan: "enterprise" });
    const paths = Array.from({ length: 9 }, (_, i) => `/v1/amazon?asin=B0C1GHS4G${i}`);
    const id = await finishedJob(account, paths);
    const answer = JSON.stringify({ status: "success", data: { note: "x".repeat(2 * MB - 100) } });
    for (const idx of paths.keys()) await env.RESULTS.put(jobAnswerKey(id, idx), answer);

    const page = await call(`/v1/jobs/${id}/results?format=json&limit=100`, withKey(account.secret));
    expect(page.status).toBe(400);
    expect((await json(page)).error.message).toBe(
      "This page's answers hold more than 16 MB; ask for a smaller limit, or for every item at once with format=ndjson.",
    );
    const lines = await call(`/v1/jobs/${id}/results?format=ndjson`, withKey(account.secret));
    expect(lines.status).toBe(200);
    const results = (await lines.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(results.map((result) => result.data.note.length)).toEqual(paths.map(() => 2 * MB - 100));
  });
});

describe("9. DNS: our own sentences, a bounded cache", () => {
  it("answers a URL whose lookup fails with our sentence, never the runtime's", async () => {
    const { secret } = await newAccount({ plan: "enterprise" });
    // A resolver whose own name does not resolve: the runtime throws "internal error; reference = …".
    const bindings = { ...env, DOH_URL: "https://doh.unreachable.invalid/dns-query" };
    const answer = await callApp(
      createApp(),
      productPath("https://shop.bounds.example/p/4"),
      withKey(secret),
      bindings,
    );
    const body = await json(answer);
    expect(answer.status).toBe(400);
    expect(body.error.message).toBe(
      "The URL has a host name that could not be resolved (the DNS resolver could not be reached).",
    );
  });

  it("reports a webhook receiver whose name does not resolve in our words", async () => {
    const { secret } = await newAccount({ plan: "enterprise" });
    const send = (method: string, path: string, body?: unknown) =>
      call(
        path,
        withKey(secret, {
          method,
          headers: body ? { "Content-Type": "application/json" } : {},
          body: body ? JSON.stringify(body) : undefined,
        }),
      );
    // The stand-in resolver gives every name a public address; the runtime's own lookup of .invalid fails.
    const created = await json(await send("POST", "/v1/webhooks", { url: "https://hooks.bounds.invalid/in" }));
    const ping = await json(await send("POST", `/v1/webhooks/${created.data.webhook.id}/test`));
    expect(ping.data.status_code).toBeNull();
    expect(ping.data.error).toBe(
      "the receiver could not be reached (its name did not resolve or it refused the connection)",
    );
  });

  it("keeps at most 1,000 names per isolate, forgetting the least recently used first", async () => {
    const asked: string[] = [];
    const resolve = dohResolver(`http://doh.bounds.test/dns-query?r=${Math.random()}`, async (url) => {
      const name = new URL(url).searchParams.get("name")!;
      if (new URL(url).searchParams.get("type") === "A") asked.push(name);
      return Response.json({ Status: 0, Answer: [{ type: 1, TTL: 60, data: "93.184.216.34" }] });
    });
    await resolve("first.bounds.example");
    for (let i = 0; i < 1_000; i++) {
      await resolve(`name-${i}.bounds.example`);
      // Used again now and then, so it stays among the recently used.
      if (i % 100 === 0) await resolve("first.bounds.example");
    }
    asked.length = 0;
    await resolve("first.bounds.example");
    await resolve("name-999.bounds.example");
    expect(asked).toEqual([]);
    await resolve("name-0.bounds.example");
    expect(asked).toEqual(["name-0.bounds.example"]);
  });
});
