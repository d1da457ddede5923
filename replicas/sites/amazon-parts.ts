// Markup pieces Amazon repeats across its product, search and review pages: the split
// `.a-price` element, star icons and review blocks (data-hook="review").
import { html, money, type Raw } from "../html.ts";
import { longDate, type ReviewItem } from "../reviews.ts";

/** Amazon's price element: the whole text in `.a-offscreen`, the visible split in aria-hidden spans. */
export function aPrice(amount: number, options: { size?: string; className?: string; strike?: boolean } = {}): Raw {
  const [whole, fraction] = amount.toFixed(2).split(".");
  const strike = options.strike ? html` data-a-strike="true"` : "";
  const className = options.className ? ` ${options.className}` : "";
  if (options.strike) {
    return html`<span class="a-price a-text-price${className}" data-a-size="${options.size ?? "s"}"${strike} data-a-color="secondary"><span class="a-offscreen">${money(amount)}</span><span aria-hidden="true">${money(amount)}</span></span>`;
  }
  return html`<span class="a-price aok-align-center${className}" data-a-size="${options.size ?? "xl"}" data-a-color="base"><span class="a-offscreen">${money(amount)}</span><span aria-hidden="true"><span class="a-price-symbol">$</span><span class="a-price-whole">${Number(whole).toLocaleString("en-US")}<span class="a-price-decimal">.</span></span><span class="a-price-fraction">${fraction}</span></span></span>`;
}

/** "4.4 out of 5 stars" */
export function starsText(rating: number): string {
  return `${rating.toFixed(1)} out of 5 stars`;
}

/** The icon class for a rating, rounded to half stars: 4.4 -> "a-star-4-5". */
export function starClass(rating: number, small = false): string {
  const halves = Math.round(rating * 2) / 2;
  const name = Number.isInteger(halves) ? `${halves}` : `${Math.floor(halves)}-5`;
  return small ? `a-icon a-icon-star-small a-star-small-${name}` : `a-icon a-icon-star a-star-${name}`;
}

export function starIcon(rating: number, small = false): Raw {
  return html`<i class="${starClass(rating, small)}"><span class="a-icon-alt">${starsText(rating)}</span></i>`;
}

/** One review as Amazon marks it up (product page "Top reviews" and the reviews pages). */
export function reviewBlock(review: ReviewItem, reviewsUrl: string): Raw {
  return html`<div id="${review.id}" data-hook="review" class="a-section review aok-relative">
  <div class="a-row a-spacing-mini"><a href="#" class="a-profile"><div class="a-profile-content"><span class="a-profile-name">${review.author}</span></div></a></div>
  <div class="a-row">
    <a data-hook="review-title" class="a-size-base a-link-normal review-title a-color-base review-title-content a-text-bold" href="${reviewsUrl}"><i data-hook="review-star-rating" class="${starClass(review.rating)} review-rating"><span class="a-icon-alt">${review.rating.toFixed(1)} out of 5 stars</span></i><span class="a-letter-space"></span><span>${review.title}</span></a>
  </div>
  <span data-hook="review-date" class="a-size-base a-color-secondary review-date">Reviewed in the United States on ${longDate(review.date)}</span>
  <div class="a-row a-spacing-mini review-data review-format-strip">${review.verified ? html`<span data-hook="avp-badge" class="a-size-mini a-color-state a-text-bold">Verified Purchase</span>` : ""}</div>
  <div class="a-row a-spacing-small review-data"><span data-hook="review-body" class="a-size-base review-text review-text-content"><span>${review.body}</span></span></div>
  ${review.helpful > 0 ? html`<span data-hook="helpful-vote-statement" class="a-size-base a-color-tertiary cr-vote-text">${review.helpful === 1 ? "One person" : `${review.helpful} people`} found this helpful</span>` : ""}
</div>`;
}

/** "1,234 ratings" */
export function ratingsText(count: number): string {
  return `${count.toLocaleString("en-US")} rating${count === 1 ? "" : "s"}`;
}
