import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Request allowances (`enterprise` limits are set per account) and how many standing objects an account may hold. */
export const plans = sqliteTable("plans", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  requestsPerMinute: integer("requests_per_minute").notNull(),
  requestsPerMonth: integer("requests_per_month").notNull(),
  // Standing objects make work every minute on their own, so each plan holds a bounded number.
  maxWebhooks: integer("max_webhooks").notNull().default(3),
  maxWatches: integer("max_watches").notNull().default(10),
  maxSchedules: integer("max_schedules").notNull().default(10),
  maxDatasets: integer("max_datasets").notNull().default(3),
  // A batch job's items and the jobs running at once, per account (docs/jobs.md#limits).
  maxJobItems: integer("max_job_items").notNull().default(100),
  maxRunningJobs: integer("max_running_jobs").notNull().default(1),
});

export const accounts = sqliteTable("accounts", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").unique(),
  planId: text("plan_id")
    .notNull()
    .references(() => plans.id),
  /** Overrides the plan's per-minute limit (enterprise). */
  customRequestsPerMinute: integer("custom_requests_per_minute"),
  /** Overrides the plan's monthly volume (enterprise). */
  customRequestsPerMonth: integer("custom_requests_per_month"),
  /** CAPTCHA solves the account may spend per calendar month. */
  captchaMonthlyCap: integer("captcha_monthly_cap").notNull().default(200),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
});

/** API keys: only the SHA-256 of a secret is stored, never the secret itself. */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    name: text("name").notNull(),
    /** First characters of the secret, shown so people can tell keys apart. */
    start: text("start").notNull(),
    secretHash: text("secret_hash").notNull().unique(),
    /** After a rotation the old secret keeps working until `previousExpiresAt`. */
    previousSecretHash: text("previous_secret_hash").unique(),
    previousExpiresAt: integer("previous_expires_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    rotatedAt: integer("rotated_at", { mode: "timestamp_ms" }),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    /** Space-separated scopes the key grants (see src/scopes.ts); keys made before scopes existed hold all. */
    scopes: text("scopes")
      .notNull()
      .default("catalogue:read products:read travel:read events:write jobs:write keys:write"),
  },
  (table) => [index("api_keys_account_idx").on(table.accountId)],
);

// ---- Dataset catalogue ----

/** ISO 3166-1 countries (alpha-2 code and English name), seeded from a data package. */
export const countries = sqliteTable("countries", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
});

export const categories = sqliteTable("categories", {
  slug: text("slug").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull(),
});

/**
 * One dataset: a recipe the service refreshes through the scrape pipeline (public when `accountId`
 * is null, else its account's own) and what its latest snapshot holds. `tags`, `field_names`, `category_name`, `country_names` and
 * `search_terms` are denormalised text so the FTS5 index (`datasets_fts`, external content) can read them.
 */
export const datasets = sqliteTable(
  "datasets",
  {
    id: integer("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    categorySlug: text("category_slug")
      .notNull()
      .references(() => categories.slug),
    categoryName: text("category_name").notNull(),
    /** JSON array of ISO 3166-1 alpha-2 codes. */
    countries: text("countries", { mode: "json" }).$type<string[]>().notNull(),
    countryNames: text("country_names").notNull(),
    /** JSON array of tags. */
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull(),
    fieldNames: text("field_names").notNull(),
    /** Extra words people search with: compact category slug, country codes, platform names. */
    searchTerms: text("search_terms").notNull(),
    sourcePlatforms: text("source_platforms", { mode: "json" }).$type<string[]>().notNull(),
    recordCount: integer("record_count").notNull(),
    updateFrequency: text("update_frequency").notNull(),
    lastUpdated: text("last_updated").notNull(),
    formats: text("formats", { mode: "json" }).$type<string[]>().notNull(),
    /** What to collect and how often (src/datasets/recipe.ts), as JSON. */
    recipe: text("recipe").notNull(),
    /** The owning account of a private dataset; null for the public catalogue. */
    accountId: text("account_id").references(() => accounts.id),
    /** The key whose identity runs a private dataset's refreshes (and is charged for them). */
    keyId: text("key_id"),
    latestSnapshotId: text("latest_snapshot_id"),
    nextRefreshAt: integer("next_refresh_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    index("datasets_category_idx").on(table.categorySlug),
    index("datasets_account_idx").on(table.accountId),
    index("datasets_refresh_idx").on(table.nextRefreshAt),
  ],
);

export const datasetCountries = sqliteTable(
  "dataset_countries",
  {
    datasetId: integer("dataset_id")
      .notNull()
      .references(() => datasets.id),
    countryCode: text("country_code")
      .notNull()
      .references(() => countries.code),
  },
  (table) => [
    primaryKey({ columns: [table.datasetId, table.countryCode] }),
    index("dataset_countries_country_idx").on(table.countryCode),
  ],
);

export const datasetFields = sqliteTable(
  "dataset_fields",
  {
    datasetId: integer("dataset_id")
      .notNull()
      .references(() => datasets.id),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    type: text("type").notNull(),
    description: text("description").notNull(),
    nullable: integer("nullable", { mode: "boolean" }).notNull(),
    /** Share of records where the field is not null, 0 to 1. */
    fillRate: real("fill_rate").notNull(),
  },
  (table) => [primaryKey({ columns: [table.datasetId, table.position] })],
);

/** CAPTCHA solves per account and month, checked against the account's cap before each solve. */
export const captchaSpend = sqliteTable(
  "captcha_spend",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    month: text("month").notNull(),
    solves: integer("solves").notNull(),
    costMicros: integer("cost_micros").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.month] })],
);

// ---- Travel ----

/** Gazetteer for hotel-search destinations: cities from a data package, plus hand-kept regions and landmarks. */
export const places = sqliteTable(
  "places",
  {
    id: integer("id").primaryKey(),
    kind: text("kind", { enum: ["city", "region", "landmark"] }).notNull(),
    name: text("name").notNull(),
    /** `name` lower-cased with accents and punctuation stripped (see `normalisePlaceName`). */
    searchName: text("search_name").notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text("country").notNull(),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
    population: integer("population"),
    /** How far from the centre a hotel still counts as "in" the place. */
    radiusKm: real("radius_km").notNull(),
  },
  (table) => [index("places_search_name_idx").on(table.searchName)],
);

/** Units of `currency` per 1 EUR, from a public daily reference feed. */
export const exchangeRates = sqliteTable("exchange_rates", {
  currency: text("currency").primaryKey(),
  perEur: real("per_eur").notNull(),
  rateDate: text("rate_date").notNull(),
  source: text("source").notNull(),
});
