// Debian's Chromium driving the dashboard, shared by the dashboard test files: the launch, a page
// that records Content-Security-Policy violations, form submission, and a signed-up account.
import puppeteer, { type Browser, type Page } from "puppeteer-core";

export function launchChromium(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
}

/** Makes every document of `page` keep its CSP violations in `window.cspViolations`, as "directive: blocked URL". */
export async function recordCspViolations(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.effectiveDirective}: ${event.blockedURI}`),
    );
  });
}

/** Clicks the button reading `buttonText` under the XPath `scope` and waits for the page it posts to. */
export async function submit(page: Page, buttonText: string, scope = "//main"): Promise<void> {
  const button = await page.waitForSelector(`::-p-xpath(${scope}//button[normalize-space()="${buttonText}"])`);
  await Promise.all([page.waitForNavigation(), button!.click()]);
}

/**
 * Signs a new person up as `email` (the account starts with a key "default") and creates a key
 * called `keyName`, with the scopes the form ticks, on the keys page; answers that key's id.
 */
export async function signUpWithKey(page: Page, baseUrl: string, email: string, keyName: string): Promise<string> {
  await page.goto(`${baseUrl}/dashboard/signup`);
  await page.type("#email", email);
  await page.type("#password", "Correct horse 42");
  await submit(page, "Sign up");
  await page.goto(`${baseUrl}/dashboard/keys`);
  await page.type("#key-name", keyName);
  await submit(page, "Create key");
  return (await page.$eval("#secret-value", (element) => element.getAttribute("data-key-id")))!;
}
