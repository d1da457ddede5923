// Review 4, finding 1: data every account reads is written only from what the service proved. A
// marketplace route reads only that marketplace's own pages (every country's site, its other hosts,
// and in development its replica), so a page on an attacker's site cannot file a price under an id
// it claims; a page that redirects off the platform's origins answers its caller but adds nothing to
// the price history; and stored calls carrying such a URL (job items, schedules, dataset recipes) are
// refused when they are made. Pages are played by a stand-in for `fetch`; names resolve through the
// DNS-over-HTTPS stand-in of the workers pool.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app";
import { PRODUCT_PLATFORMS } from "../../src/platforms";
import { foreignPageProblem } from "../../src/platforms/sites";
import { call, callApp, env, newAccount, type TestAccount, withKey } from "../workers/helpers";
import { REPLICA, serveReplicas } from "../workers/replica-sites";

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.restoreAllMocks());

const json = async (response: Response) => (await response.json()) as any;
const replicaEnv = { ...env, REPLICA_ORIGIN: REPLICA } as Env;
const app = createApp();

const MARKETPLACES = Object.values(PRODUCT_PLATFORMS).filter((platform) => platform.kind === "marketplace");

/** A product page that says it is `asin` at 0.01 USD, in Amazon's markup and in JSON-LD. */
const claimingPage = (asin: string) =>
  `<!doctype html><html><head><title>Poisoned</title><script type="application/ld+json">${JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Poisoned power bank",
    sku: asin,
    offers: { "@type": "Offer", price: "0.01", priceCurrency: "USD" },
  })}</script></head><body><input type="hidden" id="ASIN" value="${asin}"><h1 id="productTitle">Poisoned power bank</h1></body></html>`;

/** Plays `pages` (URL prefix → answer) and passes every other request (the resolver's) through. */
function servePages(pages: Record<string, () => Response>) {
  const passThrough = globalThis.fetch;
  const asked: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const page = Object.entries(pages).find(([prefix]) => url.startsWith(prefix));
    if (!page) return passThrough(input, init);
    asked.push(url);
    return page[1]();
  });
  return asked;
}

const html = (body: string) => () => new Response(body, { headers: { "Content-Type": "text/html" } });
const redirect = (to: string) => () => new Response(null, { status: 302, headers: { Location: to } });

async function historyOf(account: TestAccount, platform: string, query: string) {
  const answer = await json(await call(`/v1/${platform}/history?${query}`, withKey(account.secret)));
  return answer.data.points as { last: number }[];
}

