// Records the scrape engine returns, and the shape every platform adapter has.
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

/** An address in its parts, as far as the page gives them. */
export interface AddressParts {
  street: string | null;
  city: string | null;
  postcode: string | null;
  /** As the page names it (a name or an ISO code). */
  country: string | null;
}

export interface HotelRecord {
  id: string | null;
  name: string | null;
  star_rating: number | null;
  /** One line: street, postcode and city, country. */
  address: string | null;
  address_parts: AddressParts | null;
  latitude: number | null;
  longitude: number | null;
  /** Normalised to a 0–10 scale whatever the site uses. */
  review_score: number | null;
  review_count: number | null;
  /** Nightly price when the page shows one. */
  price_per_night: number | null;
  /** Price for the whole stay when the page shows that instead (or too). */
  total_price: number | null;
  currency: string | null;
  /** The page's own labels; the travel layer maps them onto a shared vocabulary. */
  amenities: string[];
  rooms_available: number | null;
  image_url: string | null;
  booking_url: string | null;
  /** hotel, apartment, hostel, … as the page names the kind of property. */
  property_type: string | null;
  /** The cheapest room the card or page offers. */
  room_type: string | null;
  free_cancellation: boolean | null;
  breakfast_included: boolean | null;
  /** A paid placement (it may repeat an organic card of the same hotel). */
  sponsored: boolean;
}

export interface HotelSearchPage {
  hotels: HotelRecord[];
  total_results: number | null;
  has_next_page: boolean;
}

/** One room type on a hotel page, priced the way the site prices it. */
export interface HotelRoom {
  room_type: string;
  price: number | null;
  /** Whether `price` is for one night or for the whole stay (sites differ). */
  price_basis: "night" | "stay";
  currency: string | null;
  /** Guests the room sleeps, where shown. */
  sleeps: number | null;
  /** How many of this room are left, where the page says. */
  rooms_available: number | null;
  available: boolean | null;
  free_cancellation: boolean | null;
  breakfast_included: boolean | null;
}

export interface HotelDetail extends HotelRecord {
  rooms: HotelRoom[];
  reviews: Review[];
  description: string | null;
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

/** The query parameters a product's own id travels in; `url` is the other way to name a product. */
export type IdParamName = "asin" | "id" | "sku";

/**
 * How a platform's product id is checked and described. The product routes check `pattern` before they
 * know the platform, so platforms that share a parameter name share its pattern and message; the
 * adapter's URL builder then holds the id to the site's own shape.
 */
export interface IdRule {
  pattern: RegExp;
  /** What a value that misses `pattern` is told. */
  message: string;
  minLength?: number;
  maxLength?: number;
  /** What the platform's ids are and where a user finds one, for the docs and `GET /v1/platforms`. */
  describes: string;
  /** One of the platform's real ids: the reference's, the docs' and `npm start`'s example. */
  example: string;
}

interface PlatformBase {
  slug: string;
  name: string;
  /** `shop` reads any site by URL; a `marketplace` is one site (or one per country) with its own ids. */
  kind: "marketplace" | "shop";
  /** One sentence on what the platform reads, for the docs and `GET /v1/platforms`. */
  description: string;
  /** How the MCP tools name the platform in a list of what they read; the slug when absent. */
  mcpText?: string;
  /** A search its replica site answers too (`npm start` prints it). */
  exampleSearch?: string;
  /** Engines that can serve this site; `fetch` first where the data is in the HTML. */
  engines: ("fetch" | "browser")[];
  /** Default origin per country code (lower-case), plus a `default` entry. */
  origins: Record<string, string>;
  /** Further origins the platform's own pages live on (Mercado Libre's listing and search hosts); see platforms/sites.ts. */
  otherOrigins?: readonly string[];
  productUrl(lookup: ProductLookup, origin: string): string;
  searchUrl?(lookup: SearchLookup, origin: string): string;
  reviewsUrl?(lookup: ReviewsLookup, origin: string): string;
  /** The page's readings, most trusted first; `parseProduct` (platforms/index.ts) resolves them into a record. */
  readProduct(html: string, url: string): ProductDraft[];
  parseSearch?(html: string, url: string): SearchPage;
  parseReviews?(html: string, url: string): ReviewsPage;
  detectChallenge(html: string, status: number): Challenge | null;
}

/**
 * A marketplace, or the generic shop reader. `origin` is the site's base URL: the real one in
 * production, a replica (e.g. http://127.0.0.1:8790/amazon) in development and tests. Everything
 * the API says about a platform (its routes' id parameters, `GET /v1/platforms`, the MCP tools, the
 * docs' platform table) is read from here; see platforms/index.ts.
 */
export type ProductPlatform = PlatformBase &
  (
    | {
        /** The query parameter users pass the product's id in. */
        idParam: IdParamName;
        id: IdRule;
      }
    | { idParam: "url"; id: null }
  );
