// A product's review page read without knowing its site: the product's name from the page title
// ("Reviews of …", "Avis sur …"), the summary's average ("4.5 /5") and count ("75 verified
// ratings", "Verified Ratings (75)"), and each review block that shows stars and a date.
import type { Review, ReviewsPage } from "../types";
import { parseDisplayDate } from "./dates";
import { contains, innermost, visibleText, type HTMLElement } from "./dom";
import { metaTags, metaValue } from "./meta";
import { parseCount, parseLocaleNumber } from "./money";
import { pageFromUrl } from "./listing";
import { selectAll, selectOne } from "./select";
import { shortTexts } from "./visible";

// "Reviews of", "Customer reviews for", "Avis sur", "Bewertungen für", "Opiniones de", "Avaliações de", "Отзывы о".
const TITLE_PREFIX =
  /^(?:customer\s+)?(?:reviews?|ratings?(?:\s+(?:&|and)\s+reviews?)?)\s+(?:of|for|on)\s+|^(?:avis|commentaires)\s+(?:sur|de|du|des)\s+|^(?:bewertungen|rezensionen|kundenrezensionen)\s+(?:für|zu|von)\s+|^(?:opiniones|reseñas|valoraciones)\s+(?:de|del|sobre)\s+|^(?:avaliações|opiniões)\s+(?:de|do|da|sobre)\s+|^(?:recensioni|opinioni)\s+(?:di|del|della|su)\s+|^отзывы\s+(?:о|об|на)\s+/i;
const SITE_SUFFIX = /\s+[|–—]\s+[^|–—]+$/;
const OUT_OF_FIVE = /^(\d(?:[.,]\d+)?)\s*(?:\/|out of|of|von|sur|de|su|из)\s*5(?:\s+\S+)?$/i;
const RATING_WORDS = "ratings?|valoraciones|avaliações|bewertungen|notes|valutazioni|оцен\\w*";
const REVIEW_WORDS = "reviews?|reseñas|opiniones|rezensionen|avis|recensioni|отзыв\\w*";
const countText = (words: string) =>
  new RegExp(
    `^(?:verified\\s+|customer\\s+)?(?:${words})\\s*\\((\\d[\\d.,]*\\s*\\S{0,4})\\)$|^(\\d[\\d.,]*(?:\\s*[^\\s\\d]{1,4}\\.?)?)\\s+(?:verified\\s+|global\\s+|customer\\s+)?(?:${words})$`,
    "i",
  );
const AUTHOR = /^(?:by|von|par|por|di|от)\s+(.{1,60})$/i;
const VERIFIED = /verified (?:purchase|buyer)|achat vérifié|compra verificada|verifizierter kauf|acquisto verificato/i;
// A block named for one review ("review", "review-item", "comment-card"), or an <article>.
const REVIEW_NAMED = /^(?:review|comment)(?:[-_]?(?:item|card|block|box|entry|container))?$/i;

export function readReviewsPage(root: HTMLElement, url: string): ReviewsPage {
  const blocks = reviewBlocks(root);
  const inBlock = (element: HTMLElement) => blocks.some((block) => block === element || contains(block, element));
  const summary = shortTexts(root, (element) => !inBlock(element)).map(([, text]) => text);
  const firstCount = (words: string) => summary.map((text) => countText(words).exec(text)).find(Boolean) ?? null;
  const count = firstCount(RATING_WORDS) ?? firstCount(REVIEW_WORDS);
  const next = selectAll(root, 'link[rel="next"], a[rel="next"], a[aria-label]').find(
    (link) => link.getAttribute("rel") === "next" || /^next/i.test(link.getAttribute("aria-label") ?? ""),
  );
  return {
    product_title: productTitle(root),
    reviews: blocks.map(reviewOf),
    rating: parseLocaleNumber(summary.map((text) => OUT_OF_FIVE.exec(text)?.[1]).find(Boolean) ?? null),
    review_count: count ? parseCount(count[1] ?? count[2]) : null,
    page: pageFromUrl(url, "page", "pageNumber", "p"),
    has_next_page: next !== undefined,
  };
}

/** The product a review page is about, when its title says so ("Reviews of It 2160 - Dual SIM"). */
function productTitle(root: HTMLElement): string | null {
  const title = metaValue(metaTags(root), "og:title") ?? visibleText(selectOne(root, "title"));
  if (!title || !TITLE_PREFIX.test(title)) return null;
  return title.replace(TITLE_PREFIX, "").replace(SITE_SUFFIX, "").trim() || null;
}

/** Innermost blocks that show a star rating and a date: one review each. */
function reviewBlocks(root: HTMLElement): HTMLElement[] {
  const named = selectAll(root, "[class]").filter((element) =>
    (element.getAttribute("class") ?? "").split(/\s+/).some((name) => REVIEW_NAMED.test(name)),
  );
  const candidates = [...selectAll(root, "article"), ...named].filter(
    (block) => ratingOf(block) !== null && dateOf(block) !== null,
  );
  return innermost([...new Set(candidates)]).sort((a, b) => a.range[0] - b.range[0]);
}

const textsOf = (block: HTMLElement) =>
  selectAll(block, "*")
    .map((element) => visibleText(element))
    .filter((text): text is string => !!text && text.length <= 80);

const ratingOf = (block: HTMLElement) =>
  parseLocaleNumber(
    textsOf(block)
      .map((text) => OUT_OF_FIVE.exec(text)?.[1])
      .find(Boolean) ?? null,
  );
const dateOf = (block: HTMLElement) => textsOf(block).map(parseDisplayDate).find(Boolean) ?? null;

function reviewOf(block: HTMLElement): Review {
  const texts = textsOf(block);
  const paragraphs = selectAll(block, "p")
    .map((p) => visibleText(p))
    .filter((text): text is string => !!text && !AUTHOR.test(text));
  return {
    id: block.id || null,
    title: visibleText(selectOne(block, "h3, h4, h5")),
    body: paragraphs.sort((a, b) => b.length - a.length)[0] ?? null,
    rating: ratingOf(block),
    author: texts.map((text) => AUTHOR.exec(text)?.[1]).find(Boolean) ?? null,
    date: dateOf(block),
    verified: VERIFIED.test(visibleText(block) ?? "") ? true : null,
  };
}
