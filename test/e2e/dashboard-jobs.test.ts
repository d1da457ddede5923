// The dashboard's jobs page in Debian's Chromium against wrangler dev: a job of three replica
// amazon products started from the page's form, followed (the page updating itself) until its
// progress bar is full, its CSV downloaded by clicking the link, the page checked by axe-core and photographed.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import axe from "axe-core";
import { parse } from "csv-parse/sync";
import type { Browser, Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { catalogue } from "../../replicas/catalogue.ts";
import { ROOT } from "../../scripts/local-stack.ts";
import { launchChromium, recordCspViolations, signUpWithKey, submit as submitForm } from "./dashboard-browser.ts";

const baseUrl = inject("baseUrl");
const SCREENSHOTS = join(ROOT, "test-output", "dashboard");
const DESKTOP = { width: 1100, height: 900 };
const PHONE = { width: 390, height: 844 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const products = catalogue("amazon").slice(0, 3);
/** Where the browser saves what a download link fetches. */
const downloads = mkdtempSync(join(tmpdir(), "dashboard-jobs-"));

let browser: Browser;
let page: Page;

/** The key the job runs as. */
let keyId = "";

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  browser = await launchChromium();
  page = await (
    await browser.createBrowserContext({ downloadBehavior: { policy: "allow", downloadPath: downloads } })
  ).newPage();
  await page.setViewport(DESKTOP);
  await recordCspViolations(page);
  keyId = await signUpWithKey(page, baseUrl, `jobs-${Date.now()}@example.com`, "batch");
});

afterAll(async () => {
  await browser?.close();
});

const submit = (buttonText: string, scope?: string) => submitForm(page, buttonText, scope);

const text = (selector: string) => page.$eval(selector, (element) => element.textContent?.trim() ?? "");

/** The job's progress bar as assistive technology gets it: role, accessible name and value. */
async function progressBar(jobId: string) {
  const bar = await page.$(`#progress-${jobId}`);
  const node = await page.accessibility.snapshot({ root: bar!, interestingOnly: false });
  return { role: node?.role, name: node?.name, value: Number(await bar!.evaluate((el) => el.getAttribute("value"))) };
}

describe("jobs page in Chromium against wrangler dev", () => {
  let jobId = "";

  it("starts a job of three amazon products from the form, as the chosen key", async () => {
    await Promise.all([page.waitForNavigation(), page.click('nav a[href="/dashboard/jobs"]')]);
    expect(await text("main h1")).toBe("Batch jobs");
    await page.select("#job-key", keyId);
    await page.select("#job-platform", "amazon");
    await page.select("#job-kind", "product");
    await page.type("#job-inputs", products.map((product) => product.id).join("\n"));
    await submit("Start job");
    expect(new URL(page.url()).pathname).toBe("/dashboard/jobs");
    jobId = (await page.$eval("[data-job-id]", (e) => e.getAttribute("data-job-id")))!;
    expect(await text("#jobs-notice")).toBe(`Job ${jobId} started; its progress follows below.`);
    expect(await text(`#progress-${jobId}`)).toMatch(/%$/);
  });

  it("moves the progress bar to 100% by itself, without a reload", { timeout: 150_000 }, async () => {
    const seen: number[] = [];
    const deadline = Date.now() + 120_000;
    const url = page.url();
    for (;;) {
      // The page's script swaps in the job list it reads again every 3 s; the page is never reloaded.
      const { value } = await progressBar(jobId);
      seen.push(value);
      if (value === 100 || Date.now() > deadline) break;
      await sleep(1_000);
    }
    expect(seen.at(-1), `progress seen: ${seen.join(", ")}`).toBe(100);
    expect(page.url()).toBe(url);
    // Never backwards.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const bar = await progressBar(jobId);
    expect(bar.role).toBe("progressbar");
    expect(bar.name).toBe("3 of 3 items done (100%)");
    expect(await text(`[data-job-id="${jobId}"] .job-status`)).toBe("completed");
    const counts = await page.$$eval(`[data-job-id="${jobId}"] [data-count]`, (cells) =>
      Object.fromEntries(cells.map((cell) => [cell.getAttribute("data-count"), cell.textContent])),
    );
    expect(counts).toEqual({ succeeded: "3", failed: "0", cancelled: "0", running: "0", waiting: "0" });
    expect(await text(`[data-job-id="${jobId}"] .job-times`)).toMatch(/finished \d{4}-\d\d-\d\d [\d:]{8} UTC/);
    // Finished: there is nothing to cancel.
    expect(await page.$(`form[action="/dashboard/jobs/${jobId}/cancel"]`)).toBeNull();
  });

  it("downloads the results as CSV by clicking the link, one row per product", async () => {
    await page.click(`a[href="/dashboard/jobs/${jobId}/results.csv"]`);
    const file = join(downloads, `${jobId}.csv`);
    for (let i = 0; i < 100 && !readdirSync(downloads).includes(`${jobId}.csv`); i++) await sleep(100);
    expect(readdirSync(downloads)).toContain(`${jobId}.csv`);
    const rows = parse(readFileSync(file, "utf8"), { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.index, row.path, row.status, row.http_status])).toEqual(
      products.map((product, index) => [String(index), `/v1/amazon?asin=${product.id}`, "succeeded", "200"]),
    );
    // One column per field of the answers' data.
    for (const [index, row] of rows.entries()) {
      expect(row.asin).toBe(products[index]!.id);
      expect(row.title).toBeTruthy();
    }
  });

  it("has no serious or critical accessibility violation, and fits a phone", async () => {
    await page.goto(`${baseUrl}/dashboard/jobs`);
    await page.evaluate(axe.source);
    const found = await page.evaluate(async () => {
      const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
        resultTypes: ["violations"],
      });
      return result.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    });
    expect(found).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, "jobs.png"), fullPage: true });
    await page.setViewport(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: join(SCREENSHOTS, "jobs-phone.png"), fullPage: true });
    await page.setViewport(DESKTOP);
  });
});
