// GET /v1/page's trust contract (docs/page.md): "a bot wall or an empty shell is an error, never
// content, and never charged". The shells here are the ones script-built sites send before their
// scripts run, holding nothing but a placeholder sentence; the site is stood in for by `fetch`.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, newAccount, serveSite, withKey } from "../workers/helpers";

afterEach(() => vi.restoreAllMocks());

const HOST = "app-shell.page.example";
const json = async (response: Response) => (await response.json()) as any;
const monthUsed = async (secret: string): Promise<number> =>
  (await json(await call("/v1/usage", withKey(secret)))).data.month.used;

let secret: string;
beforeAll(async () => {
  ({ secret } = await newAccount({ plan: "pro" }));
});

describe("an app's empty shell read by GET /v1/page", () => {
  it.each([
    ["a loading placeholder", `<div id="root"><p>Loading...</p></div>`],
    ["a request to turn scripts on", `<div id="app">Please enable JavaScript to continue.</div>`],
  ])("answers a shell holding only %s no_data, uncharged", async (_, body) => {
    serveSite(
      HOST,
      `<!doctype html><html><head><title>Shop</title><script src="/app.js" defer></script></head><body>${body}</body></html>`,
    );
    const before = await monthUsed(secret);
    const response = await call(
      `/v1/page?url=${encodeURIComponent(`https://${HOST}/`)}&fresh=true&engine=fetch`,
      withKey(secret),
    );
    const answer = await json(response);
    // Charged now as a page whose content is the placeholder: `# Shop\n\nLoading...`.
    expect({ status: response.status, code: answer.error?.code, charged: answer.meta?.charged }).toEqual({
      status: 422,
      code: "no_data",
      charged: false,
    });
    expect(await monthUsed(secret)).toBe(before);
  });
});