describe("a marketplace route reads only that marketplace's pages", () => {
  it("refuses a page on another host with a 400 naming generic, and never fetches it", async () => {
    const { secret } = await newAccount({ plan: "enterprise" });
    const asked = servePages({ "https://shop.attacker.example/": html(claimingPage("B0POISON01")) });
    for (const platform of MARKETPLACES) {
      for (const url of [
        "https://shop.attacker.example/dp/B0POISON01",
        `https://www.amazon.com.attacker.example/dp/B0POISON01`,
        `https://shop.attacker.example/${new URL(platform.origins.default!).host}/dp/B0POISON01`,
        `${REPLICA}/shop/product/p1001`,
      ]) {
        const answer = await callApp(
          app,
          `/v1/${platform.slug}?url=${encodeURIComponent(url)}&fresh=true`,
          withKey(secret),
          replicaEnv,
        );
        const body = await json(answer);
        expect(answer.status, `${platform.slug} ${url}`).toBe(400);
        expect(body.error.code).toBe("invalid_request");
        expect(body.error.message).toContain("call /v1/generic");
        expect(body.error.details[0].parameter).toBe("url");
      }
    }
    expect(asked).toEqual([]);
    const { points } = (await json(await call("/v1/amazon/history?asin=B0POISON01", withKey(secret)))).data;
    expect(points).toEqual([]);
  });

  it("names the marketplace that owns the page, whichever of its countries' sites or replica it is on", async () => {
    const { secret } = await newAccount({ plan: "enterprise" });
    for (const platform of MARKETPLACES) {
      const owner = MARKETPLACES.find((other) => other !== platform)!;
      const countries = Object.values(owner.origins);
      for (const url of [`${countries.at(-2)}/p/1`, `${REPLICA}/${owner.slug}/p/1`]) {
        const answer = await callApp(
          app,
          `/v1/${platform.slug}?url=${encodeURIComponent(url)}`,
          withKey(secret),
          replicaEnv,
        );
        expect(answer.status, `${platform.slug} ${url}`).toBe(400);
        expect((await json(answer)).error.message).toMatch(
          new RegExp(`this is an? ${owner.slug} page: call /v1/${owner.slug}`),
        );
      }
    }
  });

  it("knows a marketplace's page by its domain too: the bare domain and its other subdomains", async () => {
    const { secret } = await newAccount({ plan: "enterprise" });
    const amazon = MARKETPLACES.find((platform) => platform.slug === "amazon")!;
    for (const url of ["https://amazon.com/dp/B0057OC5O8", "https://smile.amazon.com/dp/B0057OC5O8"]) {
      expect(foreignPageProblem(amazon, url, { replicaOrigin: null }), url).toBeNull();
      const answer = await callApp(app, `/v1/ebay?url=${encodeURIComponent(url)}`, withKey(secret), replicaEnv);
      expect(answer.status, url).toBe(400);
      expect((await json(answer)).error.message).toMatch(/this is an amazon page: call \/v1\/amazon/);
    }
    // A look-alike domain is no marketplace's.
    expect(foreignPageProblem(amazon, "https://notamazon.com/dp/B0057OC5O8", { replicaOrigin: null })).toMatch(
      /call \/v1\/generic/,
    );
  });

  it("takes every country's site of the marketplace, spelled as the URL guard spells hosts", () => {
    for (const platform of MARKETPLACES) {
      for (const origin of [...Object.values(platform.origins), ...(platform.otherOrigins ?? [])]) {
        const host = new URL(origin).host;
        for (const url of [`${origin}/p/1`, `http://${host.toUpperCase()}./p/1`])
          expect(foreignPageProblem(platform, url, { replicaOrigin: null }), url).toBeNull();
      }
      expect(foreignPageProblem(platform, `${REPLICA}/${platform.slug}/p/1`, { replicaOrigin: REPLICA })).toBeNull();
      // The replica stands in for the sites only in development.
      expect(foreignPageProblem(platform, `${REPLICA}/${platform.slug}/p/1`, { replicaOrigin: null })).not.toBeNull();
    }
  });
});

describe("the price history takes only pages the platform's own origins served", () => {
  it("answers a product whose page redirected off the marketplace, but files nothing under its id", async () => {
    const reader = await newAccount({ plan: "enterprise" });
    const asked = servePages({
      [`${REPLICA}/amazon/dp/B0POISON02`]: redirect("https://shop.attacker.example/p/2"),
      "https://shop.attacker.example/": html(claimingPage("B0POISON02")),
    });
    const answer = await callApp(
      app,
      "/v1/amazon?asin=B0POISON02&fresh=true&engine=fetch",
      withKey(reader.secret),
      replicaEnv,
    );
    expect(answer.status).toBe(200);
    const body = await json(answer);
    expect(body.meta.scrape.source_url).toBe("https://shop.attacker.example/p/2");
    expect(asked).toEqual([`${REPLICA}/amazon/dp/B0POISON02`, "https://shop.attacker.example/p/2"]);
    expect(await historyOf(reader, "amazon", "asin=B0POISON02")).toEqual([]);
  });

  it("files a shop page read by URL only when its final address is on the host asked for", async () => {
    const reader = await newAccount({ plan: "enterprise" });
    const kettle = "https://shop.history-proof.example/p/kettle";
    const moved = "https://shop.history-proof.example/p/moved";
    servePages({
      [kettle]: html(claimingPage("B0POISON03")),
      [moved]: redirect("https://shop.attacker.example/p/3"),
      "https://shop.attacker.example/": html(claimingPage("B0POISON03")),
    });
    for (const url of [kettle, moved]) {
      const answer = await callApp(
        app,
        `/v1/generic?url=${encodeURIComponent(url)}&fresh=true`,
        withKey(reader.secret),
      );
      expect(answer.status).toBe(200);
    }
    expect((await historyOf(reader, "generic", `url=${encodeURIComponent(kettle)}`)).map((p) => p.last)).toEqual([
      0.01,
    ]);
    expect(await historyOf(reader, "generic", `url=${encodeURIComponent(moved)}`)).toEqual([]);
  });
});

