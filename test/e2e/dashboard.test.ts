import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ROOT } from "../../scripts/local-stack.ts";
import { awayFromMinuteEdge } from "../support/clock.ts";
import { launchChromium, recordCspViolations, submit } from "./dashboard-browser.ts";

const baseUrl = inject("baseUrl");
const SCREENSHOTS = join(ROOT, "test-output", "dashboard");
const PASSWORD = "Correct horse 42";
const run = Date.now();
const emailOf = (who: string) => `${who}-${run}@example.com`;

let browser: Browser;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** Content-Security-Policy violations the page reported, as "directive: blocked URL or 'inline'". */
const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

/** A separate browser profile: its own cookies, like a different person; CSP violations are recorded. */
async function person(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1000, height: 900 });
  await recordCspViolations(page);
  return { context, page };
}

async function signUp(page: Page, email: string, password = PASSWORD) {
  await page.goto(`${baseUrl}/dashboard/signup`);
  await page.type("#email", email);
  await page.type("#password", password);
  await submit(page, "Sign up");
}

const text = (page: Page, selector: string) => page.$eval(selector, (element) => element.textContent?.trim() ?? "");
/** A charged call (reading /v1/usage itself is never charged to the month). */
const usage = (secret: string) => fetch(`${baseUrl}/v1/categories`, { headers: { "X-API-KEY": secret } });
/** A data read: all that a rotated key's previous secret may still do in its grace period. */
const readData = (secret: string) => fetch(`${baseUrl}/v1/datasets`, { headers: { "X-API-KEY": secret } });

/** Posts a form from inside the page (same origin, the browser's cookies), as a forged page could not. */
function postFromPage(page: Page, path: string, fields: Record<string, string>) {
  return page.evaluate(
    async (path, fields) => (await fetch(path, { method: "POST", body: new URLSearchParams(fields) })).status,
    path,
    fields,
  );
}
const csrfToken = (page: Page) => page.$eval('input[name="csrf"]', (input) => (input as HTMLInputElement).value);

