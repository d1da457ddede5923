// What the product routes answer: the zod schemas of their bodies (the reference at /docs, and
// the e2e tests that check real answers against them) and the examples the reference shows
// (read from real Amazon pages). It imports nothing of the worker's (envelope.ts brings in its
// Env), so the Node-side e2e tests load these schemas; `satisfies` holds each to its record type.
import { z } from "@hono/zod-openapi";
import { completenessSchema, listCompleteness, recordCompleteness, type Endpoint } from "../../scrape/completeness";
import { PaginationSchema } from "../../pagination";
import type { Money, ProductRecord, Review, SearchItem } from "../../scrape/types";

const text = z.string().nullable();
const count = z.number().int().min(0);

const MoneySchema = z
  .object({
    amount: z.number(),
    currency: text.openapi({ description: "ISO 4217" }),
    original_amount: z.number().nullable().optional().openapi({ description: "Crossed-out list price" }),
    raw: text.openapi({ description: "The text the amount was read from" }),
  })
  .openapi("Money") satisfies z.ZodType<Money>;

export const ReviewSchema = z
  .object({
    id: text,
    title: text,
    body: text,
    rating: z.number().nullable(),
    author: text,
    date: text,
    verified: z.boolean().nullable(),
  })
  .openapi("ProductReview") satisfies z.ZodType<Review>;

export const SearchItemSchema = z
  .object({
    id: text,
    title: text,
    url: text,
    price: MoneySchema.nullable(),
    rating: z.number().nullable(),
    review_count: count.nullable(),
    image: text,
    sponsored: z.boolean().openapi({
      description: "A paid placement; one repeating an organic result of the page is left out (the organic one stays)",
    }),
  })
  .openapi("ProductSearchResult") satisfies z.ZodType<SearchItem>;

/** The seed's envelope: what every product answer's `data` starts with, whatever it holds. */
function recordHead<T extends string>(type: T, activeMeans: string, countMeans: string) {
  return {
    id: text,
    name: text,
    created_at: z.string().openapi({ description: "When the page was captured (`meta.scrape.fetched_at`)" }),
    attributes: z.object({
      type: z.literal(type),
      active: z.boolean().openapi({ description: activeMeans }),
      count: count.openapi({ description: countMeans }),
    }),
  };
}

const ProductData = z
  .object({
    ...recordHead("product", "The listing is available", "Number of variants"),
    title: text,
    url: text,
    brand: text,
    price: MoneySchema.nullable(),
    availability: text,
    images: z.array(z.string()),
    rating: z.number().nullable(),
    review_count: count.nullable(),
    reviews: z.array(ReviewSchema),
    description: text,
    specs: z.record(z.string(), z.string()),
    variants: z.array(
      z.object({ id: text, name: z.string(), price: MoneySchema.nullable().optional(), url: text.optional() }),
    ),
    asin: text.optional(),
    sku: text,
    seller: text,
    breadcrumbs: z.array(z.string()),
    sources: z
      .record(z.string(), z.object({ source: z.string(), agreed: z.array(z.string()) }))
      .optional()
      .openapi({
        description:
          "With `explain=true`: per filled field, the reader it came from (`json-ld`, `microdata`, `rdfa`, `meta`, `main heading`, `visible text`, `title element`, `<platform> markup`, `embedded state`, `page address`) and the other readers that gave the same value",
      }),
  })
  .openapi("Product") satisfies z.ZodType<ProductRecord>;

const SearchData = z
  .object({
    ...recordHead("search", "The page has results", "Results on this page"),
    results: z.array(SearchItemSchema),
  })
  .openapi("ProductSearch");

const ReviewsData = z
  .object({
    ...recordHead("reviews", "The page has reviews", "Reviews on this page"),
    reviews: z.array(ReviewSchema),
  })
  .openapi("ProductReviews");

const ScrapeMetaSchema = z.object({
  source_url: z.string(),
  engine: z.enum(["fetch", "browser"]),
  cache: z.enum(["hit", "miss", "stale", "bypass"]),
  fetched_at: z.string(),
  proxy: text,
  captcha: z.enum(["none", "solved"]),
  browser: z.object({ session_id: z.string(), reused: z.boolean() }).optional(),
});

/** envelope.ts's `Meta` (request_id, timestamp) plus what a scrape adds. */
const envelope = <T extends z.ZodType, M extends z.ZodRawShape>(data: T, endpoint: Endpoint, meta: M) =>
  z.object({
    status: z.literal("success"),
    data,
    meta: z.object({
      request_id: z.string(),
      timestamp: z.string(),
      scrape: ScrapeMetaSchema,
      completeness: completenessSchema(endpoint),
      charged: z.boolean().optional().openapi({ description: "Whether the call counted against the month" }),
      ...meta,
    }),
  });

