// The URL guard end to end: a wrangler dev of its own (no proxy pool, so nothing but the guard
// stands between a page and the network) with Browser Rendering on the local Chromium, a
// public-looking site (allow-listed, as a replica is) that tries to steer the scraper into an
// internal service on another 127.0.0.1 port, and a DNS-over-HTTPS stand-in for names.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { applyMigrations, createAccountKey, startWorker, type RunningWorker } from "../../scripts/local-stack.ts";
import { startDohServer, type DohServer } from "../support/doh-server.ts";
import { INWARD_RECORDS } from "../support/doh.ts";
import { SECRET, startSteeringServers, type Servers } from "../support/steering-site.ts";

const ADMIN_TOKEN = "url-guard-admin-token-0123456789";
let worker: RunningWorker;
let servers: Servers;
let doh: DohServer;
let persistTo: string;
let secret: string;

beforeAll(async () => {
  servers = await startSteeringServers();
  doh = await startDohServer(INWARD_RECORDS);
  persistTo = mkdtempSync(join(tmpdir(), "webdata-url-guard-"));
  applyMigrations(persistTo);
  worker = await startWorker({
    persistTo,
    vars: {
      ENVIRONMENT: "development",
      ADMIN_TOKEN,
      ANON_REQUESTS_PER_MINUTE: "1000",
      // The steering site plays a public site; the internal service's port is not listed.
      SSRF_ALLOW_HOSTS: new URL(servers.siteUrl).host,
      DOH_URL: doh.url,
      SCRAPE_TIMEOUT_MS: "5000",
    },
  });
  ({ secret } = await createAccountKey(worker.url, ADMIN_TOKEN, {
    name: "url guard",
    plan: "enterprise",
    requests_per_minute: 10_000,
  }));
});

afterAll(async () => {
  await worker?.stop();
  await servers?.stop();
  await doh?.stop();
  if (persistTo) rmSync(persistTo, { recursive: true, force: true });
});

async function scrape(url: string) {
  const response = await fetch(`${worker.url}/v1/generic?fresh=true&url=${encodeURIComponent(url)}`, {
    headers: { "X-API-KEY": secret },
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as any };
}

const internalHitsSoFar = () => [...servers.internalHits.values()].reduce((sum, n) => sum + n, 0);
let hitsAtStart = 0;
/** Requests the internal service saw during the current test. */
const internalHits = () => internalHitsSoFar() - hitsAtStart;
beforeEach(() => {
  hitsAtStart = internalHitsSoFar();
});

describe("a page cannot steer the browser inward", () => {
  it("refuses a page that redirects the browser (only the browser) to an internal address", async () => {
    const { status, text, body } = await scrape(`${servers.siteUrl}/cloaked-redirect`);
    expect(text).not.toContain(SECRET);
    expect(internalHits()).toBe(0);
    // The fetch engine saw an empty page; the browser was sent inward and stopped there.
    expect(body.error?.message, text).toMatch(/led the browser to http:\/\/127\.0\.0\.1:\d+\/secret/);
    expect(status).toBe(400);
  });

  it("refuses a page that sets location to an internal address", async () => {
    const { status, text, body } = await scrape(`${servers.siteUrl}/location`);
    expect(text).not.toContain(SECRET);
    expect(internalHits()).toBe(0);
    expect(body.error?.message, text).toMatch(/led the browser to http:\/\/127\.0\.0\.1:\d+\/secret/);
    expect(status).toBe(400);
  });

  it("aborts a page's fetch of an internal address, so its content never comes back", async () => {
    const ranBefore = servers.siteHits.get("/ran-fetch") ?? 0;
    const { text } = await scrape(`${servers.siteUrl}/fetch`);
    expect(text).not.toContain(SECRET);
    expect(internalHits()).toBe(0);
    // The page's script did run in the browser, and its fetch failed.
    expect(servers.siteHits.get("/ran-fetch") ?? 0).toBe(ranBefore + 1);
  });

  it("aborts an iframe of an internal address", async () => {
    const ranBefore = servers.siteHits.get("/ran-iframe") ?? 0;
    const { text } = await scrape(`${servers.siteUrl}/iframe`);
    expect(text).not.toContain(SECRET);
    expect(internalHits()).toBe(0);
    expect(servers.siteHits.get("/ran-iframe") ?? 0).toBe(ranBefore + 1);
  });
});

describe("the fetch engine guards every redirect hop", () => {
  it.each([
    ["localhost with a trailing dot", (port: string) => `http://localhost.:${port}/secret`, /internal host name|port/],
    ["LOCALHOST. in capitals", (port: string) => `http://LOCALHOST.:${port}/secret`, /internal host name|port/],
    ["a hex IPv4 literal", (port: string) => `http://0x7f000001:${port}/secret`, /loopback|port/],
    ["a name the DNS resolves to 127.0.0.1", () => "http://localtest.me/secret", /resolves to 127\.0\.0\.1/],
    ["a CNAME to such a name", () => "http://cname.attacker.example/secret", /resolves to 127\.0\.0\.1/],
  ])("refuses a chain of allowed hops ending at %s", async (_name, target, reason) => {
    const port = new URL(servers.internalUrl).port;
    const before = servers.siteHits.get("/chain/1") ?? 0;
    const { status, text, body } = await scrape(`${servers.siteUrl}/chain/3?to=${encodeURIComponent(target(port))}`);
    expect(text).not.toContain(SECRET);
    expect(internalHits()).toBe(0);
    expect(servers.siteHits.get("/chain/1")).toBe(before + 1);
    expect(status, text).toBe(400);
    expect(body.error.message).toMatch(/redirects to /);
    expect(body.error.message).toMatch(reason);
  });

  it("asks the DNS-over-HTTPS stand-in, not the system resolver", () => {
    expect(doh.queries).toContain("localtest.me");
    expect(doh.queries).toContain("cname.attacker.example");
  });

  it("refuses localhost. given directly", async () => {
    const { status, text } = await scrape(`http://localhost.:${new URL(servers.internalUrl).port}/secret`);
    expect(text).not.toContain(SECRET);
    expect(internalHits()).toBe(0);
    expect(status).toBe(400);
  });
});
