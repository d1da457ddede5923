// Attacks on the whole-shop crawler (src/datasets/shop/): its promise that every site it reads is read
// by that site's robots.txt and at that site's crawl-delay, shared by every account (polite-fetch.ts).
// Two sites on the network stand in for the internet (names resolve through the DoH stand-in to a
// public address; their answers are served here): an attacker's site that allows everything at no
// delay, and a victim shop whose robots.txt shuts the crawler out of /members and asks 10 s a page.
// The crawl item, its URL guard, fetch engine, robots cache and HostBudget object are the real ones.
import { afterEach, describe, expect, it, vi } from "vitest";
import { runShopItem } from "../../src/datasets/shop/crawl";
import { PoliteFetcher } from "../../src/datasets/shop/polite-fetch";
import { env, newAccount } from "../workers/helpers";
import { crawlJob, shopDataset } from "../workers/shop-fixtures";

const ATTACKER = "https://bouncer.example";
const VICTIM = "https://victim-shop.example";

const productPage = (sku: string) => `<!doctype html><html><head><title>Members deal ${sku}</title>
<script type="application/ld+json">${JSON.stringify({
  "@context": "https://schema.org",
  "@type": "Product",
  name: `Members-only tent ${sku}`,
  sku,
  offers: { "@type": "Offer", price: "199.00", priceCurrency: "EUR", availability: "https://schema.org/InStock" },
})}</script></head><body><h1>Members-only tent ${sku}</h1><p>199.00 EUR</p></body></html>`;

/** The two sites' answers; every request either site receives, in order. Anything else goes to the real network (the DoH stand-in). */
function serveSites() {
  const requested: string[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin === ATTACKER) {
      requested.push(url.href);
      if (url.pathname === "/robots.txt") return new Response("User-agent: *\nAllow: /\nCrawl-delay: 0\n");
      // Every page of the attacker's site sends the crawler on to the victim's shop.
      return new Response(null, { status: 302, headers: { Location: `${VICTIM}/members${url.pathname}` } });
    }
    if (url.origin === VICTIM) {
      requested.push(url.href);
      if (url.pathname === "/robots.txt") return new Response("User-agent: *\nDisallow: /members\nCrawl-delay: 10\n");
      const sku = url.pathname.split("/").at(-1)!;
      return new Response(productPage(sku), { headers: { "Content-Type": "text/html; charset=utf-8" } });
    }
    return realFetch(input, init);
  });
  return requested;
}

/** A shop dataset of a fresh account over `startUrls`, and its refresh's job and snapshot, as POST /v1/datasets makes them. */
async function shopRefresh(startUrls: string[], maxProducts = 100) {
  const owner = await newAccount({ plan: "pro" });
  const slug = `bounce-${crypto.randomUUID().slice(0, 8)}`;
  const datasetId = await shopDataset(owner, slug, { startUrls, maxProducts });
  const jobId = `job_${slug}`;
  await crawlJob(owner, datasetId, { job: jobId, snapshot: `snap_${slug.replace("-", "")}` }, "running", Date.now());
  return { id: jobId, accountId: owner.accountId };
}

afterEach(() => vi.restoreAllMocks());

describe("a shop crawl keeps every site's robots.txt, whichever site sent it there", () => {
  it("never requests a page the victim's robots.txt disallows, reached by a redirect from a site that allows all", async () => {
    const requested = serveSites();
    const job = await shopRefresh([`${ATTACKER}/tent-1`, `${ATTACKER}/tent-2`, `${ATTACKER}/tent-3`]);

    const { response } = await runShopItem(env, job, 0);
    const outcome = ((await response.json()) as { data: { products: number } }).data;

    const victimPages = requested.filter((url) => url.startsWith(`${VICTIM}/members/`));
    // The victim's robots.txt says `Disallow: /members` to every crawler: none of its pages may be read,
    // and nothing read from them may become the attacker's records.
    expect({ victimPages, products: outcome.products }).toEqual({ victimPages: [], products: 0 });
  });
});

describe("one account's crawl cannot loosen a site's robots.txt for every other account", () => {
  it("reads a robots.txt answered 429 as a pause, not as no rules, and no other account's crawl sees it allow all", async () => {
    // A shop whose robots.txt answers 429 once (its rate limiter, which any crawl hurrying it trips), then its rules.
    const shop = `https://busy-${crypto.randomUUID().slice(0, 8)}.example`;
    let robotsAnswers = 0;
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.origin !== shop) return realFetch(input, init);
      if (url.pathname !== "/robots.txt") return new Response("<html><body>page</body></html>");
      robotsAnswers += 1;
      return robotsAnswers === 1
        ? new Response("Too Many Requests", { status: 429, headers: { "Retry-After": "30" } })
        : new Response("User-agent: *\nDisallow: /members\nCrawl-delay: 10\n");
    });

    const first = await new PoliteFetcher(env, "acct_first").rulesFor(`${shop}/`);
    const other = await new PoliteFetcher(env, "acct_other").rulesFor(`${shop}/`);

    // RFC 9309 §2.3.1.4 and every large crawler read a rate-limited robots.txt as "not now"; an
    // answer cached as "no rules" lets every account crawl /members at the default pace for an hour.
    expect({ first: first.allows(`${shop}/members/deal`), other: other.allows(`${shop}/members/deal`) }).toEqual({
      first: false,
      other: false,
    });
  });
});

