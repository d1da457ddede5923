// Every documented example runs against the local stack and answers as the docs show: each curl of
// the README and docs/*.md, and each operation's example call in the OpenAPI document (the call
// /llms.txt prints: path and required parameters from their examples, and the example body). None
// may answer an error, and none may come back empty where it implies data (a list, a search, a page
// of records or results, a product read). Placeholders become real values: keys, the admin token,
// and ids of objects made here for the purpose (`key_…`, `wh_…`, `job_…`, the OpenAPI's sample ids).
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { catalogue } from "../../replicas/catalogue.ts";
import { createAccountKey } from "../../scripts/local-stack.ts";
import { curlsIn, openApiExamples, type DocCurl } from "./doc-examples-curls.ts";
import { emptinessOf } from "./doc-examples-answers.ts";
import { jobClient, settleJob, type JobClient } from "./job-client.ts";

const baseUrl = inject("baseUrl");
const adminToken = inject("adminToken");
const replicasUrl = inject("replicasUrl");
const receiverUrl = inject("webhookReceiverUrl");
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

const DOC_FILES = ["README.md", ...readdirSync(`${ROOT}docs`).map((name) => `docs/${name}`)].filter((file) =>
  file.endsWith(".md"),
);
const documented = DOC_FILES.flatMap((file) => curlsIn(readFileSync(`${ROOT}${file}`, "utf8"), file));
const published = openApiExamples(await (await fetch(`${baseUrl}/v1/openapi.json`)).json(), "/v1/openapi.json");

/**
 * Examples expected to fail for a reason outside the examples' own files, with what fixes it. They
 * run like the others and keep the same rule; a failure is reported as skipped with this reason
 * instead of failing the run. Each pattern is matched against the example's source and URL.
 */
const EXPECTED_FAILURES: [RegExp, string][] = [];

const expectedFailure = (curl: DocCurl) =>
  EXPECTED_FAILURES.find(([pattern]) => pattern.test(`${curl.source} ${curl.url}`))?.[1];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let secret: string;
let api: JobClient;

/** Objects the examples' placeholder ids stand for, made in the example's account. */
const objects = {
  async key() {
    return (await api.call("POST", "/v1/keys", { name: "doc example" })).body.data.key.id as string;
  },
  async account() {
    const made = await createAccountKey(baseUrl, adminToken, { name: "doc example", plan: "free" });
    return made.accountId;
  },
  async webhook() {
    return (await api.call("POST", "/v1/webhooks", { url: `${receiverUrl}/doc-examples` })).body.data.webhook
      .id as string;
  },
  async watch() {
    const body = { kind: "product", platform: "amazon", id: "B0057OC5O8", condition: "below", threshold: 5 };
    return (await api.call("POST", "/v1/watches", body)).body.data.id as string;
  },
  async schedule() {
    const body = { cron: "0 * * * *", path: "/v1/amazon?asin=B0057OC5O8" };
    return (await api.call("POST", "/v1/schedules", body)).body.data.id as string;
  },
  /** A webhook with one delivery (its test ping). */
  async delivery() {
    const webhook = await objects.webhook();
    const ping = await api.call("POST", `/v1/webhooks/${webhook}/test`);
    return { webhook, message: ping.body.data.delivery_id as string };
  },
  /** A schedule with one run: the minute cron fired for its first slot. */
  async scheduleRun() {
    const made = await api.call("POST", "/v1/schedules", { cron: "* * * * *", path: "/v1/categories" });
    const slot = Date.parse(made.body.data.next_run_at);
    await fetch(`${baseUrl}/cdn-cgi/local/scheduled?cron=*+*+*+*+*&time=${slot + 1_000}`);
    for (let tries = 0; tries < 50; tries++) {
      const runs = (await api.call("GET", `/v1/schedules/${made.body.data.id}`)).body.data.runs;
      if (runs.length > 0) return { schedule: made.body.data.id as string, run: runs[0].id as string };
      await sleep(200);
    }
    throw new Error("the schedule did not run");
  },
  /** An own dataset whose first refresh has finished, so it can be refreshed again or deleted. */
  async dataset() {
    const recipe = { kind: "search", platforms: ["walmart"], queries: ["air fryer"] };
    const made = (await api.call("POST", "/v1/datasets", { name: "Doc example", recipe })).body.data;
    await settleJob(api, made.refresh.job_id);
    return made.slug as string;
  },
  /** A job still running, to cancel: more items than a few seconds serve. */
  async runningJob() {
    const inputs = catalogue("amazon").map((product) => product.id);
    return (await api.call("POST", "/v1/jobs", { platform: "amazon", kind: "product", inputs, fresh: true })).body.data
      .id as string;
  },
};

/** A finished job of 101 items, so the second page of 100 results (docs/jobs.md) has one. */
let finishedJob: string;

