// Etsy's reviews are the listing page's own (#reviews, four a page): the review cards, the item's
// average and count from the reviews header, and the review page the page itself says it shows.
import { cleanText, firstAttr, firstText } from "../../scrape/extract/dom";
import { asNumber, dig, firstJsonValue } from "../../scrape/extract/json-text";
import { pageFromUrl, parseReviewBlocks, readField, type ReviewSpec } from "../../scrape/extract/listing";
import { parseLocaleNumber } from "../../scrape/extract/money";
import { structuredDrafts, type Page } from "../../scrape/extract/page";
import { selectOne } from "../../scrape/extract/select";
import type { ReviewsPage } from "../../scrape/types";
import { LISTING_TITLE } from "./product";
import { linksPastPage } from "./search";

const REVIEWS_EVENT = "[data-appears-component-name='listing_page_reviews_container_top']";

const REVIEWS: ReviewSpec = {
  blocks: "[data-review-region]",
  id: (card) => cleanText(card.getAttribute("data-review-region")),
  // Etsy reviews have no title.
  title: [],
  body: ["[id^='review-preview-toggle']", "[data-review-text-toggle-wrapper]"],
  rating: { selectors: ["input[name='rating']"], attr: "value" },
  author: ["[data-review-username]"],
  // The author's line reads "Margaret Mar 13, 2026"; the date is read out of it.
  date: ["p:has([data-review-username])"],
};

/**
 * The reviews header's figures. Etsy shows the ITEM's average and count there ("Item average 4.8
 * (121 reviews)"); its JSON-LD aggregateRating is the SHOP's (4.9 / 919), used only when the header is missing.
 */
function itemRating(page: Page): Pick<ReviewsPage, "rating" | "review_count"> {
  const header = selectOne(page.root, "#reviews");
  const { jsonLd } = structuredDrafts(page);
  const rating = parseLocaleNumber(header && readField(header, ["span.reviews-rating"]));
  const count = parseLocaleNumber(header && readField(header, [".reviews-rating p.wt-text-body-smaller"]));
  return { rating: rating ?? jsonLd.rating ?? null, review_count: count ?? jsonLd.review_count ?? null };
}

export function readEtsyReviews(page: Page, url: string): ReviewsPage {
  const section = selectOne(page.root, "#reviews") ?? page.root;
  // The page's own analytics name the review page shown; a `page` etsy.com ignored reads as 1, not as asked.
  const shown = asNumber(
    dig(firstJsonValue(firstAttr(page.root, [REVIEWS_EVENT], "data-appears-event-data") ?? ""), "page_number"),
  );
  const current = shown ?? pageFromUrl(url, "page");
  return {
    product_title: firstText(page.root, LISTING_TITLE),
    reviews: parseReviewBlocks(page.root, REVIEWS),
    ...itemRating(page),
    page: current,
    // Today's etsy.com loads later review pages by script and links none, so its listings answer false.
    has_next_page: linksPastPage(section, current),
  };
}
