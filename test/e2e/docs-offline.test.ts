// /docs with the network cut off: Chromium may reach this machine only, and the reference still
// renders its operations, since its renderer comes from the Worker's own assets.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, HTTPRequest, Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { dependencies } from "../../package.json";
import { ROOT } from "../../scripts/local-stack.ts";
import { launchChromium, recordCspViolations } from "./dashboard-browser.ts";

const baseUrl = inject("baseUrl");
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Whether a request stays on this machine (or needs no network at all). */
function isLocal(request: HTTPRequest): boolean {
  const url = new URL(request.url());
  return url.protocol === "data:" || url.protocol === "blob:" || LOOPBACK.has(url.hostname);
}

let browser: Browser;
let page: Page;
const blocked: string[] = [];

beforeAll(async () => {
  mkdirSync(join(ROOT, "test-output"), { recursive: true });
  browser = await launchChromium();
  page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await recordCspViolations(page);
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    if (isLocal(request)) return void request.continue();
    blocked.push(request.url());
    void request.abort("internetdisconnected");
  });
});

afterAll(async () => {
  await browser?.close();
});

describe("/docs with every non-loopback request blocked", () => {
  it("renders the reference's operations and asks nothing of another host", async () => {
    await page.goto(`${baseUrl}/docs`, { waitUntil: "load" });
    // Summaries of the first tag's operations, as the renderer draws them from /v1/openapi.json.
    // A 4 MB script parsed on a machine whose two cores run the other tests too: it took 20-40 s there.
    await page.waitForFunction(() => document.body.innerText.includes("Service health"), { timeout: 100_000 });
    await page.screenshot({ path: join(ROOT, "test-output", "docs-offline.png") });
    const text = await page.evaluate(() => document.body.innerText);
    // The document's introduction, and the sidebar's group of each customer tag.
    expect(text).toContain("Getting a key");
    for (const tag of ["catalogue", "products", "travel", "events", "jobs", "keys"])
      expect(text).toContain(`Open Group - ${tag}`);
    expect(blocked).toEqual([]);
    // The one refusal is zod's probe for `Function("")` (it then validates without compiling): the
    // policy allows no eval, and nothing else on the page was refused.
    const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    expect(violations.filter((violation) => violation !== "script-src: eval")).toEqual([]);
  }, 120_000);

  it("keeps the operator's routes out of it", async () => {
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).not.toContain("Open Group - admin");
    expect(text).not.toContain("/v1/admin/");
  });

  it("serves the pinned renderer from the Worker's assets, cached for a year", async () => {
    const script = `${baseUrl}/docs/assets/scalar-api-reference-${dependencies["@scalar/api-reference"]}.js`;
    const response = await fetch(script);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect((await response.text()).length).toBeGreaterThan(1_000_000);
  });
});