export const ProductEnvelope = envelope(ProductData, "product", {}).openapi("ProductEnvelope");
export const SearchEnvelope = envelope(SearchData, "search", { pagination: PaginationSchema }).openapi(
  "ProductSearchEnvelope",
);
export const ReviewsEnvelope = envelope(ReviewsData, "reviews", {
  pagination: PaginationSchema,
  rating: z.number().nullable().openapi({ description: "The product's average rating" }),
  review_count: count.nullable().openapi({ description: "All of the product's reviews and ratings" }),
}).openapi("ProductReviewsEnvelope");

const SCRAPE_META_EXAMPLE = {
  source_url: "https://www.amazon.com/dp/B0057OC5O8",
  engine: "fetch",
  cache: "miss",
  fetched_at: "2026-11-22T09:59:58.412Z",
  proxy: "proxy-2",
  captcha: "none",
} satisfies z.input<typeof ScrapeMetaSchema>;

const REVIEW_EXAMPLE = {
  id: "R68JYJOHXA1Y1",
  title: "Well made, but mind the mains voltage",
  body: "The entire SainSmart line is well made, very well priced, and extremely functional. Cover and shield the board when switching A/C loads.",
  rating: 5,
  author: "J. Fields",
  date: "2024-03-18",
  verified: true,
} satisfies Review;

export const PRODUCT_EXAMPLE = {
  id: "B0057OC5O8",
  name: "SainSmart 4-Channel Relay Module",
  title: "SainSmart 4-Channel Relay Module",
  url: "https://www.amazon.com/dp/B0057OC5O8",
  brand: "SainSmart",
  price: { amount: 8.99, currency: "USD", raw: "$8.99" },
  availability: "in_stock",
  images: ["https://m.media-amazon.com/images/I/71p1Oe9knSL._AC_SL1200_.jpg"],
  rating: 4.6,
  review_count: 422,
  reviews: [REVIEW_EXAMPLE],
  description:
    "4-channel 5 V relay board for Arduino, Raspberry Pi and other microcontrollers; each relay switches up to 10 A at 250 V AC.",
  specs: {
    Brand: "SainSmart",
    "Item model number": "101-70-101",
    "Coil Voltage": "5 Volts",
    Manufacturer: "SainStore Inc.",
  },
  variants: [{ id: "B0057OC5O8", name: "Module", url: "https://www.amazon.com/dp/B0057OC5O8" }],
  asin: "B0057OC5O8",
  sku: null,
  seller: "SainSmart Official",
  breadcrumbs: ["Automotive", "Replacement Parts", "Switches & Relays", "Relays", "Relay Control Module"],
  created_at: "2026-11-22T09:59:58.412Z",
  attributes: { type: "product", active: true, count: 1 },
} satisfies z.input<typeof ProductData>;

export const PRODUCT_META_EXAMPLE = {
  scrape: SCRAPE_META_EXAMPLE,
  completeness: recordCompleteness("product", PRODUCT_EXAMPLE),
  charged: true,
};

const SEARCH_RESULT_EXAMPLE = {
  id: "B0C8MYQRGB",
  title: '15.6" Windows 11 Laptop, Intel Core i3-5005U, 16GB RAM, 512GB SSD, FHD IPS Display',
  url: "https://www.amazon.com/dp/B0C8MYQRGB",
  price: { amount: 259.99, currency: "USD", raw: "$259.99" },
  rating: 4.2,
  review_count: 1_184,
  image: "https://m.media-amazon.com/images/I/71dPvJ1Q2uL._AC_UY218_.jpg",
  sponsored: false,
} satisfies SearchItem;

export const SEARCH_EXAMPLE = {
  id: "search:amazon:laptop",
  name: "laptop",
  created_at: "2026-11-22T09:59:58.412Z",
  attributes: { type: "search", active: true, count: 1 },
  results: [SEARCH_RESULT_EXAMPLE],
} satisfies z.input<typeof SearchData>;

export const SEARCH_META_EXAMPLE = {
  pagination: { page: 1, limit: 16, total: 7_000, total_pages: 438 },
  scrape: { ...SCRAPE_META_EXAMPLE, source_url: "https://www.amazon.com/s?k=laptop&page=1" },
  completeness: listCompleteness("search", SEARCH_EXAMPLE.results),
  charged: true,
};

export const REVIEWS_EXAMPLE = {
  id: "B0057OC5O8",
  name: "SainSmart 4-Channel Relay Module",
  created_at: "2026-11-22T09:59:58.412Z",
  attributes: { type: "reviews", active: true, count: 1 },
  reviews: [REVIEW_EXAMPLE],
} satisfies z.input<typeof ReviewsData>;

export const REVIEWS_META_EXAMPLE = {
  pagination: { page: 1, limit: 10, total: null, total_pages: null },
  rating: 4.6,
  review_count: 422,
  scrape: {
    ...SCRAPE_META_EXAMPLE,
    source_url: "https://www.amazon.com/product-reviews/B0057OC5O8?pageNumber=1",
    cache: "hit",
  },
  completeness: listCompleteness("reviews", REVIEWS_EXAMPLE.reviews),
  charged: true,
};
