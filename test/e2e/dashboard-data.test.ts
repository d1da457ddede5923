// The dashboard's data pages in Debian's Chromium against wrangler dev, signed in as a demo
// account as `npm start` makes it: what its key made (calls, a dataset) shows in the request log
// and the datasets list; the catalogue browser, a dataset's records table with chosen fields and a
// CSV download, the recipe form (created, and refused with a sentence), a product's price-history
// chart and the playground's first Run. axe-core checks each page; each fits a phone.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import axe from "axe-core";
import { parse } from "csv-parse/sync";
import type { Browser, Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { catalogue } from "../../replicas/catalogue.ts";
import { type DemoAccount, demoAccounts } from "../../scripts/demo-accounts.ts";
import { ROOT } from "../../scripts/local-stack.ts";
import { launchChromium, recordCspViolations, submit } from "./dashboard-browser.ts";

const baseUrl = inject("baseUrl");
const adminToken = inject("adminToken");
const SCREENSHOTS = join(ROOT, "test-output", "dashboard");
const DESKTOP = { width: 1100, height: 900 };
const PHONE = { width: 390, height: 844 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const downloads = mkdtempSync(join(tmpdir(), "dashboard-data-"));
const product = catalogue("amazon")[0]!;

let browser: Browser;
let page: Page;
let demo: DemoAccount;
/** Request ids of the calls made with the demo key, and the dataset it created. */
const made = { requestIds: [] as string[], dataset: "" };

async function callWithKey(method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { "X-API-KEY": demo.secret, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json()) as any;
  made.requestIds.push(response.headers.get("X-Request-Id")!);
  return { status: response.status, json };
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  [, demo] = (await demoAccounts(baseUrl, adminToken, join(downloads, "demo-accounts.json"))) as [
    DemoAccount,
    DemoAccount,
  ];
  const read = await callWithKey("GET", `/v1/amazon?asin=${product.id}&fresh=true`);
  expect(read.status).toBe(200);
  const created = await callWithKey("POST", "/v1/datasets", {
    name: "Demo earbuds",
    recipe: { kind: "search", platforms: ["amazon"], queries: ["earbuds"], schedule: "0 5 * * *" },
  });
  expect(created.status).toBe(201);
  made.dataset = created.json.data.slug;
  browser = await launchChromium();
  page = await (
    await browser.createBrowserContext({ downloadBehavior: { policy: "allow", downloadPath: downloads } })
  ).newPage();
  await page.setViewport(DESKTOP);
  await recordCspViolations(page);
});

afterAll(async () => {
  await browser?.close();
});

const text = (selector: string) => page.$eval(selector, (element) => element.textContent?.trim() ?? "");

/** axe-core finds no serious or critical violation, the CSP blocked nothing, and the page fits a phone; photographed. */
async function checkPage(name: string) {
  await page.evaluate(axe.source);
  const found = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
  expect(found, name).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  await page.setViewport(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-phone.png`), fullPage: true });
  await page.setViewport(DESKTOP);
}

describe("the dashboard's data pages in Chromium, as npm start's demo account", () => {
  it("signs in with the demo email and password and finds the key's calls and dataset", async () => {
    await page.goto(`${baseUrl}/dashboard/login`);
    await page.type("#email", demo.email);
    await page.type("#password", demo.password);
    await submit(page, "Log in");
    expect(new URL(page.url()).pathname).toBe("/dashboard");

    await Promise.all([page.waitForNavigation(), page.click('nav a[href="/dashboard/requests"]')]);
    const logged = await page.$$eval("tr[data-request-id]", (rows) =>
      rows.map((row) => row.getAttribute("data-request-id")),
    );
    expect(logged).toEqual(expect.arrayContaining(made.requestIds));
    const read = await page.$eval(`tr[data-request-id="${made.requestIds[0]}"]`, (row) =>
      Array.from(row.querySelectorAll("td"), (cell) => cell.textContent),
    );
    expect(read.slice(1, 5)).toEqual(["demo", "GET /v1/amazon", "200", "1 unit"]);
    await checkPage("requests");

    await page.goto(`${baseUrl}/dashboard/datasets`);
    expect(await text(`tr[data-dataset="${made.dataset}"] a`)).toBe("Demo earbuds");
  });

  it("browses the catalogue by search and category, and opens a dataset", async () => {
    await Promise.all([page.waitForNavigation(), page.click('nav a[href="/dashboard/catalogue"]')]);
    await page.type("#catalogue-q", "hotel");
    await page.select("#catalogue-category", "travel");
    await submit(page, "Search");
    const found = await page.$$eval("tr[data-dataset]", (rows) => rows.map((row) => row.getAttribute("data-dataset")));
    expect(found.length).toBeGreaterThan(0);
    expect(await text("#found-count")).toMatch(/^\d+ datasets?/);
    await checkPage("catalogue");
    await Promise.all([page.waitForNavigation(), page.click(`tr[data-dataset="${found[0]}"] a`)]);
    expect(new URL(page.url()).pathname).toBe(`/dashboard/catalogue/${found[0]}`);
  });

  it("shows a dataset's records with the fields chosen, and downloads them as CSV", async () => {
    const slug = new URL(page.url()).pathname.split("/").pop()!;
    const fields = await page.$$eval("input[name=fields]", (boxes) =>
      boxes.map((box) => (box as HTMLInputElement).value),
    );
    const chosen = ["key", fields.find((field) => field !== "key")!];
    for (const box of await page.$$("input[name=fields]:checked")) await box.click();
    for (const field of chosen) await page.click(`input[name=fields][value="${field}"]`);
    await submit(page, "Show records");
    expect(await page.$$eval("#records-table th", (cells) => cells.map((cell) => cell.textContent))).toEqual(chosen);
    const rows = await page.$$eval("#records-table tbody tr", (trs) => trs.length);
    expect(rows).toBeGreaterThan(0);
    expect(await text("#records-summary")).toMatch(/^[\d,]+ records in the snapshot/);
    await checkPage("dataset-records");

    await page.click('a[href*="/records.csv"]');
    for (let i = 0; i < 100 && !readdirSync(downloads).includes(`${slug}.csv`); i++) await sleep(100);
    const csv = parse(readFileSync(join(downloads, `${slug}.csv`), "utf8"), { columns: true }) as Record<
      string,
      string
    >[];
    expect(Object.keys(csv[0]!)).toEqual(chosen);
    expect(csv.length).toBeGreaterThanOrEqual(rows);
  });

  it("creates a dataset from the recipe form, and shows a refusal as a sentence", async () => {
    await page.goto(`${baseUrl}/dashboard/datasets/new?kind=search`);
    expect(await page.$eval("#recipe-queries", (area) => (area as HTMLTextAreaElement).value)).toBe("wireless earbuds");
    await page.type("#recipe-name", "Earbuds from the form");
    await submit(page, "Create dataset");
    expect(new URL(page.url()).pathname).toBe("/dashboard/datasets");
    expect(await text("#created-notice")).toMatch(/^Dataset earbuds-from-the-form-[a-z0-9]+ created/);

    await page.goto(`${baseUrl}/dashboard/datasets/new?kind=search`);
    await page.type("#recipe-name", "No terms");
    await page.$eval("#recipe-queries", (area) => {
      (area as HTMLTextAreaElement).value = "";
    });
    await submit(page, "Create dataset");
    expect(await text("main .error")).toContain("recipe.queries");
    expect(await page.$eval("#recipe-name", (input) => (input as HTMLInputElement).value)).toBe("No terms");
    await checkPage("recipe-form");
  });

  it("draws the price history of a product the key read", async () => {
    await Promise.all([page.waitForNavigation(), page.click('nav a[href="/dashboard/history"]')]);
    await Promise.all([page.waitForNavigation(), page.click(`#recent-products a[href*="${product.id}"]`)]);
    const bars = await page.$$eval("#price-chart rect[data-day]", (rects) =>
      rects.map((rect) => rect.getAttribute("data-high")),
    );
    expect(bars.length).toBeGreaterThan(0);
    expect(Number(bars.at(-1))).toBeGreaterThan(0);
    const chart = await page.$("#price-chart");
    const node = await page.accessibility.snapshot({ root: chart!, interestingOnly: false });
    expect(node?.name).toContain(`Daily prices of amazon ${product.id}`);
    await checkPage("price-history");
  });

  it("reuses the demo accounts on the next start, with a new key whose calls show in the same log", async () => {
    const file = join(downloads, "demo-accounts.json");
    const [, again] = await demoAccounts(baseUrl, adminToken, file);
    expect({ ...again, secret: "" }).toEqual({ ...demo, secret: "" });
    expect(again!.secret).not.toBe(demo.secret);
    const usage = await fetch(`${baseUrl}/v1/usage`, { headers: { "X-API-KEY": again!.secret } });
    expect(usage.status).toBe(200);
    const requestId = usage.headers.get("X-Request-Id")!;
    for (let i = 0; i < 50; i++) {
      await page.goto(`${baseUrl}/dashboard/requests`);
      if (await page.$(`tr[data-request-id="${requestId}"]`)) break;
      await sleep(200);
    }
    expect(await page.$(`tr[data-request-id="${requestId}"]`)).not.toBeNull();
    expect(JSON.parse(readFileSync(file, "utf8"))).not.toHaveProperty("pro.secret");
  });

  it("runs the playground's first endpoint as it opens", async () => {
    await page.goto(`${baseUrl}/dashboard/playground`);
    await submit(page, "Run");
    expect(await text("#answer-status")).toBe("200");
    await checkPage("playground-first-run");
  });
});
