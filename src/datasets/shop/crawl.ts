// One crawl item of a whole-shop refresh: takes up to a batch of addresses from the refresh's
// frontier in D1, reads each politely (polite-fetch.ts), files what it found — sitemap entries and
// listing links back into the frontier, products into the dataset's product rows — and adds items to its own job
// while addresses wait. A page is a product when the platform's reader says so (page-kind.ts's
// signals, the same that make `/v1/generic` refuse a listing); no URL shape decides it. The first
// item also queues every product the dataset held, so one no longer linked is still read, and one
// whose page now answers 404 (or no product) is marked removed at once.
import { database } from "../../db/client";
import {
  type FrontierEntry,
  addToFrontier,
  countCrawl,
  frontierSize,
  openShopRefresh,
  settleFrontier,
  skipPending,
  takeFrontier,
} from "../../db/shop-crawl";
import { knownProductUrls, markGone, recordSightings, type ProductSighting } from "../../db/shop-products";
import { snapshotOfJob } from "../../db/dataset-snapshots";
import { leaseMs } from "../../jobs/limits";
import { log } from "../../log";
import { scrapeConfig } from "../../scrape/config";
import { UpstreamNotFound } from "../../scrape/errors";
import { PRODUCT_PLATFORMS } from "../../platforms/index";
import { readProductPage } from "../../platforms/product-page";
import { marketplaceOf } from "../../platforms/sites";
import type { Recipe } from "../recipe";
import { declaredCanonical, pageLinks } from "./links";
import { MAX_SITEMAP_BYTES, PoliteFetcher, SiteBusy, TooSlow } from "./polite-fetch";
import { CRAWL_BATCH, maxPagesOf } from "./recipe";
import { isProductPage } from "./product-page";
import { parseSitemap, sitemapText } from "./sitemap";
import { scheduleCrawlItems } from "./schedule";
import { canonicalUrl, patternsAllow } from "./urls";

type ShopRecipe = Extract<Recipe, { kind: "shop" }>;

/** The longest one crawl item reads for; what it has not reached waits for the next. */
const MAX_ITEM_MS = 25_000;
/** After its site's queue was full (a minute of requests), the next item waits that minute. */
const SITE_BUSY_DELAY_SECONDS = 60;

const looksLikeSitemap = (url: string) => /\.xml(\.gz)?$/i.test(new URL(url).pathname);

/** What one item did, as its answer tells the job; the products it read wait in D1 for the snapshot (close.ts). */
interface CrawlOutcome {
  products: number;
  pages: number;
  skipped: number;
  gone: number;
}

/** The item's answer as a data route's: JSON, charged when it recorded products. */
function answer(outcome: CrawlOutcome): { response: Response; charged: boolean } {
  const body = JSON.stringify({ status: "success", data: outcome });
  return {
    response: new Response(body, { headers: { "Content-Type": "application/json" } }),
    charged: outcome.products > 0,
  };
}

/** The first addresses of a refresh: the start pages and every sitemap their robots.txt names. */
async function seeds(fetcher: PoliteFetcher, recipe: ShopRecipe): Promise<FrontierEntry[]> {
  const entries: FrontierEntry[] = [];
  const roots = new Set<string>();
  for (const start of recipe.start_urls) {
    const url = canonicalUrl(start);
    entries.push({ url, kind: looksLikeSitemap(url) ? "sitemap" : "page", depth: 0 });
    roots.add(fetcher.rootOf(url));
  }
  for (const root of roots) {
    const rules = await fetcher.rulesFor(root);
    for (const sitemap of rules.sitemaps)
      if (URL.canParse(sitemap)) entries.push({ url: canonicalUrl(sitemap), kind: "sitemap", depth: 0 });
  }
  return entries;
}

