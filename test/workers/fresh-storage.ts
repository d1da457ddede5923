import { applyD1Migrations, env } from "cloudflare:test";

// Setup files run before each test file. Files share a Workers runtime per lane (vitest.config.ts),
// so each file first drops what the lane's earlier files left and starts from the storage a fresh
// deployment has: the migrations, with the catalogue they ship, an empty cache and an empty bucket.
type Row = { name: string; type: string; sql: string | null };
const objects = async () =>
  (
    await env.DB.prepare(
      "SELECT name, type, sql FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
    ).all<Row>()
  ).results;

const drop = (row: Row) => env.DB.prepare(`DROP ${row.type === "view" ? "VIEW" : "TABLE"} IF EXISTS "${row.name}"`);
// A full-text table goes first: dropping it drops its shadow tables, which cannot be dropped alone.
const isVirtual = (row: Row) => /^CREATE VIRTUAL TABLE/i.test(row.sql ?? "");
const virtual = (await objects()).filter(isVirtual);
if (virtual.length > 0) await env.DB.batch(virtual.map(drop));
const rest = await objects();
if (rest.length > 0) await env.DB.batch([env.DB.prepare("PRAGMA defer_foreign_keys = on"), ...rest.map(drop)]);
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

for (let page = await env.CACHE.list(); page.keys.length > 0; page = await env.CACHE.list())
  await Promise.all(page.keys.map((key) => env.CACHE.delete(key.name)));
for (let page = await env.RESULTS.list(); page.objects.length > 0; page = await env.RESULTS.list())
  await env.RESULTS.delete(page.objects.map((object) => object.key));
