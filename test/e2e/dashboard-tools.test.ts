// The dashboard's playground, events and usage pages in Debian's Chromium against wrangler dev:
// real calls through the playground, a webhook pinging the stack's receiver, a schedule made and
// removed in the browser, every page checked by axe-core and photographed at desktop and phone widths.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import axe from "axe-core";
import type { Browser, Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ROOT } from "../../scripts/local-stack.ts";
import { launchChromium, recordCspViolations, signUpWithKey, submit as submitForm } from "./dashboard-browser.ts";

const baseUrl = inject("baseUrl");
const receiverUrl = inject("webhookReceiverUrl");
const SCREENSHOTS = join(ROOT, "test-output", "dashboard");
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const DESKTOP = { width: 1100, height: 900 };
// Not isMobile: switching device emulation reloads the page, and a reloaded playground answer posts its call again.
const PHONE = { width: 390, height: 844 };

let browser: Browser;
let page: Page;
/** Serious and critical axe findings per page, collected as the tests visit them. */
const accessibility = new Map<string, string[]>();

/** The key the playground, the schedule and the webhook's calls run as. */
let keyId = "";

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  browser = await launchChromium();
  page = await (await browser.createBrowserContext()).newPage();
  await page.setViewport(DESKTOP);
  // A hotel search reads several sites and their hotel pages before the playground answers.
  page.setDefaultNavigationTimeout(90_000);
  await recordCspViolations(page);
  keyId = await signUpWithKey(page, baseUrl, `tools-${Date.now()}@example.com`, "playground");
});

afterAll(async () => {
  await browser?.close();
});

const submit = (buttonText: string, scope?: string) => submitForm(page, buttonText, scope);

const text = (selector: string) => page.$eval(selector, (element) => element.textContent?.trim() ?? "");

/**
 * Runs axe-core in the page (evaluated through DevTools, which the page's CSP does not govern) and
 * keeps its serious and critical findings; saves the page at desktop and phone widths.
 */
async function checkPage(name: string) {
  await page.evaluate(axe.source);
  const found = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
  accessibility.set(name, found);
  if (found.length > 0) console.log(name, found);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  await page.setViewport(PHONE);
  // Nothing wider than the phone's screen: the page reflows instead of scrolling sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-phone.png`), fullPage: true });
  await page.setViewport(DESKTOP);
}

async function runInPlayground(operation: string, fields: Record<string, string>) {
  await page.goto(`${baseUrl}/dashboard/playground?op=${encodeURIComponent(operation)}`);
  for (const [name, value] of Object.entries(fields)) {
    const selector = `[name="p.${name}"]`;
    if ((await page.$eval(selector, (element) => element.tagName)) === "SELECT") await page.select(selector, value);
    else {
      await page.$eval(selector, (input) => ((input as HTMLInputElement).value = ""));
      await page.type(selector, value);
    }
  }
  await page.select("#playground-key", keyId);
  await submit("Run");
  return JSON.parse(await text("#answer-body"));
}

