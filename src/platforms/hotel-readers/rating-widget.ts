// A review site's rating widget that a hotel's own site embeds ("Traveler Rating: [4.0 image] Based
// on 683 traveler reviews"): the count from its line, the score from the rating image beside it,
// whose file is named for the score on a scale of five ("…/ratings/traveler/4.0-14827-5.png").
import { visibleText, type HTMLElement } from "../../scrape/extract/dom";
import { parseLocaleNumber } from "../../scrape/extract/money";
import { selectAll } from "../../scrape/extract/select";

// "Based on 683 traveler reviews", "Basado en 1.234 opiniones", "Basierend auf 56 Bewertungen".
const BASED_ON =
  /^(?:based on|basado en|basierend auf|basé sur|sur la base de|basato su|gebaseerd op)\s+(\d[\d.,]*)\s+\p{L}/iu;
// The score in a rating image's file name, out of five: "4.0-14827-5.png", "4_5-12345-5.gif".
const SCORE_IN_IMAGE = /\/(\d)[._]([05])-\d+-5\.(?:png|gif|svg)/i;
const MAX_LINE_SOURCE = 400;
const MAX_WIDGET_DEPTH = 2;

export interface WidgetRating {
  /** Out of five, as the image's name says. */
  score: number;
  count: number;
}

// A rating's label for screen readers: "4.2 out of 5 stars from 160 reviews. Very good."
const LABELLED =
  /^(\d(?:[.,]\d{1,2})?)\s+out of\s+5\s+stars?\s+(?:from|based on)\s+(\d[\d.,]*)\s+(?:reviews?|ratings?)\b/i;

/** The first rating labelled with its score of five and its count ("4.2 out of 5 stars from 160 reviews"). */
export function labelledRating(root: HTMLElement): WidgetRating | null {
  for (const element of selectAll(root, "[aria-label]")) {
    const match = LABELLED.exec(element.getAttribute("aria-label") ?? "");
    const [score, count] = [parseLocaleNumber(match?.[1]), parseLocaleNumber(match?.[2])];
    if (score !== null && count !== null && score <= 5) return { score, count };
  }
  return null;
}

/** The first "Based on N reviews" line with a rating image beside it, within a couple of levels. */
export function ratingWidget(root: HTMLElement): WidgetRating | null {
  for (const line of selectAll(root, "div, span, p")) {
    if (line.range[1] - line.range[0] > MAX_LINE_SOURCE) continue;
    const count = BASED_ON.exec(visibleText(line) ?? "")?.[1];
    const score = count ? scoreBeside(line) : null;
    if (count && score !== null) return { score, count: parseLocaleNumber(count)! };
  }
  return null;
}

function scoreBeside(line: HTMLElement): number | null {
  let current = line.parentNode as HTMLElement | null;
  for (let depth = 0; current?.tagName && depth < MAX_WIDGET_DEPTH; depth++) {
    for (const image of selectAll(current, "img[src]")) {
      const match = SCORE_IN_IMAGE.exec(image.getAttribute("src") ?? "");
      if (match) return Number(`${match[1]}.${match[2]}`);
    }
    current = current.parentNode as HTMLElement | null;
  }
  return null;
}
