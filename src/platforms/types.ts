// What every platform is, marketplace, shop reader or travel site: one folder (<slug>/index.ts)
// exporting one of these. The shared part names the site, where its pages live and how they are
// fetched; each kind adds its URL builders and readers. Apart from the registry (index.ts) so
// adapters can name the type without importing the registry.
import type {
  Challenge,
  ProductDraft,
  ProductLookup,
  ReviewsLookup,
  ReviewsPage,
  SearchLookup,
  SearchPage,
} from "../scrape/types";
import type { HotelDetail, HotelSearchPage } from "./hotel-types";

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

/**
 * What every platform has. `origins` are the real sites in production; in development and tests a
 * replica (e.g. http://127.0.0.1:8790/amazon) stands in for them (`originFor`, sites.ts).
 */
interface PlatformBase {
  slug: string;
  name: string;
  /** A `marketplace` is one site (or one per country) with its own ids; `shop` reads any site by URL; `travel` is a hotel site. */
  kind: "marketplace" | "shop" | "travel";
  /** Engines that can serve this site; `fetch` first where the data is in the HTML. */
  engines: ("fetch" | "browser")[];
  /** Default origin per country code (lower-case), plus a `default` entry. */
  origins: Record<string, string>;
  /** Further origins the platform's own pages live on (Mercado Libre's listing and search hosts); see sites.ts. */
  otherOrigins?: readonly string[];
  detectChallenge(html: string, status: number): Challenge | null;
}

/**
 * A marketplace, or the generic shop reader. Everything the API says about it (its routes' id
 * parameters, `GET /v1/platforms`, the MCP tools, the docs' platform table) is read from here;
 * see surfaces.ts.
 */
export type ProductPlatform = PlatformBase & {
  kind: "marketplace" | "shop";
  /** One sentence on what the platform reads, for the docs and `GET /v1/platforms`. */
  description: string;
  /** How the MCP tools name the platform in a list of what they read; the slug when absent. */
  mcpText?: string;
  /** A search its replica site answers too (`npm start` prints it). */
  exampleSearch?: string;
  productUrl(lookup: ProductLookup, origin: string): string;
  searchUrl?(lookup: SearchLookup, origin: string): string;
  reviewsUrl?(lookup: ReviewsLookup, origin: string): string;
  /** The page's readings, most trusted first; `parseProduct` (product-page.ts) resolves them into a record. */
  readProduct(html: string, url: string): ProductDraft[];
  parseSearch?(html: string, url: string): SearchPage;
  parseReviews?(html: string, url: string): ReviewsPage;
} & (
    | {
        /** The query parameter users pass the product's id in. */
        idParam: IdParamName;
        id: IdRule;
      }
    | { idParam: "url"; id: null }
  );

/** A field of a hotel answer: a search card's or a hotel page's. */
export type HotelField = keyof HotelDetail;

export interface TravelSearchQuery {
  destination: string;
  /** `YYYY-MM-DD` */
  checkIn: string;
  checkOut: string;
  adults: number;
  /** Each child's age (0–17). */
  children: number[];
  rooms: number;
  /** 1-based. */
  page: number;
}

export interface TravelHotelQuery {
  checkIn?: string;
  checkOut?: string;
  adults?: number;
}

/** A travel site: hotel search and hotel pages, one origin (`origins.default`). */
export interface TravelPlatform extends PlatformBase {
  kind: "travel";
  /** The site's own review scale; parsers report `review_score` on 0–10 whatever it is. */
  reviewScale: 5 | 10;
  /**
   * Fields none of the site's pages carry, search cards or hotel pages (airbnb shows no stars):
   * an answer missing one says `not_supported_by_platform`, which does not make it partial.
   */
  lacks: readonly HotelField[];
  /** What the adapter's own readers read, as `explain=true` names it; `{slug} markup` unless set. */
  ownReader?: string;
  searchUrl(query: TravelSearchQuery, origin: string): string;
  hotelUrl(id: string, query: TravelHotelQuery, origin: string): string;
  parseSearch(html: string, url: string): HotelSearchPage;
  parseHotel(html: string, url: string): HotelDetail;
}

/**
 * What reads one hotel page: a travel site's adapter, or the generic reader of any hotel's own page
 * (platforms/hotel-readers/generic-hotel.ts), which has no search and no ids of its own.
 */
export type HotelPageReader = Pick<
  TravelPlatform,
  "slug" | "name" | "engines" | "reviewScale" | "lacks" | "ownReader" | "parseHotel" | "detectChallenge"
>;

/** Any platform: what the registry holds. */
export type Platform = ProductPlatform | TravelPlatform;
