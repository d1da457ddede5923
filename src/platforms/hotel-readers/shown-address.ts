// A hotel's address as its own page shows it, for pages whose structured data gives none or only a street:
// microformat spans, a footer's line between separators, a header's lines, a line labelled "Address:", the text
// beside a map pin, a link to a map whose text is the address.
import { loadHtml, visibleText, type HTMLElement } from "../../scrape/extract/dom";
import { within } from "../../scrape/extract/heading-blocks";
import { selectAll, selectOne } from "../../scrape/extract/select";
import type { HotelDetail } from "../hotel-types";
import { addressLine, linedAddress, separatedAddress } from "./address";

type ShownAddress = Pick<HotelDetail, "address" | "address_parts">;

/**
 * The address the page shows: its microformat's, else (where the structured data names none) a footer's or a
 * header's line, a line labelled as the address, the text beside a map pin, a map link's text.
 */
export function shownAddress(root: HTMLElement, structured: boolean): ShownAddress | null {
  const microformat = microformatAddress(root);
  if (microformat || structured) return microformat;
  const line = footerAddress(root) ?? headerAddress(root);
  if (line) return line;
  const written = onlyOne(labelledAddresses(root)) ?? onlyOne(pinnedAddresses(root)) ?? onlyOne(mapLinkAddresses(root));
  return written ? { address: written, address_parts: addressLine(written).address_parts } : null;
}

/** An address written in microformat spans (street-address, locality, country-name), as the page shows it. */
function microformatAddress(root: HTMLElement): ShownAddress | null {
  const street = selectOne(root, ".street-address");
  const block = street?.parentNode as HTMLElement | undefined;
  const line = visibleText(block)?.replace(/\s*,\s*(?=,|$)/g, "");
  if (!line || line.length > 200) return null;
  return { address: line, address_parts: addressLine(line).address_parts };
}

// Elements whose source is longer cannot be one address line; checked before reading their text.
const MAX_LINE_SOURCE = 2000;

/** An address line between separators ("Street 2 | 93055 Town | Country", "Street 2, 93055 Town"), for pages with no other. */
function footerAddress(root: HTMLElement): ShownAddress | null {
  return innermostAddress(selectAll(root, "address, li, p, span"), (element) =>
    separatedAddress(visibleText(element) ?? ""),
  );
}

/** An address on the lines of a short paragraph or box (street, then town and postcode, then the phone), for pages with no other. */
function headerAddress(root: HTMLElement): ShownAddress | null {
  return innermostAddress(selectAll(root, "address, p, div"), (element) =>
    linedAddress(element.innerHTML.split(/<br\s*\/?>/i).map((part) => visibleText(loadHtml(part)) ?? "")),
  );
}

/**
 * The address `read` finds in the innermost of `elements` (in document order) that holds one: a box's own label
 * ("Anschrift" over `<address>`) and a paragraph's other lines (the owner's name, the phone) stay out. An outer
 * element's address that only adds a part after the inner one's (the country after a span of street and town) stands.
 */
function innermostAddress(elements: HTMLElement[], read: (element: HTMLElement) => string | null): ShownAddress | null {
  let found: { element: HTMLElement; line: string } | null = null;
  for (const element of elements) {
    if (found && !within(element, found.element)) break;
    if (element.range[1] - element.range[0] > MAX_LINE_SOURCE) continue;
    const line = read(element);
    if (line && !found?.line.startsWith(line)) found = { element, line };
  }
  return found && { address: found.line, address_parts: addressLine(found.line).address_parts };
}

// "Address: 19 Natal Street, Johannesburg", "Adresse : 61 Le cous, 79700 Mauléon", "住所：…", "Địa chỉ: …".
const ADDRESS_LABEL =
  /^(?:address|adresse|anschrift|adres|adresa|direcci[óo]n|indirizzo|endere[çc]o|morada|địa chỉ|alamat|ที่อยู่|住所|地址|주소|адрес|العنوان|כתובת)\s*[:：]\s*(.+)$/iu;
