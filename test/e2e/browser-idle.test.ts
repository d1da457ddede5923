// An idle shard's browsers on local Browser Rendering, on a Worker of its own (one browser, let go after
// 1 s without a load): each one let go is closed, its Chromium gone, and the next load launches
// again. A browser only disconnected stayed marked connected and counted against MAX_BROWSERS, so
// after it every browser load waited for a launch that was never allowed and answered 503.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startReplicas, type Replicas } from "../../replicas/server.ts";
import { linkChromium } from "../../scripts/chromium.ts";
import { applyMigrations, createAccountKey, startWorker, type RunningWorker } from "../../scripts/local-stack.ts";

const ADMIN_TOKEN = "browser-idle-admin-token-0123456789";
const PAGE = "/real/jsonld/mshopping_wayfair.html";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let persistTo: string;
let replicas: Replicas;
let worker: RunningWorker;
let secret: string;

beforeAll(async () => {
  linkChromium();
  persistTo = mkdtempSync(join(tmpdir(), "webdata-browser-idle-"));
  applyMigrations(persistTo);
  replicas = await startReplicas({ port: 0 });
  worker = await startWorker({
    persistTo,
    inheritOutput: process.env.WORKER_LOGS === "1",
    vars: { ADMIN_TOKEN, REPLICA_ORIGIN: replicas.url, MAX_BROWSERS: "1", BROWSER_IDLE_MS: "1000" },
  });
  ({ secret } = await createAccountKey(worker.url, ADMIN_TOKEN, { name: "browser idle", plan: "enterprise" }));
}, 300_000);

afterAll(async () => {
  await worker?.stop();
  await replicas?.stop();
  rmSync(persistTo, { recursive: true, force: true });
});

/** Whether a Chromium process of the local Browser Rendering session `sessionId` still runs. */
function chromiumRuns(sessionId: string): boolean {
  return execFileSync("ps", ["-eo", "args"], { encoding: "utf8" }).includes(`profile-${sessionId}-`);
}

async function browserLoad() {
  const url = `${replicas.url}${PAGE}`;
  const response = await fetch(`${worker.url}/v1/generic?url=${encodeURIComponent(url)}&engine=browser&fresh=true`, {
    headers: { "X-API-KEY": secret },
  });
  const body = (await response.json()) as any;
  expect(response.status, JSON.stringify(body.error)).toBe(200);
  return body.meta.scrape.browser as { session_id: string; reused: boolean };
}

it("closes a shard's browsers when it goes idle, and launches again for the next load", async () => {
  const sessions: string[] = [];
  for (let round = 0; round < 3; round++) {
    const browser = await browserLoad();
    expect(sessions).not.toContain(browser.session_id);
    sessions.push(browser.session_id);
    expect(chromiumRuns(browser.session_id)).toBe(true);
    // Let go after 1 s without a load; the object's alarm checks every second.
    const deadline = Date.now() + 30_000;
    while (chromiumRuns(browser.session_id) && Date.now() < deadline) await sleep(250);
    expect(chromiumRuns(browser.session_id)).toBe(false);
  }
}, 180_000);
