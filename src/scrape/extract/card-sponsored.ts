// Whether a result card is a paid placement, read from its short labels or its group's header, in any language, as the
// shopper sees them.
import { visibleText, type HTMLElement } from "./dom";
import { hiddenByStyle, rawAttr } from "./raw-attr";
import { readCardText, type TextBlock } from "./card-facts";

// "Sponsored" and its kin in the languages shops use, compared without spaces or case.
const SPONSORED = new Set([
  "sponsored",
  "sponsoredad",
  "ad",
  "ads",
  "advertisement",
  "promoted",
  "anzeige",
  "gesponsert",
  "werbung",
  "sponsorisé",
  "sponsorise",
  "annonce",
  "promocionado",
  "patrocinado",
  "anuncio",
  "publicidad",
  "sponsorizzato",
  "gesponsord",
  "sponsorowane",
  "reklama",
  "sponsorlu",
  "betaltplassering",
  "sponset",
  "sponsrad",
  "sponsoreret",
  "sponsoroitu",
  "mainos",
  "sponzorováno",
  "sponzorované",
  "sponsorizat",
  "hirdetés",
  "реклама",
  "スポンサー",
  "広告",
  "pr",
  "广告",
  "推广",
  "광고",
]);
// Latin look-alikes some sites print to keep scrapers from matching ("Аnzeige" with a Cyrillic А).
const LOOKALIKES: Record<string, string> = { а: "a", е: "e", о: "o", р: "p", с: "c", х: "x", А: "A", Е: "E", О: "O" };
const LOOKALIKE = new RegExp(`[${Object.keys(LOOKALIKES).join("")}]`);

const MARKED_SPONSORED = /^(?:true|1)$/i;

/** Whether a card carries a paid-placement label, read as the shopper sees it (hidden decoys left out). */
export function isSponsored({ blocks, card }: { blocks: TextBlock[]; card: HTMLElement }): boolean {
  // The card's own mark for the badge its style sheet draws (`data-sponsored="true"`, Falabella's "Patrocinado").
  if (MARKED_SPONSORED.test(rawAttr(card, "data-sponsored") ?? rawAttr(card, "data-is-sponsored") ?? "")) return true;
  // The label is read before whether it is hidden: few texts are one.
  if (
    blocks.some(
      (block) => block.text.length <= 30 && isSponsoredLabel(block.text) && !hiddenWithin(block.element, card),
    )
  )
    return true;
  // A label split into spans around hidden filler ("Sp" <b hidden/> "onsored") is one text of its parent.
  return blocks
    .filter((block) => block.text.length <= 12 && block.element.parentNode)
    .map((block) => block.element.parentNode!)
    .filter((parent) => parent.range[1] - parent.range[0] <= 400)
    .some((parent) => isSponsoredLabel(visibleText(parent) ?? ""));
}

const LONGEST_SPONSORED = Math.max(...[...SPONSORED].map((word) => word.length));

/** Whether a label says "Sponsored", compared without spaces or case and with look-alike letters read as Latin. */
function isSponsoredLabel(label: string): boolean {
  const squeezed = label.replace(/[\s·•|()[\]:-]/g, "");
  // Lower-casing never halves a text, so a longer one is no word of the list.
  if (squeezed.length > 2 * LONGEST_SPONSORED) return false;
  const latin = LOOKALIKE.test(squeezed) ? [...squeezed].map((ch) => LOOKALIKES[ch] ?? ch).join("") : squeezed;
  return SPONSORED.has(latin.toLowerCase());
}

function hiddenWithin(element: HTMLElement, card: HTMLElement): boolean {
  for (let current: HTMLElement | null = element; current && current !== card; current = current.parentNode) {
    if (hiddenByStyle(current) || rawAttr(current, "aria-hidden") === "true") return true;
  }
  return false;
}

// A group's header is a line or two ("야놀자 초이스+ AD"); a longer block before the cards is some other part of the page.
const MAX_HEADER_TEXT = 60;

// The levels a group's header may sit above its first card: the cards' own wrapper and the group's.
const HEADER_LEVELS = 2;

/**
 * Whether the cards' group opens with a header labelled as paid ("야놀자 초이스+ AD", "Sponsored") over cards that carry
 * no label of their own: the first element before the card that is no card of the list, among its siblings or, where
 * cards alone come before it, among its wrapper's.
 */
export function underPaidHeader(card: HTMLElement, members: Set<HTMLElement>): boolean {
  let node: HTMLElement | null = card;
  for (let level = 0; node && level <= HEADER_LEVELS; level++, node = node.parentNode) {
    let header = node.previousElementSibling;
    while (header && members.has(header)) header = header.previousElementSibling;
    if (!header) continue;
    return (visibleText(header) ?? "").length <= MAX_HEADER_TEXT && isSponsored(readCardText(header));
  }
  return false;
}
