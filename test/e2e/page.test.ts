// GET /v1/page on the local stack (wrangler dev, the replica sites, Chromium): a real saved shop page
// the replicas serve read by both engines into the same Markdown, and a screenshot of it taken by
// the browser engine, a PNG and a JPEG; a full-page screenshot of a very tall page, cut at its cap.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createAccountKey } from "../../scripts/local-stack.ts";
import { callApi } from "./stack.ts";

const baseUrl = inject("baseUrl");
const replicasUrl = inject("replicasUrl");
let secret: string;

beforeAll(async () => {
  ({ secret } = await createAccountKey(baseUrl, inject("adminToken"), {
    name: "e2e page",
    plan: "enterprise",
    requests_per_minute: 10_000,
  }));
});

const SAVED = `${replicasUrl}/real/jsonld/mshopping_wayfair.html`;
const pagePath = (query: string) => `/v1/page?url=${encodeURIComponent(SAVED)}&fresh=true&${query}`;

describe("GET /v1/page on the local stack", () => {
  it("reads a saved real page into the same Markdown with either engine", async () => {
    const byFetch = await callApi(secret, pagePath("engine=fetch&formats=markdown,links,metadata"));
    const byBrowser = await callApi(secret, pagePath("engine=browser&formats=markdown"));
    expect(byFetch.response.status, JSON.stringify(byFetch.body.error)).toBe(200);
    expect(byBrowser.response.status, JSON.stringify(byBrowser.body.error)).toBe(200);
    expect(byFetch.body.data.markdown.length).toBeGreaterThan(200);
    expect(byBrowser.body.meta.scrape.engine).toBe("browser");
    expect(byBrowser.body.data.markdown).toBe(byFetch.body.data.markdown);
    expect(byFetch.body.data.links.length).toBeGreaterThan(0);
    expect(byFetch.body.data.metadata.title).toBeTruthy();
  });

  it.each([
    ["png", "iVBORw0KGgo"],
    ["jpeg", "/9j/"],
  ])("answers a %s screenshot taken by the browser", async (type, magic) => {
    const answer = await callApi(secret, pagePath(`formats=markdown,screenshot&screenshot_type=${type}&wait_for=body`));
    expect(answer.response.status, JSON.stringify(answer.body.error)).toBe(200);
    expect(answer.body.meta.scrape.engine).toBe("browser");
    expect(answer.body.data.screenshot.content_type).toBe(`image/${type}`);
    expect(answer.body.data.screenshot.base64.startsWith(magic)).toBe(true);
    expect(answer.body.data.screenshot.base64.length).toBeGreaterThan(1_000);
    expect(answer.body.meta.scrape.screenshot).toBeUndefined();
  });

  it("photographs a page taller than 8,000 pixels down to 8,000, the whole page of a shorter one", async () => {
    const pngSize = (base64: string) => {
      const png = Buffer.from(base64, "base64");
      return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
    };
    const shot = async (url: string) => {
      const answer = await callApi(
        secret,
        `/v1/page?url=${encodeURIComponent(url)}&fresh=true&formats=screenshot&screenshot_full_page=true`,
      );
      expect(answer.response.status, JSON.stringify(answer.body.error)).toBe(200);
      return pngSize(answer.body.data.screenshot.base64);
    };
    const tall = await shot(`${replicasUrl}/_oversized?tall=50000`);
    expect(tall.height).toBe(8_000);
    const fits = await shot(`${replicasUrl}/_oversized?tall=3000`);
    expect(fits.height).toBeGreaterThan(3_000);
    expect(fits.height).toBeLessThan(8_000);
    expect(fits.width).toBe(tall.width);
  });
});
