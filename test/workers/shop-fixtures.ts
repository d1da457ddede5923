// Whole-shop fixtures made by the tests themselves: an account's shop dataset stored as POST
// /v1/datasets stores one (without starting its crawl), and refreshes of it closed through the jobs'
// own end hook over products recorded as the crawl records them.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { insertSnapshot } from "../../src/db/dataset-snapshots";
import type { JobRow } from "../../src/db/schema-jobs";
import { openShopRefresh } from "../../src/db/shop-crawl";
import { database } from "../../src/db/client";
import { markGone, type ProductSighting, recordSightings } from "../../src/db/shop-products";
import { jobHooks } from "../../src/job-hooks";
import { env, type TestAccount } from "./helpers";

const HOST = "https://shop.example";

/**
 * A private shop dataset of `owner`, as POST /v1/datasets stores one (without starting its crawl), over
 * `startUrls` (the test shop's home by default).
 */
export async function shopDataset(
  owner: { accountId: string; keyId: string },
  slug: string,
  { startUrls = [`${HOST}/`], maxProducts = 100 }: { startUrls?: string[]; maxProducts?: number } = {},
) {
  const recipe = JSON.stringify({
    kind: "shop",
    start_urls: startUrls,
    max_products: maxProducts,
    schedule: "0 6 * * *",
  });
  const { meta } = await env.DB.prepare(
    `INSERT INTO datasets (slug, name, description, category_slug, category_name, countries, country_names, tags,
       field_names, search_terms, source_platforms, record_count, update_frequency, last_updated, formats, recipe,
       account_id, key_id)
     VALUES (?, 'Shop', 'A test shop', 'ecommerce', 'E-commerce', '[]', '', '[]', 'key title price', 'shop',
       '["generic"]', 0, 'daily', '', '["json","ndjson","csv"]', ?, ?, ?)`,
  )
    .bind(slug, recipe, owner.accountId, owner.keyId)
    .run();
  return meta.last_row_id;
}

export const product = (sku: string, price: number): ProductSighting => ({
  key: `shop.example:${sku}`,
  url: `${HOST}/products/${sku}`,
  price,
  record: {
    platform: "generic",
    id: sku,
    title: `Product ${sku}`,
    price,
    currency: "EUR",
    url: `${HOST}/products/${sku}`,
  },
});

/** A shop refresh's job with its one crawl item, and the snapshot it writes, as POST /v1/datasets makes them. */
export async function crawlJob(
  owner: TestAccount,
  datasetId: number,
  ids: { job: string; snapshot: string },
  itemStatus: "running" | "succeeded",
  now: number,
) {
  await env.DB.prepare(
    "INSERT INTO jobs (id, account_id, key_id, status, total, created_at, expires_at) VALUES (?, ?, ?, 'running', 1, ?, ?)",
  )
    .bind(ids.job, owner.accountId, owner.keyId, now, now + 86_400_000)
    .run();
  await env.DB.prepare("INSERT INTO job_items (job_id, idx, path, status) VALUES (?, 0, 'shop:crawl', ?)")
    .bind(ids.job, itemStatus)
    .run();
  await insertSnapshot(database(env.DB), { id: ids.snapshot, dataset_id: datasetId, job_id: ids.job, started_at: now });
}

/** One refresh: its job and snapshot, the products it read (and those the shop said are gone), closed as a job ends. */
export async function refresh(
  owner: TestAccount,
  datasetId: number,
  n: number,
  seen: ProductSighting[],
  gone: string[] = [],
  bindings: Env = env,
) {
  const jobId = `job_shopsurface_${datasetId}_${n}`;
  const now = Date.now();
  await crawlJob(owner, datasetId, { job: jobId, snapshot: `snap_shopsurface_${datasetId}_${n}` }, "succeeded", now);
  await openShopRefresh(database(env.DB), jobId, datasetId, []);
  // The crawl stamps each record with when it was read and when the refresh that saw it began.
  const stamped = seen.map((sighting) => ({
    ...sighting,
    record: { ...sighting.record, last_seen: new Date(now).toISOString(), observed_at: new Date(now).toISOString() },
  }));
  await recordSightings(database(env.DB), datasetId, jobId, now, stamped);
  await markGone(
    database(env.DB),
    datasetId,
    jobId,
    gone.map((sku) => `${HOST}/products/${sku}`),
    now,
  );
  const job = { id: jobId, accountId: owner.accountId, keyId: owner.keyId, webhookEndpointId: null } as JobRow;
  const ctx = createExecutionContext();
  await jobHooks.ended(bindings, (p) => ctx.waitUntil(p), job, "completed", { succeeded: 1, failed: 0 });
  await waitOnExecutionContext(ctx);
}