describe("hotel prices are filed only from the travel site itself", () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const bookingObservations = async () =>
    (
      await env.DB.prepare(
        "SELECT coalesce(sum(observations), 0) AS n FROM price_history WHERE platform = 'booking'",
      ).first<{
        n: number;
      }>()
    )?.n ?? 0;

  it("answers a search and a hotel page that redirected off the site, but adds no price", async () => {
    const { secret } = await newAccount({ plan: "enterprise" });
    // The replica's own pages, served from another host after a redirect.
    serveReplicas();
    const replica = vi.mocked(globalThis.fetch).getMockImplementation()!;
    const away = "https://travel.attacker.example/page";
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.startsWith(`${REPLICA}/booking/`)) return redirect(`${away}?from=${encodeURIComponent(url)}`)();
      if (url.startsWith(away)) return replica(new URL(url).searchParams.get("from")!, init);
      return replica(input, init);
    });
    const before = await bookingObservations();
    const stay = `check_in=${day(45)}&check_out=${day(47)}`;
    const search = await callApp(
      app,
      `/v1/travel/booking/hotels/search?destination=Dublin&${stay}&fresh=true&enrich=false`,
      withKey(secret),
      replicaEnv,
    );
    expect(search.status).toBe(200);
    const { hotels } = (await json(search)).data;
    expect(hotels.length).toBeGreaterThan(0);
    const id = hotels[0].offers[0].id as string;
    const page = await callApp(
      app,
      `/v1/travel/booking/hotels/${encodeURIComponent(id)}?${stay}&fresh=true`,
      withKey(secret),
      replicaEnv,
    );
    expect(page.status).toBe(200);
    expect((await json(page)).meta.scrape.source_url).toContain(away);
    expect(await bookingObservations()).toBe(before);
  });
});

describe("stored calls carrying another site's page are refused when they are made", () => {
  const foreign = "https://shop.attacker.example/dp/B0POISON04";
  const sendAs = (secret: string, path: string, body: unknown) =>
    call(
      path,
      withKey(secret, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }),
    );

  it("refuses job items, in full and in the short form, with the route's own sentence", async () => {
    const { secret } = await newAccount({ plan: "enterprise" });
    const spellings = [
      `/v1/amazon?url=${encodeURIComponent(foreign)}`,
      `/v1/%61mazon?url=${encodeURIComponent(foreign)}`,
      `/v1/ebay/reviews?url=${encodeURIComponent("https://www.amazon.de/dp/B0POISON04")}`,
    ];
    const full = await sendAs(secret, "/v1/jobs", { requests: spellings.map((path) => ({ path })) });
    expect(full.status).toBe(400);
    const details = (await json(full)).error.details;
    expect(details.map((detail: any) => detail.parameter)).toEqual([
      "requests.0.path",
      "requests.1.path",
      "requests.2.path",
    ]);
    expect(details[0].message).toContain("call /v1/generic");
    expect(details[2].message).toContain("this is an amazon page: call /v1/amazon");
    const short = await sendAs(secret, "/v1/jobs", { platform: "walmart", kind: "product", inputs: [foreign] });
    expect(short.status).toBe(400);
    expect((await json(short)).error.details[0]).toMatchObject({ parameter: "inputs.0" });
  });

  it("refuses a schedule and a dataset recipe that would read it", async () => {
    const { secret } = await newAccount({ plan: "enterprise" });
    const schedule = await sendAs(secret, "/v1/schedules", {
      cron: "* * * * *",
      path: `/v1/amazon?url=${encodeURIComponent(foreign)}`,
    });
    expect(schedule.status).toBe(400);
    expect((await json(schedule)).error.message).toContain("call /v1/generic");
    const recipe = await sendAs(secret, "/v1/datasets", {
      name: "poison",
      recipe: { kind: "product", platform: "amazon", inputs: ["B0057OC5O8", foreign], schedule: "* * * * *" },
    });
    expect(recipe.status).toBe(400);
    expect(JSON.stringify((await json(recipe)).error.details)).toContain("call /v1/generic");
  });
});