// A map pin drawn beside the address: `fa-map-marker`, `ti-location-pin`, `lucide-map-pin`, `icon-location`.
const PIN_CLASS = /(?:^|[\s_-])(?:map-?marker|marker|location|pin|geo|address)(?:$|[\s_-])/i;
// A link to a map service, whose text is the place's address.
const MAP_LINK =
  /^(?:https?:)?\/\/(?:(?:www\.|maps\.)?google\.[a-z.]+\/maps|maps\.google\.|goo\.gl\/maps|maps\.app\.goo\.gl|maps\.apple\.com|(?:www\.)?bing\.com\/maps|(?:www\.)?openstreetmap\.org|yandex\.[a-z]+\/maps|map\.naver\.com|map\.kakao\.com|map\.baidu\.com|(?:ditu\.)?amap\.com)/i;
// A reviewer's page on the map service ("google.com/maps/contrib/1054…", its text the reviewer's name): no place.
const MAP_PROFILE = /\/maps\/contrib\//;
const MAX_ADDRESS = 150;
const MAX_ADDRESS_WORDS = 20;
const LABEL_TAGS = "p, li, div, span, td, dd, address, a";

/** A text that reads as one address: short, with a number (a street's, a postcode) or parts between commas. */
function addressText(text: string | null | undefined, needsNumber: boolean): string | null {
  const line = text
    ?.replace(/\s*\([^)]*\)?\s*$/, "")
    .replace(/\s+/g, " ")
    .replace(/[\s,;]+$/, "")
    .trim();
  if (!line || line.length < 6 || line.length > MAX_ADDRESS || line.split(" ").length > MAX_ADDRESS_WORDS) return null;
  if (/https?:|@|\+?\d[\d\s()-]{8,}\d/.test(line)) return null;
  return /\p{N}/u.test(line) || (!needsNumber && line.includes(",")) ? line : null;
}

/** The element's lines (split where it breaks them) joined by commas: "Street 29<br>Centro, Santiago" as one line. */
const linesOf = (element: HTMLElement) =>
  element.innerHTML
    .split(/<br\s*\/?>/i)
    .map((part) => visibleText(loadHtml(part))?.replace(/[\s,]+$/, ""))
    .filter(Boolean)
    .join(", ");

/** The addresses the page labels as such ("Address: …"), each from the innermost element that holds it. */
function labelledAddresses(root: HTMLElement): string[] {
  const found = selectAll(root, LABEL_TAGS).flatMap((element): [HTMLElement, string][] => {
    if (element.range[1] - element.range[0] > MAX_LINE_SOURCE) return [];
    const value = ADDRESS_LABEL.exec(visibleText(element) ?? "")?.[1];
    const line = addressText(value, false);
    return line ? [[element, line]] : [];
  });
  // A box that opens with the labelled line holds the phone and more after it: its inner line is the address.
  return found
    .filter(([element]) => !found.some(([inner]) => inner !== element && within(inner, element)))
    .map(([, line]) => line);
}

/** The addresses written beside a map pin: the pin's parent's text. */
function pinnedAddresses(root: HTMLElement): string[] {
  return selectAll(root, "i, span, svg, img, em").flatMap((pin) => {
    if (visibleText(pin) || !PIN_CLASS.test(pin.getAttribute("class") ?? "")) return [];
    const parent = pin.parentNode;
    if (!parent?.tagName || parent.range[1] - parent.range[0] > MAX_LINE_SOURCE) return [];
    const line = addressText(linesOf(parent), true);
    return line ? [line] : [];
  });
}

/** The addresses written as a link to a map service. */
function mapLinkAddresses(root: HTMLElement): string[] {
  return selectAll(root, "a").flatMap((link) => {
    const href = link.getAttribute("href")?.trim() ?? "";
    if (!MAP_LINK.test(href) || MAP_PROFILE.test(href)) return [];
    const line = addressText(visibleText(link), true);
    return line ? [line] : [];
  });
}

/** The one address of several readings, or null where they name different places (a chain's list of hotels). */
function onlyOne(addresses: string[]): string | null {
  const distinct = new Set(addresses);
  return distinct.size === 1 ? addresses[0]! : null;
}
