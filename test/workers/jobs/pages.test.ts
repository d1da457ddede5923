// Pages as batch-job items: a job stores GET /v1/page calls like any data call, runs each through
// the route, keeps its Markdown in R2 and charges only an answer with content. Real D1, R2 and app;
// the sites answer from a stand-in for `fetch`.
import { jobHooks } from "../../../src/job-hooks";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { database } from "../../../src/db/client";
import { claimPending } from "../../../src/db/job-items";
import { jobAnswerKey } from "../../../src/db/objects";
import { runItem } from "../../../src/jobs/runner";
import { createApp } from "../../../src/app";
import { callApp, env, inProcessApi, newAccount, withKey } from "../helpers";
import { insertTestJob, itemsOf, recordingQueue } from "../job-fixtures";

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.restoreAllMocks());

const ARTICLE = `<html><head><title>Tides</title></head><body><nav><a href="/">Home</a></nav>
<article><h1>Tides</h1><p>The moon pulls the oceans into two bulges, and the earth turns beneath them, so most coasts see two high tides a day.</p>
<p>Where a bay narrows, the water piles up, and the range between low and high water can reach fifteen metres.</p></article></body></html>`;
const EMPTY_SHELL = `<html><head><title>App</title></head><body><div id="app"></div></body></html>`;

function serve(pages: Record<string, string>) {
  const real = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const page = pages[url.host];
    return page === undefined ? real(input, init) : new Response(page, { headers: { "Content-Type": "text/html" } });
  });
}
const pagePath = (host: string) =>
  `/v1/page?url=${encodeURIComponent(`https://${host}/tides`)}&formats=markdown&engine=fetch&fresh=true`;

/**
 * POST /v1/jobs through the app with a queue that only records: the file's runtime has the real queue's
 * consumer, and an item it ran after the last test would still be logging when the runtime closes.
 */
async function postJob(secret: string, body: unknown) {
  const queue = recordingQueue();
  const init = withKey(secret, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { response: await callApp(createApp(), "/v1/jobs", init, queue.env), queued: queue.sent };
}

async function run(jobId: string, idx: number) {
  const ctx = createExecutionContext();
  await runItem(recordingQueue().env, ctx, inProcessApi(), { jobId, idx }, jobHooks);
  await waitOnExecutionContext(ctx);
}

describe("pages as batch-job items", () => {
  it("are accepted by POST /v1/jobs like any data call", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const { response, queued } = await postJob(secret, { requests: [{ path: pagePath("a.jobs-page.example") }] });
    const body = (await response.json()) as any;
    expect(response.status, JSON.stringify(body.error)).toBe(202);
    expect(body.data.total).toBe(1);
    expect(queued.length).toBeGreaterThan(0);
  });

  it("keep each page's Markdown, charged, and give an empty shell's unit back", async () => {
    serve({ "tides.jobs-page.example": ARTICLE, "shell.jobs-page.example": EMPTY_SHELL });
    const paths = [pagePath("tides.jobs-page.example"), pagePath("shell.jobs-page.example")];
    const job = await insertTestJob(paths, { account: await newAccount({ plan: "pro" }) });
    await claimPending(database(env.DB), job.id, paths.length, Date.now());
    await run(job.id, 0);
    await run(job.id, 1);
    const [tides, shell] = await itemsOf(job.id);
    expect(tides).toMatchObject({ status: "succeeded", http_status: 200, charged: 1 });
    expect(shell).toMatchObject({ http_status: 422, charged: 0 });
    const kept = (await (await env.RESULTS.get(jobAnswerKey(job.id, 0)))!.json()) as any;
    expect(kept.data.markdown).toMatch(/^# Tides\n\nThe moon pulls the oceans/);
  });

  it("are made by the short form from addresses, with /v1/page's options, each checked before anything is queued", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const { response } = await postJob(secret, {
      kind: "page",
      inputs: ["https://a.jobs-page.example/one", "https://b.jobs-page.example/two"],
      options: { formats: "markdown,links", country: "de" },
    });
    const body = (await response.json()) as any;
    expect(response.status, JSON.stringify(body.error)).toBe(202);
    const { results } = await env.DB.prepare("SELECT path FROM job_items WHERE job_id = ? ORDER BY idx")
      .bind(body.data.id)
      .all<{ path: string }>();
    const paths = results.map((item) => item.path);
    expect(paths).toEqual([
      "/v1/page?url=https%3A%2F%2Fa.jobs-page.example%2Fone&formats=markdown%2Clinks&country=de",
      "/v1/page?url=https%3A%2F%2Fb.jobs-page.example%2Ftwo&formats=markdown%2Clinks&country=de",
    ]);

    const { response: unknownOption, queued: queuedForUnknown } = await postJob(secret, {
      kind: "page",
      inputs: ["https://c.jobs-page.example/"],
      options: { colour: "blue" },
    });
    expect(unknownOption.status).toBe(400);
    expect(queuedForUnknown).toEqual([]);
    expect(((await unknownOption.json()) as any).error.details[0].message).toMatch(/does not take `colour`/);
    const { response: inward, queued: queuedForInward } = await postJob(secret, {
      kind: "page",
      inputs: ["https://c.jobs-page.example/", "http://169.254.169.254/latest/meta-data/"],
    });
    const error = ((await inward.json()) as any).error;
    expect(inward.status).toBe(400);
    expect(queuedForInward).toEqual([]);
    expect(error.details.map((detail: any) => detail.parameter)).toEqual(["inputs.1"]);
    expect(error.details[0].message).toMatch(/^http:\/\/169\.254\.169\.254\/latest\/meta-data\/ cannot be read: /);
  });
});
