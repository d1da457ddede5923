// Dataset fixtures made by the tests themselves: a dataset row with a recipe, and records imported
// into it as finished snapshots through the admin import (the snapshot writer refreshes use).
import { expect } from "vitest";
import { admin, env } from "./helpers";

/** Adds a public dataset of search records; returns its slug. */
export async function addPublicDataset(slug: string, name: string) {
  const recipe = JSON.stringify({
    kind: "search",
    platforms: ["amazon"],
    queries: ["fixture"],
    pages: 1,
    schedule: "0 3 * * *",
    max_age: 3600,
  });
  await env.DB.prepare(
    `INSERT INTO datasets (slug, name, description, category_slug, category_name, countries, country_names, tags,
       field_names, search_terms, source_platforms, record_count, update_frequency, last_updated, formats, recipe, key_id)
     VALUES (?, ?, ?, 'ecommerce', 'E-commerce', '[]', '', '[]', 'key title price', ?, '["amazon"]', 0, 'daily', '', '["json","ndjson","csv"]', ?, 'key_public_catalogue')`,
  )
    .bind(slug, name, `${name} (a test fixture)`, name, recipe)
    .run();
  return slug;
}

/** Imports `records` (each with a `key`) as one finished snapshot, `partSize` records per part. */
export async function importRecords(slug: string, records: Record<string, unknown>[], partSize = 1_000) {
  let snapshot: string | undefined;
  for (let start = 0; start < records.length; start += partSize) {
    const response = await admin(`/v1/admin/datasets/${slug}/snapshots`, "POST", {
      records: records.slice(start, start + partSize),
      snapshot,
      finish: start + partSize >= records.length,
    });
    const body = (await response.json()) as { data: { snapshot: string } };
    expect(response.status, JSON.stringify(body)).toBe(200);
    snapshot = body.data.snapshot;
  }
  return snapshot!;
}