describe("dashboard in Chromium against wrangler dev", () => {
  let alice: { context: BrowserContext; page: Page };
  let aliceKeyId = "";

  it("signs up with a first key shown once, creates a key, counts its calls, rotates with a grace period and revokes it", async () => {
    alice = await person();
    const { page, context } = alice;
    await signUp(page, emailOf("alice"));
    // Sign-up answers with the account's first key, its secret shown this once.
    expect(await page.content()).toContain("Welcome! Your account is ready, with a first key “default”.");
    const firstSecret = await text(page, "#secret-value");
    expect(firstSecret).toMatch(/^wdk_[A-Za-z0-9_-]{32}$/);
    await page.goto(`${baseUrl}/dashboard`);
    expect(await text(page, "#plan")).toBe("Free");
    expect(await text(page, "#month-used")).toBe("0");

    // Cookies: HttpOnly and SameSite=Lax always; Secure only outside http://127.0.0.1 local dev.
    const session = (await context.cookies()).find((cookie) => cookie.name === "wd_session")!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/dashboard" });
    expect(new URL(baseUrl).hostname).toBe("127.0.0.1");
    expect(session.secure).toBe(false);
    expect(await page.evaluate(() => document.cookie)).not.toContain("wd_session");

    await page.goto(`${baseUrl}/dashboard/keys`);
    expect(await page.content()).not.toContain(firstSecret);
    await page.type("#key-name", "e2e");
    // Scopes are ticked on the form: this key reads products and datasets, and manages nothing.
    for (const box of await page.$$('input[name="scopes"]:checked')) await box.click();
    await page.click('input[name="scopes"][value="products:read"]');
    await page.click('input[name="scopes"][value="catalogue:read"]');
    await submit(page, "Create key");
    const secret = await text(page, "#secret-value");
    aliceKeyId = (await page.$eval("#secret-value", (element) => element.getAttribute("data-key-id")))!;
    expect(secret).toMatch(/^wdk_[A-Za-z0-9_-]{32}$/);
    expect(await text(page, `div[data-key-id="${aliceKeyId}"] .scopes`)).toBe("catalogue:read, products:read");
    expect((await fetch(`${baseUrl}/v1/watches`, { headers: { "X-API-KEY": secret } })).status).toBe(403);

    // The page's own script runs under the CSP (by its nonce): Copy puts the secret on the clipboard.
    await context.overridePermissions(baseUrl, ["clipboard-read", "clipboard-write", "clipboard-sanitized-write"]);
    await page.click('button[data-copy="secret-value"]');
    await page.waitForFunction(
      () => document.querySelector('button[data-copy="secret-value"]')?.textContent === "Copied",
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    expect(await violations(page)).toEqual([]);

    // The two calls and the look at them fall in one clock minute, as the minute's meter counts them.
    await awayFromMinuteEdge();
    expect((await usage(secret)).status).toBe(200);
    expect((await usage(secret)).status).toBe(200);
    await page.goto(`${baseUrl}/dashboard`);
    expect(await text(page, "#month-used")).toBe("2");
    expect(await text(page, "#minute-used")).toBe("2");
    const today = new Date().toISOString().slice(0, 10);
    expect(await page.$eval(`#usage-chart rect[data-day="${today}"]`, (bar) => bar.getAttribute("data-count"))).toBe(
      "2",
    );
    await page.screenshot({ path: join(SCREENSHOTS, "overview.png"), fullPage: true });

    await page.goto(`${baseUrl}/dashboard/keys`);
    await page.select(`#grace-${aliceKeyId}`, "1");
    await submit(page, "Rotate", `//div[@data-key-id="${aliceKeyId}"]`);
    expect(await page.content()).toContain("The old secret keeps working for 1 day.");
    const rotated = await text(page, "#secret-value");
    expect(rotated).not.toBe(secret);
    expect((await readData(secret)).status).toBe(200);
    expect((await usage(rotated)).status).toBe(200);

    await page.goto(`${baseUrl}/dashboard/keys`);
    expect(await page.$("#secret-value")).toBeNull(); // shown once only
    expect(await page.content()).toContain("The previous secret works until");
    // Used with its secret: the keys page says when, to the minute.
    expect(await text(page, `div[data-key-id="${aliceKeyId}"] .last-used`)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    await page.screenshot({ path: join(SCREENSHOTS, "api-settings.png"), fullPage: true });
    await page.setViewport({ width: 390, height: 844, isMobile: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(SCREENSHOTS, "api-settings-phone.png"), fullPage: true });
    await page.setViewport({ width: 1000, height: 900 });

    // Revoke asks first; the key works until the confirmation's own button is pressed.
    await submit(page, "Revoke", `//div[@data-key-id="${aliceKeyId}"]`);
    expect(await text(page, "#confirm h2")).toMatch(/^Revoke the key “e2e”/);
    expect((await usage(rotated)).status).toBe(200);
    await submit(page, "Revoke the key");
    const revokedAt = Date.now();
    expect(await page.content()).toContain("The key is revoked");
    let statuses = [200, 200];
    while (statuses.some((status) => status !== 401) && Date.now() - revokedAt < 5_000) {
      statuses = await Promise.all([usage(secret), usage(rotated)].map(async (answer) => (await answer).status));
      if (statuses.some((status) => status !== 401)) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(statuses).toEqual([401, 401]);
    expect(Date.now() - revokedAt).toBeLessThan(5_000);
  });

  it("shows errors for a wrong password, a taken email and a weak password", async () => {
    const { page, context } = await person();
    await page.goto(`${baseUrl}/dashboard/login`);
    await page.type("#email", emailOf("alice"));
    await page.type("#password", "Not the password 1");
    await submit(page, "Log in");
    expect(await text(page, ".error")).toBe("Wrong email or password.");

    await signUp(page, emailOf("alice"));
    expect(await text(page, ".error")).toBe("An account with this email already exists. Log in instead.");

    await signUp(page, emailOf("weak"), "aaaaaaaaaaaa");
    expect(await text(page, ".error")).toContain("The password is too weak");
    await context.close();
  });

  it("refuses a form post without the CSRF token", async () => {
    const { page } = alice;
    await page.goto(`${baseUrl}/dashboard/keys`);
    expect(await postFromPage(page, "/dashboard/keys", { name: "forged" })).toBe(403);
    expect(await postFromPage(page, "/dashboard/keys", { name: "forged", csrf: "not-the-token" })).toBe(403);
    await page.reload();
    expect(await page.content()).not.toContain("forged");
  });

  it("does not show or let one account touch another account's keys", async () => {
    await alice.page.goto(`${baseUrl}/dashboard/keys`);
    await alice.page.type("#key-name", "still alive");
    await submit(alice.page, "Create key");
    const aliceSecret = await text(alice.page, "#secret-value");
    const liveKeyId = (await alice.page.$eval("#secret-value", (element) => element.getAttribute("data-key-id")))!;

    const { page, context } = await person();
    await signUp(page, emailOf("bob"));
    await page.goto(`${baseUrl}/dashboard/keys`);
    expect(await page.content()).not.toContain(liveKeyId);
    expect(await page.content()).not.toContain(aliceKeyId);
    // Bob's only key is the one his sign-up made.
    expect(await page.$$eval("#keys [data-key-id]", (keys) => keys.length)).toBe(1);
    const token = await csrfToken(page);
    expect(await postFromPage(page, `/dashboard/keys/${liveKeyId}/rotate`, { csrf: token, grace_days: "0" })).toBe(404);
    expect(await postFromPage(page, `/dashboard/keys/${liveKeyId}/revoke`, { csrf: token })).toBe(404);
    expect((await usage(aliceSecret)).status).toBe(200);
    await context.close();
    await alice.context.close();
  });

  it("runs no script the page did not bring, and cannot be framed by another site", async () => {
    const { page, context } = await person();
    await page.goto(`${baseUrl}/dashboard/login`);
    expect(await violations(page)).toEqual([]);
    // Markup injected into the page (as an XSS would) cannot run: it has no nonce.
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.body.append(script);
    });
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    expect(await violations(page)).toEqual(["script-src-elem: inline"]);

    // A page on another origin (localhost is not 127.0.0.1) that frames the log-in form gets nothing.
    const framing = await context.newPage();
    const port = new URL(baseUrl).port;
    await framing.goto(`http://localhost:${port}/v1/health`);
    await framing.evaluate((src) => {
      const frame = document.createElement("iframe");
      frame.src = src;
      document.body.append(frame);
      return new Promise((resolve) => frame.addEventListener("load", resolve));
    }, `${baseUrl}/dashboard/login`);
    const frame = framing.frames().find((candidate) => candidate !== framing.mainFrame())!;
    expect(await frame.$("#password").catch(() => null)).toBeNull();
    await context.close();
  });
});
