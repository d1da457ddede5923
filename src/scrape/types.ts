// Records the scrape engine returns for products, and what names a product, a search or a review page.
// Parsers are pure functions from HTML text to these records, so they run in Node,
// in workerd and in fixture tests alike. A value not on the page is null, never a guess.

export interface Money {
  amount: number;
  /** ISO 4217 code. */
  currency: string | null;
  /** Crossed-out list price, when the page shows one. */
  original_amount?: number | null;
  /** The text the amount was read from, e.g. "1.234,56 €". */
  raw: string | null;
}

export interface Review {
  id: string | null;
  title: string | null;
  body: string | null;
  rating: number | null;
  author: string | null;
  date: string | null;
  verified: boolean | null;
}

/**
 * What one reader of a page says about the product (a candidate for each field it knows); absent or
 * null means "this reader does not know". Readers are listed most trusted first.
 */
export type ProductDraft = {
  [K in keyof ProductRecord]?: ProductRecord[K] | null;
} & {
  /** Which reader this is (`json-ld`, `microdata`, `meta`, `visible text`, a site's own markup…), for provenance. */
  source?: string;
  /** Set by a reader that shows an offer without a price (out of stock): later readers must not guess one. */
  priceless?: boolean;
};

export interface ProductRecord {
  id: string | null;
  /** `name` and `title` always hold the same value. */
  name: string | null;
  title: string | null;
  url: string | null;
  brand: string | null;
  price: Money | null;
  availability: string | null;
  images: string[];
  rating: number | null;
  review_count: number | null;
  reviews: Review[];
  description: string | null;
  specs: Record<string, string>;
  variants: { id: string | null; name: string; price?: Money | null; url?: string | null }[];
  asin?: string | null;
  sku: string | null;
  seller: string | null;
  breadcrumbs: string[];
}

export interface SearchItem {
  id: string | null;
  title: string | null;
  url: string | null;
  price: Money | null;
  rating: number | null;
  review_count: number | null;
  image: string | null;
  sponsored: boolean;
}

export interface SearchPage {
  items: SearchItem[];
  page: number | null;
  total_results: number | null;
  has_next_page: boolean;
}

export interface ReviewsPage {
  /** The product's name, where the review page shows it. */
  product_title?: string | null;
  reviews: Review[];
  rating: number | null;
  review_count: number | null;
  page: number | null;
  has_next_page: boolean;
}

/** What a challenge (CAPTCHA) page asks for, when a page is one. */
export interface Challenge {
  kind: "recaptcha" | "hcaptcha" | "turnstile" | "amazon" | "generic";
  siteKey: string | null;
  /** Where the solved token is posted, when the page has a form for it. */
  formAction: string | null;
}

/** Identifies one product; exactly one of the fields is set. */
export interface ProductLookup {
  id?: string;
  url?: string;
  country?: string;
}

export interface SearchLookup {
  q: string;
  page: number;
  sort?: string;
  min_price?: number;
  max_price?: number;
  country?: string;
}

export interface ReviewsLookup extends ProductLookup {
  page: number;
  sort?: string;
  rating?: number;
}
