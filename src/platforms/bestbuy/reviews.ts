// Best Buy's review items (on the product page and on /site/reviews/…/{sku}) and the review page's
// rating summary and pager.
import { cleanText, firstText, visibleText } from "../../scrape/extract/dom";
import { pageFromUrl, parseReviewBlocks, readPager, type ReviewSpec } from "../../scrape/extract/listing";
import { parseLocaleNumber } from "../../scrape/extract/money";
import type { Page } from "../../scrape/extract/page";
import type { ReviewsPage } from "../../scrape/types";

/** "Rating 4.7 out of 5 stars with 166 reviews" → [4.7, 166]. */
export function ratingSummary(text: string | null): [number | null, number | null] {
  const match = text?.match(/([\d.,]+)\s+out of 5.*?([\d,.]+)\s+reviews?/i);
  return match ? [parseLocaleNumber(match[1]), parseLocaleNumber(match[2])] : [null, null];
}

export const REVIEWS: ReviewSpec = {
  blocks: "li.review-item",
  id: (block) => cleanText(block.getAttribute("id") ?? block.getAttribute("data-review-id")),
  title: [".review-title", "h4"],
  body: [".ugc-review-body p", ".review-content p"],
  rating: [".c-ratings-reviews p.visually-hidden", ".c-review-average"],
  author: [".ugc-author strong", ".review-item-header strong"],
  date: { selectors: [".submission-date"], attr: "title" },
  verified: (block) => /verified purchase/i.test(visibleText(block) ?? ""),
};

export function readBestbuyReviews({ root }: Page, url: string): ReviewsPage {
  const [rating, count] = ratingSummary(
    firstText(root, [".ugc-rating-summary p.visually-hidden", ".c-ratings-reviews p.visually-hidden"]),
  );
  const pager = readPager(root, { next: [".page-arrow.next a", "a.next-page"] }, pageFromUrl(url, "page"));
  return {
    reviews: parseReviewBlocks(root, REVIEWS),
    rating,
    review_count: count,
    page: pager.page,
    has_next_page: pager.has_next_page,
  };
}
