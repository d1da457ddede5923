// The playground, the events forms and the usage page, through the Worker's real fetch handler.
import { describe, expect, it } from "vitest";
import { previewRuns } from "../../../src/dashboard/cron-preview";
import { requestSnippets } from "../../../src/dashboard/snippets";
import { quotaForecast } from "../../../src/dashboard/usage";
import { call } from "../helpers";
import { createdKey, signedUp } from "../dashboard-visitor";

const decode = (html: string) =>
  html
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/** Endpoint counts are written in waitUntil after the answer: wait until the page shows them. */
async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 3_000): Promise<T> {
  const started = Date.now();
  let value = await read();
  while (!ok(value) && Date.now() - started < ms) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

describe("playground", () => {
  it("builds each endpoint's form from the OpenAPI document", async () => {
    const { visitor } = await signedUp();
    await createdKey(visitor);
    const page = await visitor.get(
      `/dashboard/playground?op=${encodeURIComponent("/v1/travel/{platform}/hotels/search")}`,
    );
    expect(page.status).toBe(200);
    for (const name of ["platform", "destination", "check_in", "check_out", "adults", "sort", "explain"])
      expect(page.html).toContain(`name="p.${name}"`);
    // Every data route is offered; keys, admin and events routes are not.
    expect(page.html).toContain('value="/v1/{platform}/search"');
    expect(page.html).toContain('value="/v1/datasets"');
    expect(page.html).toContain('value="/v1/usage"');
    expect(page.html).not.toContain('value="/v1/keys"');
    expect(page.html).not.toContain('value="/v1/webhooks"');
    expect(page.html).not.toContain('value="/v1/admin/accounts"');
  });

  it("runs a call as the chosen key, counted, and shows status, rate-limit headers, JSON and snippets", async () => {
    const { visitor } = await signedUp();
    const { keyId } = await createdKey(visitor);
    const answer = await visitor.post("/dashboard/playground", {
      op: "/v1/datasets",
      key_id: keyId,
      "p.category": "travel",
    });
    expect(answer.status).toBe(200);
    expect(answer.html).toMatch(/id="answer-status" class="status-2xx">200</);
    expect(answer.html).toMatch(/<th scope="row">x-ratelimit-remaining<\/th><td><code>9<\/code>/);
    expect(decode(answer.html)).toContain(
      `curl -H "X-API-KEY: $WEBDATA_API_KEY" 'http://api.test/v1/datasets?category=travel'`,
    );
    expect(decode(answer.html)).toContain('"category": "travel"');
    expect(answer.html).not.toMatch(/wdk_[A-Za-z0-9_-]{32}/); // no secret anywhere
    const overview = await visitor.get("/dashboard");
    expect(overview.html).toContain('id="month-used">1<');
  });

  it("refuses another account's key and a missing path parameter", async () => {
    const alice = await signedUp();
    const bob = await signedUp();
    const { keyId: aliceKey } = await createdKey(alice.visitor);
    const { keyId: bobKey } = await createdKey(bob.visitor);
    const stolen = await bob.visitor.post("/dashboard/playground", { op: "/v1/datasets", key_id: aliceKey });
    expect(stolen.status).toBe(400);
    expect(stolen.html).toContain("Choose one of your live keys.");
    const missing = await bob.visitor.post("/dashboard/playground", { op: "/v1/datasets/{slug}", key_id: bobKey });
    expect(missing.status).toBe(400);
    expect(missing.html).toContain("Fill in slug.");
    expect((await bob.visitor.get("/dashboard")).html).toContain('id="month-used">0<');
  });

  it("writes snippets that carry the query in each language", () => {
    const s = requestSnippets("https://api.example", "/v1/amazon/search?q=power+bank&page=2");
    expect(s.curl).toBe(
      `curl -H "X-API-KEY: $WEBDATA_API_KEY" 'https://api.example/v1/amazon/search?q=power+bank&page=2'`,
    );
    expect(s.javascript).toContain('fetch("https://api.example/v1/amazon/search?q=power+bank&page=2"');
    expect(s.python).toContain('"https://api.example/v1/amazon/search"');
    expect(s.python).toContain('"q": "power bank",');
  });
});

describe("events forms", () => {
  it("answers with the API's own validation and keeps what was typed", async () => {
    const { visitor } = await signedUp();
    const { keyId } = await createdKey(visitor);
    const badUrl = await visitor.post("/dashboard/events/webhooks", { url: "http://10.0.0.1/hook" });
    expect(badUrl.status).toBe(400);
    expect(decode(badUrl.html)).toMatch(/The webhook URL .*private/);
    expect(badUrl.html).toContain('value="http://10.0.0.1/hook"');
    const badCron = await visitor.post("/dashboard/events/schedules", {
      key_id: keyId,
      cron: "61 * * * *",
      path: "/v1/datasets",
    });
    expect(badCron.status).toBe(400);
    expect(decode(badCron.html)).toContain("<code>61 * * * *</code> is not a cron expression");
    const badWatch = await visitor.post("/dashboard/events/watches", {
      key_id: keyId,
      kind: "hotel",
      platform: "booking",
      condition: "below",
      threshold: "120",
    });
    expect(badWatch.status).toBe(400);
    expect(decode(badWatch.html)).toContain("destination: required for a hotel watch");
  });

  it("creates and deletes a schedule that runs as the chosen key, and hides it from other accounts", async () => {
    const alice = await signedUp();
    const bob = await signedUp();
    const { keyId } = await createdKey(alice.visitor, "scheduler");
    const created = await alice.visitor.post("/dashboard/events/schedules", {
      key_id: keyId,
      cron: "15 6 * * 1",
      path: "/v1/datasets?category=travel",
    });
    expect(created.status).toBe(200);
    expect(decode(created.html)).toContain("Schedule added; it runs as key “scheduler”.");
    const id = /data-schedule-id="(sch_[^"]+)"/.exec(created.html)![1]!;
    expect(created.html).toMatch(/Next runs: Mon \d+ \w+ \d{4}, 06:15 UTC/);

    expect((await bob.visitor.post(`/dashboard/events/schedules/${id}/delete`, {})).status).toBe(404);
    const asked = await alice.visitor.post(`/dashboard/events/schedules/${id}/delete`, {});
    expect(decode(asked.html)).toContain("Delete the schedule <code>15 6 * * 1</code>");
    expect(decode((await alice.visitor.get("/dashboard/events")).html)).toContain(`data-schedule-id="${id}"`);
    const deleted = await alice.visitor.post(`/dashboard/events/schedules/${id}/delete`, { confirm: "yes" });
    expect(deleted.status).toBe(200);
    expect(deleted.html).not.toContain(`data-schedule-id="${id}"`);
    // A key of another account cannot be chosen to run a schedule.
    const { keyId: bobKey } = await createdKey(bob.visitor);
    const foreign = await alice.visitor.post("/dashboard/events/schedules", {
      key_id: bobKey,
      cron: "0 * * * *",
      path: "/v1/datasets",
    });
    expect(foreign.status).toBe(400);
  });

  it("refuses event forms without the CSRF token", async () => {
    const { visitor } = await signedUp();
    const forged = await visitor.post(
      "/dashboard/events/webhooks",
      { url: "https://example.com/h" },
      { withToken: false },
    );
    expect(forged.status).toBe(403);
  });

  it("previews the next runs of a cron expression in words, or says why it cannot", async () => {
    const now = Date.parse("2026-11-23T12:31:00Z"); // a Monday
    expect(previewRuns("0 9 * * 1-5", 3, now).runs).toEqual([
      "Tue 24 Nov 2026, 09:00 UTC (in 20 h)",
      "Wed 25 Nov 2026, 09:00 UTC (in 44 h)",
      "Thu 26 Nov 2026, 09:00 UTC (in 3 days)",
    ]);
    expect(previewRuns("*/15 * * * *", 1, now).runs).toEqual(["Mon 23 Nov 2026, 12:45 UTC (in 14 min)"]);
    expect(previewRuns("0 9 * *", 3, now).error).toContain("five fields");
    expect(previewRuns("0 25 * * *", 3, now).error).toContain("Not a cron expression");
    const { visitor } = await signedUp();
    const preview = await call(`/dashboard/events/cron-preview?cron=${encodeURIComponent("0 0 1 * *")}`, {
      headers: { Cookie: [...visitor.cookies].map(([n, v]) => `${n}=${v}`).join("; ") },
    });
    expect(((await preview.json()) as { runs: string[] }).runs).toHaveLength(5);
  });
});