describe("a site's crawl-delay holds across every address of the site", () => {
  it("keeps the delay between the pages of one host asked for over http, https and its name with a trailing dot", async () => {
    const host = `paced-${crypto.randomUUID().slice(0, 8)}.example`;
    const pagesAt: number[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.hostname.replace(/\.$/, "") !== host) return realFetch(input, init);
      if (url.pathname === "/robots.txt") return new Response("User-agent: *\nCrawl-delay: 1\n");
      pagesAt.push(Date.now());
      return new Response("<!doctype html><html><body><p>A page of the shop.</p></body></html>", {
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    });

    // Two accounts' crawls of one shop, each naming it another way: one server, one pace.
    await new PoliteFetcher(env, "acct_https").page(`https://${host}/a`);
    await new PoliteFetcher(env, "acct_http").page(`http://${host}/b`);
    await new PoliteFetcher(env, "acct_dot").page(`https://${host}./c`);

    const gaps = pagesAt.slice(1).map((at, index) => at - pagesAt[index]!);
    expect(gaps).toHaveLength(2);
    // Crawl-delay: 1 is 1 s between any two requests to the site, whatever its address looks like
    // (less 50 ms for the grain of the runtime's clock; a budget per name let them 0.5 s apart).
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(950);
  });
});

describe("a refresh's frontier is bounded by what the refresh may read", () => {
  it("keeps no more addresses than the refresh's max_pages from a sitemap listing thousands", async () => {
    // A site of the caller's whose sitemap lists 5,000 addresses (a sitemap may list 50,000, an index 50,000 sitemaps).
    const site = `https://listing-${crypto.randomUUID().slice(0, 8)}.example`;
    const urls = Array.from({ length: 5_000 }, (_, n) => `<url><loc>${site}/p/${n}</loc></url>`).join("");
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.origin !== site) return realFetch(input, init);
      if (url.pathname === "/robots.txt")
        return new Response(`User-agent: *\nCrawl-delay: 0\nSitemap: ${site}/sitemap.xml\n`);
      if (url.pathname === "/sitemap.xml")
        return new Response(
          `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
        );
      return new Response("<!doctype html><html><body><p>Nothing here.</p></body></html>", {
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    });
    // max_products 1: the refresh reads at most 202 pages (maxPagesOf), whatever it finds.
    const job = await shopRefresh([`${site}/`], 1);

    await runShopItem(env, job, 0);

    const { frontier } = (await env.DB.prepare("SELECT COUNT(*) AS frontier FROM shop_frontier WHERE job_id = ?")
      .bind(job.id)
      .first<{ frontier: number }>())!;
    // Every address kept is a row written to the database all accounts share, by an item that found no
    // product and so cost its account nothing: no more may be kept than the refresh can ever read.
    expect(frontier).toBeLessThanOrEqual(202);
  });
});

describe("a crawl item that meets a busy site", () => {
  it("comes back once the site's queue has room, not at once as one more item of the job", async () => {
    const site = `https://queued-${crypto.randomUUID().slice(0, 8)}.example`;
    const realFetch = globalThis.fetch;
    const requested: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.origin !== site) return realFetch(input, init);
      requested.push(url.pathname);
      return new Response("<!doctype html><html><body><p>A page.</p></body></html>", {
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    });
    // The site asks 10 s a request, its robots.txt already read; other crawls hold 80 s of its queue.
    await env.CACHE.put(
      `shop:robots:${site}`,
      JSON.stringify({ body: "User-agent: *\nCrawl-delay: 10\n", refused: false }),
    );
    const budget = env.HOST_BUDGET.get(env.HOST_BUDGET.idFromName(new URL(site).hostname));
    for (let n = 0; n < 8; n++) await budget.reserve(10_000);
    const job = await shopRefresh([`${site}/`]);
    // The job queue, as the crawl sends to it: what goes on it and when it may run.
    const sent: { body: unknown; delaySeconds?: number }[] = [];
    const queue = {
      async sendBatch(messages: { body: unknown; delaySeconds?: number }[], options?: { delaySeconds?: number }) {
        for (const message of messages)
          sent.push({ ...message, delaySeconds: message.delaySeconds ?? options?.delaySeconds });
      },
      async send(body: unknown, options?: { delaySeconds?: number }) {
        sent.push({ body, delaySeconds: options?.delaySeconds });
      },
    };

    await runShopItem({ ...env, JOBS: queue } as unknown as Env, job, 0);

    expect(requested).toEqual([]);
    // Sent at once, the next item meets the same full queue and sends another: a loop of uncharged
    // items (each a new row of the job) for as long as others keep the site busy.
    expect(sent.length).toBeGreaterThan(0);
    for (const message of sent) expect(message.delaySeconds ?? 0).toBeGreaterThanOrEqual(1);
  });
});
