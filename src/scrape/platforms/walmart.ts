// Walmart: /ip/{id}, /search?q=&page=, /reviews/product/{id}. Pages are Next.js: the
// product, search results and reviews sit in `__NEXT_DATA__` under initialData, which
// is read first; JSON-LD and the DOM (`[itemprop=price]`, `h1#main-title`) back it up.
import { detectChallenge } from "../extract/challenge";
import { absoluteUrl, cleanText, firstText, type HTMLElement } from "../extract/dom";
import { asList, asNumber, asText, dig, scriptJson } from "../extract/json-text";
import { parseCards, pageFromUrl, readPager, type CardSpec } from "../extract/listing";
import { moneyFromStructured, parseMoney, type MoneyHint } from "../extract/money";
import { readPage, structuredDraftList, type Page } from "../extract/page";
import { normaliseAvailability, reading, type ProductDraft } from "../extract/record";
import { idFromUrl, lookupId, siteSort, siteUrl } from "../extract/url";
import type { Money, ProductPlatform, Review, ReviewsPage, SearchItem, SearchPage } from "../types";

const ITEM_ID = /^\d{5,12}$/;
const ITEM_IN_URL = /\/(?:ip|reviews\/product)\/(?:[^/?#]+\/)?(\d{5,12})(?:[/?#]|$)/;

const initialData = (html: string) => dig(scriptJson(html, "__NEXT_DATA__"), "props", "pageProps", "initialData");

/** `{ price: 12.99, currencyUnit: "USD" }` as Walmart's price objects carry it. */
function walmartMoney(value: unknown, hint: MoneyHint): Money | null {
  return (
    moneyFromStructured(dig(value, "price") ?? null, dig(value, "currencyUnit"), hint) ??
    parseMoney(asText(dig(value, "priceString")), hint)
  );
}

function nextDataDraft(page: Page): ProductDraft {
  const data = dig(initialData(page.html), "data");
  const product = dig(data, "product");
  if (!product) return {};
  const price = walmartMoney(dig(product, "priceInfo", "currentPrice"), page.hint);
  const was = walmartMoney(dig(product, "priceInfo", "wasPrice"), page.hint);
  const specs = Object.fromEntries(
    asList(dig(data, "idml", "specifications"))
      .map((spec) => [asText(spec["name"]), asText(spec["value"])])
      .filter(([k, v]) => k && v),
  );
  const id = asText(dig(product, "usItemId"));
  return {
    id,
    sku: id,
    title: asText(dig(product, "name")),
    brand: asText(dig(product, "brand")),
    price: price && was && was.amount > price.amount ? { ...price, original_amount: was.amount } : price,
    rating: asNumber(dig(product, "averageRating")),
    // The count the page shows; product.numberOfReviews runs a few ahead of it.
    review_count: asNumber(dig(data, "reviews", "totalReviewCount")) ?? asNumber(dig(product, "numberOfReviews")),
    availability: normaliseAvailability(asText(dig(product, "availabilityStatus"))),
    images: asList(dig(product, "imageInfo", "allImages"))
      .map((image) => asText(image["url"]))
      .filter((url): url is string => url !== null),
    description: cleanText(asText(dig(product, "shortDescription"))?.replace(/<[^>]+>/g, " ")),
    seller: asText(dig(product, "sellerDisplayName")) ?? asText(dig(product, "sellerName")),
    breadcrumbs: asList(dig(product, "category", "path"))
      .map((step) => asText(step["name"]))
      .filter((name): name is string => name !== null),
    specs: specs as Record<string, string>,
    // The product page carries the first page of reviews beside the product.
    reviews: asList(dig(data, "reviews", "customerReviews")).map(reviewFromNextData),
    variants: asList(dig(product, "variantCriteria")).flatMap((criterion) =>
      asList(criterion["variantList"]).map((option) => ({
        id: asText(dig(option, "products", 0)),
        name: [asText(criterion["name"]), asText(option["name"])].filter(Boolean).join(": "),
      })),
    ),
  };
}

function domDraft(root: HTMLElement, hint: MoneyHint): ProductDraft {
  return {
    title: firstText(root, ["h1#main-title", "h1[itemprop='name']"]),
    price: parseMoney(firstText(root, ["[data-testid='price-wrap'] [itemprop='price']", "[itemprop='price']"]), hint),
  };
}

function itemFromNextData(item: Record<string, unknown>, base: string, hint: MoneyHint): SearchItem {
  const price =
    walmartMoney(dig(item, "priceInfo", "currentPrice"), hint) ??
    parseMoney(asText(dig(item, "priceInfo", "linePrice")) ?? asText(item["price"]), hint);
  return {
    id: asText(item["usItemId"]) ?? asText(item["id"]),
    title: asText(item["name"]),
    url: absoluteUrl(asText(item["canonicalUrl"]), base),
    price,
    rating: asNumber(dig(item, "rating", "averageRating")) ?? asNumber(item["averageRating"]),
    review_count: asNumber(dig(item, "rating", "numberOfReviews")) ?? asNumber(item["numberOfReviews"]),
    image: asText(dig(item, "imageInfo", "thumbnailUrl")) ?? asText(item["image"]),
    sponsored: item["isSponsoredFlag"] === true,
  };
}

const SEARCH_CARDS: CardSpec = {
  cards: "div[data-item-id]",
  id: (card) => cleanText(card.getAttribute("data-item-id")),
  title: ["[data-automation-id='product-title']", "span.lh-title"],
  link: { selectors: ["a[href*='/ip/']"], attr: "href" },
  price: ["[data-automation-id='product-price'] .f2", "[data-automation-id='product-price']"],
  rating: ["[data-testid='product-ratings'] .w_iUH7", "span.w_iUH7"],
  reviewCount: ["[data-testid='product-reviews']"],
  image: { selectors: ["img[data-testid='productTileImage']", "img"], attr: "src" },
  sponsored: (card) => /sponsored/i.test(firstText(card, [".f7.gray", "[data-testid='sponsored-label']"]) ?? ""),
};

function reviewFromNextData(review: Record<string, unknown>): Review {
  return {
    id: asText(review["reviewId"]),
    title: asText(review["reviewTitle"]),
    body: asText(review["reviewText"]),
    rating: asNumber(review["rating"]),
    author: asText(review["userNickname"]),
    date: asText(review["reviewSubmissionTime"]),
    verified: asList(review["badges"]).some((badge) =>
      /verified/i.test(asText(badge["id"]) ?? asText(badge["text"]) ?? ""),
    ),
  };
}

export const walmart: ProductPlatform = {
  slug: "walmart",
  name: "Walmart",
  idParam: "id",
  engines: ["fetch", "browser"],
  origins: { us: "https://www.walmart.com", default: "https://www.walmart.com" },
  productUrl: (lookup, origin) => siteUrl(origin, `/ip/${lookupId(lookup, "id", ITEM_ID, ITEM_IN_URL)}`),
  searchUrl: (lookup, origin) =>
    siteUrl(origin, "/search", {
      q: lookup.q,
      page: lookup.page > 1 ? lookup.page : undefined,
      sort: siteSort(lookup.sort, {
        relevance: "best_match",
        price_asc: "price_low",
        price_desc: "price_high",
        rating: "rating_high",
        best_seller: "best_seller",
        newest: "new",
      }),
      min_price: lookup.min_price,
      max_price: lookup.max_price,
    }),
  reviewsUrl: (lookup, origin) =>
    siteUrl(origin, `/reviews/product/${lookupId(lookup, "id", ITEM_ID, ITEM_IN_URL)}`, {
      page: lookup.page > 1 ? lookup.page : undefined,
      sort: siteSort(lookup.sort, { newest: "submission-desc", relevance: "relevancy", rating: "rating-desc" }),
      ratings: lookup.rating,
    }),
  readProduct(html, url) {
    const page = readPage(html, url);
    return [
      reading("embedded state", nextDataDraft(page)),
      ...structuredDraftList(page),
      reading("walmart markup", domDraft(page.root, page.hint)),
      reading("page address", { id: idFromUrl(page.base, ITEM_IN_URL) }),
    ];
  },
  parseSearch(html, url): SearchPage {
    const page = readPage(html, url);
    const result = dig(initialData(html), "searchResult");
    const stacked = asList(dig(result, "itemStacks", 0, "items")).filter(
      (item) => item["__typename"] !== "AdPlaceholder" && item["name"],
    );
    const items =
      stacked.length > 0
        ? stacked.map((item) => itemFromNextData(item, page.base, page.hint))
        : parseCards(page.root, SEARCH_CARDS, page.base, page.hint);
    const requested = pageFromUrl(url, "page");
    const current = asNumber(dig(result, "paginationV2", "pageProperties", "page")) ?? requested;
    const maxPage = asNumber(dig(result, "paginationV2", "maxPage"));
    const pager = readPager(page.root, { next: ["a[data-testid='NextPage']", "a[aria-label='Next Page']"] }, current);
    return {
      items,
      page: current,
      total_results: asNumber(dig(result, "aggregatedCount")) ?? asNumber(dig(result, "itemStacks", 0, "count")),
      has_next_page: maxPage !== null && current !== null ? current < maxPage : pager.has_next_page,
    };
  },
  parseReviews(html, url): ReviewsPage {
    const reviews = dig(initialData(html), "data", "reviews");
    const requested = pageFromUrl(url, "page");
    return {
      reviews: asList(dig(reviews, "customerReviews")).map(reviewFromNextData),
      rating: asNumber(dig(reviews, "averageOverallRating")),
      review_count: asNumber(dig(reviews, "totalReviewCount")),
      page: asNumber(dig(reviews, "pagination", "currentPage")) ?? requested,
      has_next_page: Boolean(dig(reviews, "pagination", "next")),
    };
  },
  detectChallenge,
};