describe("usage page", () => {
  it("counts each answer by endpoint and status class, shows the top endpoints and exports CSV", async () => {
    const { visitor } = await signedUp();
    const { secret } = await createdKey(visitor);
    const get = (path: string) => call(path, { headers: { "X-API-KEY": secret } });
    expect((await get("/v1/datasets")).status).toBe(200);
    expect((await get("/v1/datasets")).status).toBe(200);
    expect((await get("/v1/datasets/no-such-dataset")).status).toBe(404);
    // A charged read (reading /v1/usage itself is never charged to the month).
    expect((await get("/v1/categories")).status).toBe(200);

    const page = await eventually(
      () => visitor.get("/dashboard/usage"),
      (p) => p.html.includes('data-endpoint="GET /v1/categories"'),
    );
    expect(page.html).toMatch(
      /data-endpoint="GET \/v1\/datasets"><td><code>GET \/v1\/datasets<\/code><\/td><td>catalogue<\/td><td class="calls">2</,
    );
    expect(page.html).toMatch(/data-endpoint="GET \/v1\/datasets\/\{slug\}">.*?<td class="calls">1<\/td><td>1<\/td>/);
    expect(page.html).toContain('data-series="catalogue 4xx" data-count="1"');
    // The 404 gave its unit back: three of the four calls are charged, and the page says so.
    expect(page.html).toContain('id="forecast-used">3<');
    expect(page.html).toContain('id="calls-attempted">4<');
    expect(page.html).toContain('id="calls-charged">3<');

    const csv = await call("/dashboard/usage.csv", {
      headers: { Cookie: [...visitor.cookies].map(([n, v]) => `${n}=${v}`).join("; ") },
    });
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const today = new Date().toISOString().slice(0, 10);
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("day,endpoint,group,status_class,calls");
    expect(lines).toContain(`${today},GET /v1/datasets,catalogue,2xx,2`);
    expect(lines).toContain(`${today},GET /v1/datasets/{slug},catalogue,4xx,1`);
    expect(lines).toContain(`${today},GET /v1/categories,catalogue,2xx,1`);
  });

  it("forecasts the month at its pace so far", () => {
    const now = Date.parse("2026-11-11T00:00:00Z"); // 10 of 30 days gone
    expect(quotaForecast(100, 1_000, now)).toEqual({ used: 100, quota: 1_000, projected: 300, runsOutOn: null });
    expect(quotaForecast(500, 1_000, now)).toEqual({
      used: 500,
      quota: 1_000,
      projected: 1_500,
      runsOutOn: "2026-11-21",
    });
  });
});
