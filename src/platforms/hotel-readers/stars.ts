// A hotel's official stars where no structured node states them: marks written after its name
// ("Hotel Roma ****", "Hotel Roma★★★") or a star icon row labelled as the hotel's class
// ("Hotel class · 3.0 of 5 stars"). Review bubbles and guest scores are never stars.
import { visibleText, type HTMLElement } from "../../scrape/extract/dom";
import { selectAll } from "../../scrape/extract/select";

// A name followed by one to five star marks, then a space or the end: the marks are its class.
const STARS_AFTER_NAME = /^(.*?\S)\s*([*★]{1,5})(?=\s|$)/u;
// "3.0 of 5 stars", "4 out of 5 stars", "3 von 5 Sternen", "4 sur 5 étoiles", "3 de 5 estrellas".
const STARS_LABEL =
  /^(\d(?:[.,][05])?)\s+(?:of|out of|von|sur|de|su|van)\s+5\s+(?:stars?|sternen?|étoiles?|estrellas?|stelle|sterren)$/i;
// The words a page sets beside its star row when the row is the hotel's class, in several languages.
const CLASS_WORDS =
  /\bhotel ?class\b|\bstar rating\b|hotelklasse|hotelkategorie|\bsterne-?kategorie|catégorie|categor[ií]a|classificação|classe (?:de l'hôtel|hotel)/i;
// A line that is the hotel's class written out: "4-star hotel", "5 star resort", "4-Sterne-Hotel", "Hôtel 3 étoiles",
// "Hotel de 4 estrellas", "Hotel 4 stelle". A similar hotel's "Also a 4-star hotel, for $20 less" says more.
const CLASS_LINE =
  /^(?:(\d)[- ]?(?:stars?|sterne)[- ](?:hotel|resort|inn|lodge|guest ?house|apartment|hostel)|(?:h[ôo]tel|hotel de)\s+(\d)\s+(?:étoiles?|estrellas|estrelas|stelle))$/i;
// Elements whose source is longer cannot be one such line; checked before reading their text.
const MAX_LINE_SOURCE = 300;
const MAX_CLASS_DEPTH = 3;
const MAX_CLASS_TEXT = 200;

/** A name and the star marks written after it: "Hotel Roma ****" → { name: "Hotel Roma", stars: 4 }. */
export function starsAfterName(text: string | null): { name: string; stars: number } | null {
  const match = text ? STARS_AFTER_NAME.exec(text) : null;
  return match ? { name: match[1]!, stars: match[2]!.length } : null;
}

/** The stars of an icon row labelled "N of 5 stars" whose block a few levels up names the hotel's class. */
export function labelledClassStars(root: HTMLElement): number | null {
  for (const icon of selectAll(root, "[aria-label], [title]")) {
    const label = (icon.getAttribute("aria-label") ?? icon.getAttribute("title") ?? "").trim();
    const stars = STARS_LABEL.exec(label)?.[1];
    if (stars && namesClass(icon)) return Number(stars.replace(",", "."));
  }
  return null;
}

/** The stars of the first line that writes out the hotel's class ("4-star hotel"), where no mark or label gives them. */
export function writtenClassStars(root: HTMLElement): number | null {
  for (const line of selectAll(root, "span, div, p, li")) {
    if (line.range[1] - line.range[0] > MAX_LINE_SOURCE) continue;
    const match = CLASS_LINE.exec(visibleText(line) ?? "");
    if (match) return Number(match[1] ?? match[2]);
  }
  return null;
}

function namesClass(icon: HTMLElement): boolean {
  let current = icon.parentNode as HTMLElement | null;
  for (let depth = 0; current?.tagName && depth < MAX_CLASS_DEPTH; depth++) {
    const text = visibleText(current) ?? "";
    if (text.length > MAX_CLASS_TEXT) return false;
    if (CLASS_WORDS.test(text)) return true;
    current = current.parentNode as HTMLElement | null;
  }
  return false;
}