const OWN_DATASET = "earbud-prices-4k2x9q";
const PLACEHOLDER = /\b(key|acc|wh|wat|sch|run|job|msg)_(?:…|[0-9a-f]{16,})/g;

/** The example with real values for its placeholders, hosts and secrets. */
async function concrete(curl: DocCurl): Promise<DocCurl> {
  const ids: Record<string, string> = {};
  const text = `${curl.url} ${curl.body ?? ""}`;
  if (text.includes("/deliveries")) ({ webhook: ids.wh, message: ids.msg } = await objects.delivery());
  if (text.includes("run_")) ({ schedule: ids.sch, run: ids.run } = await objects.scheduleRun());
  const makers: Record<string, () => Promise<string>> = {
    key: objects.key,
    acc: objects.account,
    wh: objects.webhook,
    wat: objects.watch,
    sch: objects.schedule,
    job: async () => (/\/cancel$/.test(curl.url) ? objects.runningJob() : finishedJob),
  };
  for (const [, kind] of text.matchAll(PLACEHOLDER)) ids[kind!] ??= await makers[kind!]!();
  // The OpenAPI examples of an account's own dataset name the one the create example shows.
  if (text.includes(OWN_DATASET)) ids.dataset = await objects.dataset();
  const fill = (value: string) =>
    value
      .replace(PLACEHOLDER, (_, kind: string) => ids[kind]!)
      .replaceAll(OWN_DATASET, ids.dataset ?? OWN_DATASET)
      .replaceAll("http://127.0.0.1:8787", baseUrl)
      .replaceAll("http://127.0.0.1:8790", replicasUrl)
      // The same address as a query value (`url=` of GET /v1/page), percent-encoded.
      .replaceAll(encodeURIComponent("http://127.0.0.1:8790"), encodeURIComponent(replicasUrl))
      .replaceAll("http://127.0.0.1:8791", receiverUrl)
      .replaceAll("<asin>", "B0057OC5O8")
      .replace(/\$KEY\b|\$K\b|wdk_…/g, secret)
      .replace(/\$ADMIN_TOKEN\b|\$T\b/g, adminToken);
  const headers = Object.fromEntries(Object.entries(curl.headers).map(([name, value]) => [name, fill(value)]));
  return { ...curl, url: fill(curl.url), headers, body: curl.body === undefined ? undefined : fill(curl.body) };
}

beforeAll(async () => {
  ({ secret } = await createAccountKey(baseUrl, adminToken, {
    name: "e2e doc examples",
    plan: "enterprise",
    requests_per_minute: 10_000,
  }));
  api = jobClient(() => baseUrl, secret);
  const amazon = catalogue("amazon").map((product) => product.id);
  const inputs = Array.from({ length: 101 }, (_, n) => amazon[n % amazon.length]!);
  const job = await api.call("POST", "/v1/jobs", { platform: "amazon", kind: "product", inputs, max_age: 3600 });
  finishedJob = job.body.data.id;
  // Lists the examples read (webhooks, watches, schedules, jobs) hold one of each.
  await Promise.all([objects.webhook(), objects.watch(), objects.schedule()]);
  // Price history holds what the service has read: the example hotel is read once (the job reads the products).
  const day = (ahead: number) => new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
  const hotel = await api.call(
    "GET",
    `/v1/travel/booking/hotels/ie%2Fthe-spencer?check_in=${day(30)}&check_out=${day(32)}`,
  );
  expect(hotel.status).toBe(200);
  expect((await settleJob(api, finishedJob)).status).toBe("completed");
}, 240_000);

function exampleTest(curl: DocCurl) {
  const name = `${curl.source}: ${curl.method} ${curl.url.replace(/^https?:\/\/127\.0\.0\.1:\d+/, "")}`;
  it(name, async (context) => {
    try {
      await answersAsShown(curl);
    } catch (err) {
      const reason = expectedFailure(curl);
      if (reason) context.skip(`expected to fail: ${reason}. ${String(err).split("\n")[0]}`);
      throw err;
    }
  });
}

async function answersAsShown(curl: DocCurl) {
  const request = await concrete(curl);
  const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
  const text = await response.text();
  expect(response.status, `${request.method} ${request.url}\n${text.slice(0, 600)}`).toBeLessThan(400);
  expect(emptinessOf(response.headers.get("Content-Type") ?? "", text), text.slice(0, 600)).toBeNull();
}

describe("every curl of the README and docs/", () => {
  it("finds the documented examples", () => {
    expect(documented.length).toBeGreaterThan(50);
  });
  for (const curl of documented) exampleTest(curl);
});

describe("every example call of the OpenAPI document", () => {
  it("finds one per operation", () => {
    expect(published.length).toBeGreaterThan(40);
  });
  for (const curl of published) exampleTest(curl);
});
