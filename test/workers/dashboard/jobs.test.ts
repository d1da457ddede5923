// The dashboard's jobs page through the Worker's real fetch handler: the account's jobs with
// progress and counts, downloads through the session, starting and cancelling through the API's
// own routes, and another account's job answering 404.
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { findLiveKeyById, newId } from "../../../src/db/keys";
import { jobAnswerKey } from "../../../src/db/objects";
import { database } from "../../../src/db/client";
import { testJobRow } from "../job-fixtures";
import { insertJob } from "../../../src/db/jobs";
import { call, env } from "../helpers";
import { createdKey, signedUp } from "../dashboard-visitor";

const PATHS = ["/v1/amazon?asin=B0C1GHS4GF", "/v1/amazon?asin=B08DF9F814", "/v1/amazon?asin=B0000XXXXX"];

/**
 * A finished job of the key's account, written as the queue consumer leaves one (two items with
 * their answers in R2, one failed), so the page's figures are known without running the queue.
 */
async function finishedJob(keyId: string): Promise<string> {
  const identity = (await findLiveKeyById(drizzle(env.DB), keyId))!;
  const created = Date.UTC(2026, 0, 5, 10, 0, 0);
  const id = newId("job");
  await insertJob(
    database(env.DB),
    testJobRow({ accountId: identity.accountId, keyId: keyId }, PATHS.length, {
      id,
      status: "completed",
      createdAt: new Date(created),
      expiresAt: new Date(created + 7 * 86_400_000),
    }),
    PATHS,
  );
  // insertJob writes a new job; the consumer stamps these as the job runs.
  await env.DB.prepare(`UPDATE jobs SET started_at = ?, finished_at = ? WHERE id = ?`)
    .bind(created + 1_000, created + 9_000, id)
    .run();
  for (const idx of [0, 1]) {
    await env.DB.prepare(`UPDATE job_items SET status = 'succeeded', http_status = 200 WHERE job_id = ? AND idx = ?`)
      .bind(id, idx)
      .run();
    await env.RESULTS.put(jobAnswerKey(id, idx), JSON.stringify({ status: "success", data: { title: `Item ${idx}` } }));
  }
  await env.DB.prepare(
    `UPDATE job_items SET status = 'failed', http_status = 404, error_code = 'not_found', error_message = 'No such product.' WHERE job_id = ? AND idx = 2`,
  )
    .bind(id)
    .run();
  return id;
}

/** The page's markup for one job. */
const jobBlock = (html: string, id: string) => {
  const start = html.indexOf(`data-job-id="${id}"`);
  expect(start, `job ${id} on the page`).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</article>", start));
};