export async function runShopItem(
  env: Env,
  job: { id: string; accountId: string },
  idx: number,
): Promise<{ response: Response; charged: boolean }> {
  const outcome: CrawlOutcome = { products: 0, pages: 0, skipped: 0, gone: 0 };
  const db = database(env.DB);
  const snapshot = await snapshotOfJob(db, job.id);
  if (!snapshot || snapshot.status !== "collecting") return answer(outcome);
  const recipe = JSON.parse(snapshot.recipe) as ShopRecipe;
  const fetcher = new PoliteFetcher(env, job.accountId);
  if (idx === 0) {
    const known = await knownProductUrls(db, snapshot.dataset_id, job.id, recipe.max_products);
    const again = known.map((url) => ({ url, kind: "page" as const, depth: recipe.max_depth, recheck: true }));
    await openShopRefresh(db, job.id, snapshot.dataset_id, [...(await seeds(fetcher, recipe)), ...again]);
  }

  const taken = await takeFrontier(db, job.id, idx, CRAWL_BATCH);
  const done: string[] = [];
  const skipped: string[] = [];
  const gone: string[] = [];
  const found: FrontierEntry[] = [];
  const sightings: ProductSighting[] = [];
  const totals = await countCrawl(db, job.id, 0, 0);
  if (taken.length === 0) return answer(outcome);
  const maxPages = maxPagesOf(recipe);
  // An item ends well within its lease, so no sweep hands its addresses to a second consumer meanwhile.
  const deadline = Date.now() + Math.min(MAX_ITEM_MS, leaseMs(env) / 2);
  let siteBusy = false;
  let left = taken;
  for (const entry of taken) {
    if (Date.now() > deadline) {
      await settleFrontier(db, job.id, [entry.url, ...left.slice(1).map((rest) => rest.url)], "pending");
      break;
    }
    left = left.slice(1);
    const isStart = entry.depth === 0;
    if (totals.pages + outcome.pages >= maxPages || totals.products + sightings.length >= recipe.max_products) {
      skipped.push(entry.url, ...left.map((rest) => rest.url));
      await skipPending(db, job.id);
      break;
    }
    const rules = await fetcher.rulesFor(entry.url);
    const followed = isStart || entry.kind === "sitemap" || patternsAllow(entry.url, recipe.include, recipe.exclude);
    if (!followed || !rules.allows(entry.url)) {
      skipped.push(entry.url);
      continue;
    }
    try {
      outcome.pages += 1;
      if (entry.kind === "sitemap") found.push(...(await readSitemap(fetcher, entry)));
      else {
        const read = await readPage(fetcher, env, entry, recipe, snapshot.started_at);
        if (read.product) sightings.push(read.product);
        else if (entry.recheck) gone.push(entry.url);
        else if (read.links) found.push(...read.links);
      }
      done.push(entry.url);
    } catch (err) {
      if (err instanceof SiteBusy) {
        // The site's queue is full: this address and the rest wait for a later item.
        outcome.pages -= 1;
        siteBusy = true;
        await settleFrontier(db, job.id, [entry.url, ...left.map((rest) => rest.url)], "pending");
        break;
      }
      if (err instanceof TooSlow) {
        log.info("shop crawl stopped", { job: job.id, reason: err.message });
        skipped.push(entry.url, ...left.map((rest) => rest.url));
        await skipPending(db, job.id);
        break;
      }
      if (err instanceof UpstreamNotFound) gone.push(entry.url);
      else log.info("shop page not read", { job: job.id, url: entry.url, error: err });
      done.push(entry.url);
    }
  }

  // No more addresses are kept than the refresh may ever read: one sitemap listing 50,000 would
  // otherwise write 50,000 rows for an item that reads a page and finds no product, uncharged.
  const room = maxPages - (await frontierSize(db, job.id));
  await addToFrontier(db, job.id, found.slice(0, Math.max(0, room)));
  const startedAt = snapshot.started_at;
  const firstSeen = await recordSightings(db, snapshot.dataset_id, job.id, startedAt, sightings);
  // A product this refresh had already recorded (the same id at another address) counts once.
  outcome.products = firstSeen.filter((first) => first !== null && first !== undefined).length;
  await markGone(db, snapshot.dataset_id, job.id, gone.map(canonicalUrl), Date.now());
  await countCrawl(db, job.id, outcome.pages, outcome.products);
  await settleFrontier(db, job.id, done, "done");
  await settleFrontier(db, job.id, skipped, "skipped");
  outcome.skipped = skipped.length;
  outcome.gone = gone.length;
  await scheduleCrawlItems(env, job.id, siteBusy ? SITE_BUSY_DELAY_SECONDS : 0);
  return answer(outcome);
}

async function readSitemap(fetcher: PoliteFetcher, entry: FrontierEntry): Promise<FrontierEntry[]> {
  const bytes = await fetcher.file(entry.url);
  if (!bytes) return [];
  const sitemap = parseSitemap(await sitemapText(bytes, MAX_SITEMAP_BYTES));
  if (!sitemap) return [];
  const root = fetcher.rootOf(entry.url);
  return sitemap.entries
    .filter((item) => fetcher.rootOf(item.loc) === root)
    .map((item) => ({
      url: canonicalUrl(item.loc),
      kind: sitemap.kind === "index" ? ("sitemap" as const) : ("page" as const),
      depth: entry.depth + 1,
    }));
}

/** A page read: a product to record, or the links a listing (or any other page) leads to. */
async function readPage(
  fetcher: PoliteFetcher,
  env: Env,
  entry: FrontierEntry,
  recipe: ShopRecipe,
  refreshStartedAt: number,
): Promise<{ product: ProductSighting | null; links: FrontierEntry[] | null }> {
  const page = await fetcher.page(entry.url);
  const observedAt = new Date().toISOString();
  const platform = marketplaceOf(page.url, scrapeConfig(env)) ?? PRODUCT_PLATFORMS["generic"]!;
  const reading = readProductPage(platform, page.html, page.url);
  const root = fetcher.rootOf(page.url);
  if (isProductPage(reading)) {
    const { product } = reading;
    // The page's own rel=canonical, else the address it was read at.
    const url = declaredCanonical(page.html, page.url, root) ?? canonicalUrl(page.url);
    const id = product.sku ?? product.asin ?? product.id ?? null;
    const price = product.price?.amount ?? null;
    const sighting = {
      key: `${new URL(root).hostname}:${id ?? new URL(url).pathname}`,
      url,
      price,
      record: {
        platform: platform.slug,
        id,
        title: product.title,
        brand: product.brand,
        price,
        currency: product.price?.currency ?? null,
        original_price: product.price?.original_amount ?? null,
        availability: product.availability,
        image: product.images[0] ?? null,
        url,
        last_seen: new Date(refreshStartedAt).toISOString(),
        removed_at: null,
        source_url: page.url,
        observed_at: observedAt,
      },
    };
    return { product: sighting, links: null };
  }
  if (entry.recheck || entry.depth >= recipe.max_depth) return { product: null, links: null };
  const { links, pagination } = pageLinks(page.html, page.url, root);
  return {
    product: null,
    links: links.map((url) => ({
      url,
      kind: "page" as const,
      depth: pagination.has(url) ? entry.depth : entry.depth + 1,
    })),
  };
}
