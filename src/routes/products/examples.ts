// What the product routes answer, as the reference at /docs shows it (read from real Amazon pages).
import type { ScrapeMeta } from "../../scrape/scrape";
import type { ProductRecord, Review, SearchItem } from "../../scrape/types";

const SCRAPE_META_EXAMPLE = {
  source_url: "https://www.amazon.com/dp/B0057OC5O8",
  engine: "fetch",
  cache: "miss",
  fetched_at: "2026-11-22T09:59:58.412Z",
  proxy: "proxy-2@dc1.proxy.example:8080",
  captcha: "none",
} satisfies ScrapeMeta;

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
} satisfies ProductRecord & { created_at: string; attributes: { type: string; active: boolean; count: number } };

export const PRODUCT_META_EXAMPLE = { scrape: SCRAPE_META_EXAMPLE };

export const SEARCH_EXAMPLE = [
  {
    id: "B0C8MYQRGB",
    title: '15.6" Windows 11 Laptop, Intel Core i3-5005U, 16GB RAM, 512GB SSD, FHD IPS Display',
    url: "https://www.amazon.com/dp/B0C8MYQRGB",
    price: { amount: 259.99, currency: "USD", raw: "$259.99" },
    rating: 4.2,
    review_count: 1_184,
    image: "https://m.media-amazon.com/images/I/71dPvJ1Q2uL._AC_UY218_.jpg",
    sponsored: false,
  },
] satisfies SearchItem[];

export const SEARCH_META_EXAMPLE = {
  page: 1,
  total_results: 7_000,
  has_next_page: true,
  scrape: { ...SCRAPE_META_EXAMPLE, source_url: "https://www.amazon.com/s?k=laptop&page=1" },
};

export const REVIEWS_EXAMPLE = [REVIEW_EXAMPLE] satisfies Review[];

export const REVIEWS_META_EXAMPLE = {
  page: 1,
  rating: 4.6,
  review_count: 422,
  has_next_page: true,
  scrape: {
    ...SCRAPE_META_EXAMPLE,
    source_url: "https://www.amazon.com/product-reviews/B0057OC5O8?pageNumber=1",
    cache: "hit",
  },
};