describe("jobs page", () => {
  it("shows each job's progress bar, counts by outcome, times and downloads, in the navigation", async () => {
    const { visitor } = await signedUp();
    const { keyId } = await createdKey(visitor);
    const id = await finishedJob(keyId);
    const page = await visitor.get("/dashboard/jobs");
    expect(page.status).toBe(200);
    expect(page.html).toContain('<a href="/dashboard/jobs" aria-current="page">Jobs</a>');
    const job = jobBlock(page.html, id);
    expect(job).toContain('<span class="job-status">completed</span>');
    expect(job).toMatch(new RegExp(`<label for="progress-${id}"[^>]*>3 of 3 items done \\(100%\\)</label>`));
    expect(job).toContain(`<progress id="progress-${id}" max="100" value="100">`);
    for (const [outcome, count] of Object.entries({ succeeded: 2, failed: 1, cancelled: 0, running: 0, waiting: 0 }))
      expect(job).toContain(`<dd data-count="${outcome}">${count}</dd>`);
    expect(job).toContain("Created 2026-01-05 10:00:00 UTC, started 2026-01-05 10:00:01 UTC");
    expect(job).toContain("finished 2026-01-05 10:00:09 UTC");
    expect(job).toContain(`href="/dashboard/jobs/${id}/results.csv"`);
    expect(job).toContain(`href="/dashboard/jobs/${id}/results.ndjson"`);
    // A finished job has nothing left to cancel.
    expect(job).not.toContain("/cancel");
  });

  it("streams a job's results as CSV and NDJSON through the session", async () => {
    const { visitor } = await signedUp();
    const { keyId } = await createdKey(visitor);
    const id = await finishedJob(keyId);
    const csv = await visitor.get(`/dashboard/jobs/${id}/results.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toBe(`attachment; filename="${id}.csv"`);
    expect(csv.html.split("\r\n")).toEqual([
      "index,path,status,http_status,error_code,error_message,title",
      "0,/v1/amazon?asin=B0C1GHS4GF,succeeded,200,,,Item 0",
      "1,/v1/amazon?asin=B08DF9F814,succeeded,200,,,Item 1",
      "2,/v1/amazon?asin=B0000XXXXX,failed,404,not_found,No such product.,",
      "",
    ]);
    const ndjson = await visitor.get(`/dashboard/jobs/${id}/results.ndjson`);
    expect(ndjson.status).toBe(200);
    expect(ndjson.headers.get("Content-Type")).toBe("application/x-ndjson; charset=utf-8");
    const lines = ndjson.html
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.index, line.status, line.data])).toEqual([
      [0, "succeeded", { title: "Item 0" }],
      [1, "succeeded", { title: "Item 1" }],
      [2, "failed", null],
    ]);
    expect(lines[2].error).toEqual({ code: "not_found", message: "No such product." });
  });

  it("answers 404 for another account's job: not listed, not downloaded, not cancelled", async () => {
    const alice = await signedUp();
    const bob = await signedUp();
    const { keyId } = await createdKey(alice.visitor);
    const id = await finishedJob(keyId);
    await createdKey(bob.visitor);
    expect((await bob.visitor.get("/dashboard/jobs")).html).not.toContain(id);
    for (const format of ["csv", "ndjson"]) {
      const download = await bob.visitor.get(`/dashboard/jobs/${id}/results.${format}`);
      expect(download.status).toBe(404);
      expect(download.html).toContain(`No job <code>${id}</code> in your account.`);
      expect(download.html).not.toContain("Item 0");
    }
    const cancel = await bob.visitor.post(`/dashboard/jobs/${id}/cancel`, {});
    expect(cancel.status).toBe(404);
    // Signed out, the download is a redirect to the sign-in page.
    const stranger = await call(`/dashboard/jobs/${id}/results.csv`, { redirect: "manual" });
    expect(stranger.status).toBe(303);
    expect(stranger.headers.get("Location")).toBe("/dashboard/login");
  });

  it("starts a short-form job as the chosen key and cancels it from the page", async () => {
    const { visitor } = await signedUp();
    const { keyId } = await createdKey(visitor, "batch");
    const started = await visitor.post("/dashboard/jobs", {
      key_id: keyId,
      platform: "amazon",
      kind: "product",
      inputs: "B0C1GHS4GF\r\n\r\n  B08DF9F814  \r\n",
    });
    expect(started.status).toBe(303);
    const id = /^\/dashboard\/jobs\?started=(job_[0-9a-f]{20})$/.exec(started.location ?? "")?.[1];
    expect(id, started.location ?? "").toBeTruthy();
    const page = await visitor.get(started.location!);
    expect(page.html).toContain(`Job ${id} started`);
    const job = jobBlock(page.html, id!);
    expect(job).toMatch(/of 2 items done/);
    expect(job).toContain(`action="/dashboard/jobs/${id}/cancel"`);
    const [row] = (
      await env.DB.prepare(`SELECT key_id, account_id FROM jobs WHERE id = ?`).bind(id).all<{ key_id: string }>()
    ).results;
    expect(row!.key_id).toBe(keyId);
    const paths = await env.DB.prepare(`SELECT path FROM job_items WHERE job_id = ? ORDER BY idx`).bind(id).all();
    expect(paths.results.map((item) => item.path)).toEqual([
      "/v1/amazon?asin=B0C1GHS4GF",
      "/v1/amazon?asin=B08DF9F814",
    ]);

    // While it runs, the page follows it by itself, under the page's nonce.
    expect(page.html).toMatch(/<script nonce="[^"]+">[^<]*getElementById\("jobs-list"\)/);
    const asked = await visitor.post(`/dashboard/jobs/${id}/cancel`, {});
    expect(asked.status).toBe(200);
    expect(asked.html).toContain(`Cancel job <code>${id}</code>?`);
    const cancelled = await visitor.post(`/dashboard/jobs/${id}/cancel`, { confirm: "yes" });
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toBe(`/dashboard/jobs?cancelled=${id}`);
    const after = jobBlock((await visitor.get(cancelled.location!)).html, id!);
    expect(after).toContain('<span class="job-status">cancelled</span>');
    expect(after).not.toContain("/cancel");
    // Nothing left running: no script polls the page.
    expect((await visitor.get("/dashboard/jobs")).html).not.toContain('jobs-list")');
  });

  it("shows the API's refusal beside the form, keeps what was typed, and queues nothing", async () => {
    const alice = await signedUp();
    const bob = await signedUp();
    const { keyId } = await createdKey(alice.visitor);
    const { keyId: bobKey } = await createdKey(bob.visitor);
    const bad = await alice.visitor.post("/dashboard/jobs", {
      key_id: keyId,
      platform: "amazon",
      kind: "product",
      inputs: "B0C1GHS4GF\nshort",
    });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("1 of 2 items cannot run");
    expect(bad.html).toContain("inputs.1: ");
    expect(bad.html).toMatch(/<textarea[^>]*>B0C1GHS4GF\nshort<\/textarea>/);
    const stolen = await alice.visitor.post("/dashboard/jobs", {
      key_id: bobKey,
      platform: "amazon",
      kind: "product",
      inputs: "B0C1GHS4GF",
    });
    expect(stolen.status).toBe(400);
    expect(stolen.html).toContain("Choose one of your live keys.");
    expect((await alice.visitor.get("/dashboard/jobs")).html).toContain("None yet.");
  });

  it("refuses a start or cancel without the form's CSRF token or from another origin", async () => {
    const { visitor } = await signedUp();
    const { keyId } = await createdKey(visitor);
    const id = await finishedJob(keyId);
    const form = { key_id: keyId, platform: "amazon", kind: "product", inputs: "B0C1GHS4GF" };
    const noToken = await visitor.post("/dashboard/jobs", form, { withToken: false });
    expect(noToken.status).toBe(403);
    expect(noToken.html).toContain("This form has expired or did not come from this dashboard.");
    expect((await visitor.post("/dashboard/jobs", form, { origin: "https://evil.example" })).status).toBe(403);
    expect((await visitor.post(`/dashboard/jobs/${id}/cancel`, {}, { withToken: false })).status).toBe(403);
    const count = await env.DB.prepare(`SELECT COUNT(*) AS n FROM jobs WHERE key_id = ?`).bind(keyId).first("n");
    expect(count).toBe(1);
  });
});
