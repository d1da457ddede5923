// Amazon's review blocks (on the product page and on /product-reviews/{asin}) and the review page's
// summary and pager.
import { cleanText, firstText } from "../../scrape/extract/dom";
import { parseReviewBlocks, pageFromUrl, readField, readPager, type ReviewSpec } from "../../scrape/extract/listing";
import { parseLocaleNumber } from "../../scrape/extract/money";
import type { Page } from "../../scrape/extract/page";
import { selectOne } from "../../scrape/extract/select";
import type { ReviewsPage } from "../../scrape/types";

export const REVIEWS: ReviewSpec = {
  blocks: 'div[data-hook="review"]',
  id: (block) => cleanText(block.id),
  title: ['[data-hook="review-title"] > span:not(.a-letter-space)', '[data-hook="review-title"]'],
  body: ['[data-hook="review-body"] [data-hook="review-collapsed"]', '[data-hook="review-body"]'],
  rating: ['[data-hook="review-star-rating"] .a-icon-alt', '[data-hook="cmps-review-star-rating"] .a-icon-alt'],
  author: [".a-profile-name"],
  date: ['[data-hook="review-date"]'],
  verified: (block) => selectOne(block, '[data-hook="avp-badge"], [data-hook="avp-badge-linkless"]') !== null,
};

export function readAmazonReviews({ root }: Page, url: string): ReviewsPage {
  const pager = readPager(
    root,
    { next: ["li.a-last:not(.a-disabled) a", "li.a-last"] },
    pageFromUrl(url, "pageNumber"),
  );
  return {
    product_title: firstText(root, ['h1 [data-hook="product-link"]', '[data-hook="product-link"]']),
    reviews: parseReviewBlocks(root, REVIEWS),
    rating: parseLocaleNumber(
      readField(root, ['[data-hook="rating-out-of-text"]', '[data-hook="average-star-rating"] .a-icon-alt']),
    ),
    review_count: parseLocaleNumber(
      readField(root, ['[data-hook="total-review-count"]', '[data-hook="cr-filter-info-review-rating-count"]']),
    ),
    page: pager.page,
    has_next_page: pager.has_next_page,
  };
}