describe("dashboard tools in Chromium against wrangler dev", () => {
  it("runs a product search and a product call in the playground, with thumbnails, headers and snippets", async () => {
    const search = await runInPlayground("/v1/{platform}/search", { platform: "amazon", q: "power bank" });
    expect(await text("#answer-status")).toBe("200");
    expect(search.status).toBe("success");
    const first = search.data.results[0];
    expect(first.id).toMatch(/^[A-Z0-9]{10}$/);
    expect(await text("#snippet-curl")).toBe(
      `curl -H "X-API-KEY: $WEBDATA_API_KEY" '${baseUrl}/v1/amazon/search?q=power+bank'`,
    );

    const product = await runInPlayground("/v1/{platform}", { platform: "amazon", asin: first.id });
    expect(await text("#answer-status")).toBe("200");
    expect(product.data.title).toBeTruthy();
    // Rate-limit headers of a counted call (free plan: 10 a minute, the search and this call used 2).
    expect(await page.$eval("#answer-headers", (t) => t.textContent)).toMatch(/x-ratelimit-limit\s*10/);
    const thumbs = await page.$$eval("#product-images img", (imgs) =>
      imgs.map((img) => ({ src: img.getAttribute("src"), loaded: (img as HTMLImageElement).naturalWidth > 0 })),
    );
    expect(thumbs.length).toBe(product.data.images.length);
    expect(thumbs.length).toBeGreaterThan(0);
    // The thumbnails load lazily, as a reader scrolls to them.
    await page.$eval("#product-images", (section) => section.scrollIntoView());
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>("#product-images img")).every((img) => img.complete),
    );
    expect(
      await page.$$eval("#product-images img", (imgs) =>
        imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0),
      ),
    ).toBe(true);
    expect(await text("#snippet-python")).toContain(`"asin": "${first.id}",`);
    await checkPage("playground-product");
  });

  it("runs a hotel search in the playground and puts the hotels on the map", { timeout: 120_000 }, async () => {
    const answer = await runInPlayground("/v1/travel/{platform}/hotels/search", {
      platform: "booking",
      destination: "Dublin",
      check_in: day(40),
      check_out: day(43),
      adults: "2",
    });
    expect(await text("#answer-status")).toBe("200");
    const located = answer.data.hotels.filter((h: { latitude: number | null }) => h.latitude !== null);
    expect(located.length).toBeGreaterThan(0);
    expect(await page.$$eval("#hotel-map .hotel-point", (points) => points.length)).toBe(located.length);
    expect(await page.$$eval("#hotel-list li", (items) => items.length)).toBe(answer.data.hotels.length);
    await checkPage("playground-hotels");
  });

  it("adds a webhook, sends a test ping to the receiver and shows it in the delivery log", async () => {
    const hookPath = `/dashboard-${Date.now()}`;
    await page.goto(`${baseUrl}/dashboard/events`);
    await page.type("#webhook-url", `${receiverUrl}${hookPath}`);
    await submit("Add endpoint");
    expect(await text("#secret-value")).toMatch(/^whsec_/);
    const webhookId = (await page.$eval("#secret-value", (e) => e.getAttribute("data-endpoint-id")))!;
    await submit("Send test ping", `//div[@data-webhook-id="${webhookId}"]`);
    expect(await text("#events-notice")).toMatch(/^Test ping delivered: the receiver answered 200 in \d+ ms/);

    const received = (await (await fetch(`${receiverUrl}/_admin/deliveries?path=${hookPath}`)).json()) as {
      body: string;
    }[];
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body).type).toBe("webhook.test");

    await Promise.all([page.waitForNavigation(), page.click(`div[data-webhook-id="${webhookId}"] a.button`)]);
    const rows = await page.$$eval("#deliveries tbody tr", (trs) => trs.map((tr) => tr.textContent ?? ""));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain("webhook.test");
    expect(rows[0]).toContain("delivered");
    expect(rows[0]).toMatch(/: 200, \d+ ms/);
    // The payload each attempt sent, opened from its summary.
    await page.click("#deliveries details.payload summary");
    expect(JSON.parse(await text("#deliveries details.payload pre"))).toMatchObject({ type: "webhook.test" });
    await checkPage("webhook-log");
  });

  it("creates a schedule with a preview of its next runs, then deletes it", async () => {
    await page.goto(`${baseUrl}/dashboard/events`);
    await page.$eval("#schedule-cron", (input) => ((input as HTMLInputElement).value = ""));
    await page.type("#schedule-cron", "30 6 * * 1");
    // The page's script previews the next five runs as the expression is typed.
    await page.waitForFunction(
      () =>
        document.querySelectorAll("#cron-preview li").length === 5 &&
        /06:30/.test(document.querySelector("#cron-preview li")?.textContent ?? ""),
    );
    const previews = await page.$$eval("#cron-preview li", (items) => items.map((li) => li.textContent));
    for (const run of previews) expect(run).toMatch(/^Mon \d+ \w{3} \d{4}, 06:30 UTC \(in /);
    await page.type("#schedule-path", "/v1/datasets?category=travel");
    await page.select("#schedule-key", keyId);
    await submit("Add schedule");
    expect(await text("#events-notice")).toBe("Schedule added; it runs as key “playground”.");
    const scheduleId = (await page.$eval("[data-schedule-id]", (e) => e.getAttribute("data-schedule-id")))!;
    expect(await text(`[data-schedule-id="${scheduleId}"] .help`)).toMatch(/^Next runs: Mon/);
    await checkPage("events");

    await Promise.all([page.waitForNavigation(), page.click(`div[data-schedule-id="${scheduleId}"] a.button`)]);
    expect(await text("main h2")).toBe("30 6 * * 1 → /v1/datasets?category=travel");
    expect(await text("#runs caption")).toContain("The last 50 runs");
    await checkPage("schedule-runs");

    await page.goto(`${baseUrl}/dashboard/events`);
    await submit("Delete", `//div[@data-schedule-id="${scheduleId}"]`);
    // Deleting asks first, on its own page; only its button deletes.
    expect(await text("#confirm h2")).toBe("Delete the schedule 30 6 * * 1 → /v1/datasets?category=travel?");
    await checkPage("confirm");
    await submit("Delete the schedule");
    expect(await text("#events-notice")).toBe("Schedule 30 6 * * 1 → /v1/datasets?category=travel deleted.");
    expect(await page.$(`[data-schedule-id="${scheduleId}"]`)).toBeNull();
  });

  it("shows this month's calls by endpoint and exports them as CSV", async () => {
    await page.goto(`${baseUrl}/dashboard/usage`);
    // The playground's three calls and the events page's four actions, each one counted by its endpoint.
    const top = await page.$$eval("#top-endpoints tbody tr", (trs) =>
      trs.map((tr) => [tr.getAttribute("data-endpoint"), tr.querySelector(".calls")?.textContent]),
    );
    expect(top, JSON.stringify(top)).toEqual(
      expect.arrayContaining([
        ["GET /v1/amazon/search", "1"],
        ["GET /v1/amazon", "1"],
        ["GET /v1/travel/booking/hotels/search", "1"],
        ["POST /v1/webhooks", "1"],
        ["POST /v1/webhooks/{id}/test", "1"],
        ["POST /v1/schedules", "1"],
        ["DELETE /v1/schedules/{id}", "1"],
      ]),
    );
    // The month counts the playground's three data calls; the events page's actions are control plane (docs/charging.md).
    expect(await text("#forecast-used")).toBe("3");
    expect(await page.$$eval("#endpoint-chart rect[data-series]", (rects) => rects.length)).toBeGreaterThan(0);
    const csv = await page.evaluate(async () => (await fetch("/dashboard/usage.csv")).text());
    expect(csv.split("\r\n")).toContain(`${new Date().toISOString().slice(0, 10)},GET /v1/amazon,products,2xx,1`);
    await checkPage("usage");

    for (const [name, path] of [
      ["overview", "/dashboard"],
      ["api-settings", "/dashboard/keys"],
      ["playground", "/dashboard/playground"],
    ]) {
      await page.goto(`${baseUrl}${path}`);
      await checkPage(name!);
    }
    const visitor = await (await browser.createBrowserContext()).newPage();
    for (const [name, path] of [
      ["login", "/dashboard/login"],
      ["signup", "/dashboard/signup"],
    ]) {
      const previous = page;
      page = visitor;
      await page.setViewport(DESKTOP);
      await page.goto(`${baseUrl}${path}`);
      await page.evaluate(() => ((window as unknown as { cspViolations: string[] }).cspViolations = []));
      await checkPage(name!);
      page = previous;
    }
  });

  it("has no serious or critical accessibility violation on any dashboard page", () => {
    expect([...accessibility.keys()].sort()).toEqual(
      [
        "api-settings",
        "confirm",
        "events",
        "login",
        "overview",
        "playground",
        "playground-hotels",
        "playground-product",
        "schedule-runs",
        "signup",
        "usage",
        "webhook-log",
      ].sort(),
    );
    expect(Object.fromEntries(accessibility)).toEqual(
      Object.fromEntries([...accessibility.keys()].map((name) => [name, []])),
    );
  });
});
