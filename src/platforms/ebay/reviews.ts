// eBay's review blocks (on item pages and on the catalogue's /urw/product-reviews/ pages) and the
// review page's summary and pager.
import { cleanText, firstAttr, firstText, visibleText } from "../../scrape/extract/dom";
import { parseReviewBlocks, pageFromUrl, readPager, type ReviewSpec } from "../../scrape/extract/listing";
import { parseLocaleNumber } from "../../scrape/extract/money";
import type { Page } from "../../scrape/extract/page";
import { selectOne } from "../../scrape/extract/select";
import type { ReviewsPage } from "../../scrape/types";

export const REVIEWS: ReviewSpec = {
  blocks: ".ebay-review-section",
  id: (block) => cleanText(block.id.replace(/^review_/, "")),
  title: [".review-item-title"],
  body: [".review-item-content"],
  rating: { selectors: [".ebay-star-rating", ".star-rating"], attr: "aria-label" },
  author: { selectors: [".review-item-author"], attr: "title" },
  date: [".review-item-date"],
  verified: (block) => /Verified purchase:\s*Yes/i.test(visibleText(selectOne(block, ".review-attr")) ?? ""),
};

export function readEbayReviews({ root }: Page, url: string): ReviewsPage {
  const pager = readPager(root, { next: ["a.pagination__next", "a.next-btn"] }, pageFromUrl(url, "pgn"));
  return {
    reviews: parseReviewBlocks(root, REVIEWS),
    rating: parseLocaleNumber(
      firstAttr(root, ["[itemprop='ratingValue']"], "content") ??
        firstText(root, [".review--start--rating", ".ebay-review-start-rating"]),
    ),
    review_count: parseLocaleNumber(
      firstAttr(root, ["[itemprop='reviewCount']"], "content") ??
        firstText(root, [".ebay-reviews-count", ".review--count"]),
    ),
    page: pager.page,
    has_next_page: pager.has_next_page,
  };
}
