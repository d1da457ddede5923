import { describe, expect, it } from "vitest";
import { database } from "../../../src/db/client";
import { itemCounts } from "../../../src/db/job-items";
import { findJobById } from "../../../src/db/jobs";
import {
  addToFrontier,
  appendItems,
  countCrawl,
  openShopRefresh,
  pendingCount,
  settleFrontier,
  skipPending,
  takeFrontier,
  waitingItems,
} from "../../../src/db/shop-crawl";
import { env } from "../helpers";
import { insertTestJob } from "../job-fixtures";

const db = () => database(env.DB);
const page = (url: string, depth: number) => ({ url, kind: "page" as const, depth });

/** A refresh opened on a fresh one-item job, with a sitemap and two pages in its frontier. */
async function openedRefresh() {
  const job = await insertTestJob(["/v1/internal/shop-crawl"]);
  const seeds = [
    page("https://shop.test/deep", 2),
    { url: "https://shop.test/sitemap.xml", kind: "sitemap" as const, depth: 0 },
    page("https://shop.test/a", 1),
  ];
  expect(await openShopRefresh(db(), job.id, 1, seeds)).toBe(true);
  return job.id;
}

describe("a whole-shop refresh's frontier", () => {
  it("opens once, and adds only addresses it does not hold yet", async () => {
    const jobId = await openedRefresh();
    expect(await openShopRefresh(db(), jobId, 1, [page("https://shop.test/b", 1)])).toBe(false);
    expect(await pendingCount(db(), jobId)).toBe(3);
    const more = Array.from({ length: 25 }, (_, i) => page(`https://shop.test/p${i}`, 2));
    expect(await addToFrontier(db(), jobId, [page("https://shop.test/a", 1), ...more])).toBe(25);
    expect(await pendingCount(db(), jobId)).toBe(28);
  });

  it("hands an item sitemaps first then the shallowest pages, and the same ones again when it runs again", async () => {
    const jobId = await openedRefresh();
    const taken = await takeFrontier(db(), jobId, 0, 2);
    expect(taken).toEqual([
      { url: "https://shop.test/sitemap.xml", kind: "sitemap", depth: 0, recheck: false },
      { url: "https://shop.test/a", kind: "page", depth: 1, recheck: false },
    ]);
    expect(await takeFrontier(db(), jobId, 0, 2)).toEqual(taken);
    expect(await takeFrontier(db(), jobId, 1, 5)).toEqual([
      { url: "https://shop.test/deep", kind: "page", depth: 2, recheck: false },
    ]);
    expect(await pendingCount(db(), jobId)).toBe(0);
  });

  it("gives an address back to any item, and skips what is left pending", async () => {
    const jobId = await openedRefresh();
    await takeFrontier(db(), jobId, 0, 3);
    await settleFrontier(db(), jobId, ["https://shop.test/sitemap.xml"], "done");
    await settleFrontier(db(), jobId, ["https://shop.test/a"], "pending");
    // Item 0 runs again: only the address it still holds comes back.
    expect((await takeFrontier(db(), jobId, 0, 3)).map((entry) => entry.url)).toEqual(["https://shop.test/deep"]);
    expect((await takeFrontier(db(), jobId, 2, 3)).map((entry) => entry.url)).toEqual(["https://shop.test/a"]);
    await addToFrontier(db(), jobId, [page("https://shop.test/late", 3)]);
    await skipPending(db(), jobId);
    expect(await pendingCount(db(), jobId)).toBe(0);
    expect(await takeFrontier(db(), jobId, 3, 3)).toEqual([]);
  });
});

describe("a whole-shop refresh's counters and items", () => {
  it("adds to its page and product counts and answers the totals", async () => {
    const jobId = await openedRefresh();
    expect(await countCrawl(db(), jobId, 0, 0)).toEqual({ pages: 0, products: 0 });
    expect(await countCrawl(db(), jobId, 3, 2)).toEqual({ pages: 3, products: 2 });
    expect(await countCrawl(db(), jobId, 1, 4)).toEqual({ pages: 4, products: 6 });
    expect(await countCrawl(db(), "job_unknown", 1, 1)).toEqual({ pages: 0, products: 0 });
  });

  it("appends pending items numbered after the job's last, and grows its total with them", async () => {
    const jobId = await openedRefresh();
    await appendItems(db(), jobId, "/v1/internal/shop-crawl", 3);
    await appendItems(db(), jobId, "/v1/internal/shop-crawl", 0);
    expect(await waitingItems(db(), jobId)).toBe(4);
    expect(await itemCounts(db(), jobId)).toMatchObject({ pending: 4 });
    expect((await findJobById(db(), jobId))?.total).toBe(4);
  });
});
