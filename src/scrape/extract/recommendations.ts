// A list that runs on into recommendations: "Already showing all properties that meet your filters" and
// "You may also like:" set between the cards of one list, the cards below it other shops' or hotels' picks.
import { cleanText, visibleText, type HTMLElement } from "./dom";

// Labels that open a strip of picks the visitor did not search for, in the languages of the corpus.
const RECOMMENDATIONS =
  /^(?:you (?:may|might) also like|recommended for you|similar (?:hotels|properties|products|items)|customers (?:also|who) |people also |vous aimerez aussi|(?:das )?könnte (?:dir|ihnen) auch gefallen|también te (?:puede|podría) (?:gustar|interesar)|você também pode gostar|ti potrebbe(?:ro)? (?:interessare|piacere)|вам также может понравиться|おすすめ)/i;
// Markup longer than this is no label between two cards.
const MAX_LABEL_SOURCE = 600;

/** The cards before the first label of recommendations set among them (all of them where there is none). */
export function beforeRecommendations(cards: HTMLElement[]): HTMLElement[] {
  for (let index = 1; index < cards.length; index++) {
    const previous = cards[index - 1];
    let sibling = cards[index]!.previousElementSibling as HTMLElement | null;
    for (; sibling && sibling !== previous; sibling = sibling.previousElementSibling as HTMLElement | null) {
      if (sibling.range[1] - sibling.range[0] > MAX_LABEL_SOURCE) continue;
      if (RECOMMENDATIONS.test(cleanText(visibleText(sibling)) ?? "")) return cards.slice(0, index);
    }
  }
  return cards;
}
