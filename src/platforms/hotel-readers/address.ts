// Hotel addresses as one line and in parts, whichever way a page writes them: schema.org
// PostalAddress fields (booking.com puts the whole line in streetAddress and repeats the city
// and country beside it), microformat spans, or a single "street, postcode city, country" line.
import { isNode, textAt, type JsonLdNode } from "../../scrape/extract/json-ld";
import type { AddressParts, HotelRecord } from "../hotel-types";

type Address = Pick<HotelRecord, "address" | "address_parts">;

const NO_ADDRESS: Address = { address: null, address_parts: null };

const fold = (text: string) => text.toLowerCase().replace(/\s+/g, " ");

/** A part as a page prints it, without the separator it sets after it ("Dublin," in "Dublin, 2, Ireland"). */
const bare = (part: string | null | undefined) => part?.trim().replace(/\s*[,;]+$/, "") || null;

/** The one-line address of `parts`, each part once even when the street line already holds the others. */
export function addressOf(parts: AddressParts): Address {
  const street = bare(parts.street);
  const city = bare(parts.city);
  const postcode = bare(parts.postcode);
  const country = bare(parts.country);
  if (!street && !city && !postcode && !country) return NO_ADDRESS;
  const line = [street ?? ""];
  const missing = (part: string | null) => part !== null && !fold(line.join(", ")).includes(fold(part));
  const town = [missing(postcode) ? postcode : null, missing(city) ? city : null].filter(Boolean).join(" ");
  if (town) line.push(town);
  if (missing(country)) line.push(country!);
  const address = line.filter(Boolean).join(", ");
  // A street line that holds the whole address keeps only its first part as the street.
  const ownStreet = street && (city || country) && street.includes(",") ? street.split(",")[0]!.trim() : street;
  return { address, address_parts: { street: ownStreet, city, postcode, country } };
}

/** A schema.org `address`: a PostalAddress node, or plain text read as a one-line address. */
export function postalAddress(node: JsonLdNode | null): Address {
  const value = node?.["address"];
  if (typeof value === "string") return addressLine(value);
  if (!isNode(value)) return NO_ADDRESS;
  const country = value["addressCountry"];
  return addressOf({
    street: textAt(value, "streetAddress"),
    city: textAt(value, "addressLocality"),
    postcode: textAt(value, "postalCode"),
    country: isNode(country) ? textAt(country, "name") : textAt(value, "addressCountry"),
  });
}

// "10719 Berlin", "D02 X285 Dublin", "75001 Paris", "EC1A 1BB London": a postcode beside the town.
const POSTCODE_TOWN =
  /^((?:[A-Z]{1,2}\d[\dA-Z]?\s?\d[A-Z]{2})|(?:[A-Z]\d{2}\s?[A-Z\d]{4})|(?:\d{4,6}(?:-\d{3,4})?))\s+(.+)$/i;
const TOWN_POSTCODE = /^(.+?)\s+((?:[A-Z]\d{2}\s?[A-Z\d]{4})|(?:\d{4,6}))$/i;
// "Hermann-Höcherl-Straße 2", "Rua da Palma, 268-C", "221B Baker Street": a street with its number.
const STREET = /^\p{L}[\p{L}\p{M}.' -]{2,}\s\d{1,5}\s?[a-z]?(?:-\d+)?$|^\d{1,5}[a-z]?\s+\p{L}[\p{L}\p{M}.' -]{2,}$/iu;
const COUNTRY_WORDS = /^\p{L}[\p{L}\p{M} .'-]{2,28}$/u;

// A part of an address is a few words: a sentence that ends on a street's number ("… im Rübeländer Weg 6") is none.
const MAX_PART_WORDS = 6;
const isPart = (segment: string) => segment.split(" ").length <= MAX_PART_WORDS;

/**
 * An address written on one line between separators, as a page footer shows it:
 * "Johanniter-Hotel gGmbH | Hermann-Höcherl-Straße 2 | 93055 Regensburg | Deutschland | +49 …"
 * gives "Hermann-Höcherl-Straße 2, 93055 Regensburg, Deutschland", or between commas ("Leitachhang 10, 88637
 * Thalheim"). Null when no street stands right before a postcode and town.
 */
export function separatedAddress(text: string): string | null {
  const segments = text.split(/\s*[|•·,]\s*/).map((segment) => segment.replace(/\s+/g, " ").trim());
  for (let i = 1; i < segments.length; i++) {
    if (!isPart(segments[i]!) || !isPart(segments[i - 1]!)) continue;
    if (!POSTCODE_TOWN.test(segments[i]!) || !STREET.test(segments[i - 1]!)) continue;
    const country = segments[i + 1] && COUNTRY_WORDS.test(segments[i + 1]!) ? segments[i + 1]! : null;
    return [segments[i - 1], segments[i], country].filter(Boolean).join(", ");
  }
  return null;
}

// "Phone: 1-928-556-8666", "Tel. +49 …", "Fax": where a block's address lines end.
const CONTACT_LINE = /^(?:phone|tel|telephone|fax|téléphone|telefon|teléfono|e-?mail)\b/i;

/**
 * An address written on a block's lines, as a hotel's header prints it under the name:
 * "2015 South Beulah Blvd," / "Flagstaff, AZ 86001" / "Phone: …" gives "2015 South Beulah Blvd,
 * Flagstaff, AZ 86001". Null when no street line stands right before a town with its postcode.
 */
export function linedAddress(lines: string[]): string | null {
  const clean = lines
    .map((line) =>
      line
        .replace(/\s+/g, " ")
        .replace(/[\s,]+$/, "")
        .trim(),
    )
    .filter(Boolean);
  for (let i = 1; i < clean.length; i++) {
    const town = clean[i]!;
    if (CONTACT_LINE.test(town) || !(POSTCODE_TOWN.test(town) || TOWN_POSTCODE.test(town))) continue;
    if (!isPart(town) || !isPart(clean[i - 1]!) || !STREET.test(clean[i - 1]!)) continue;
    const next = clean[i + 1];
    const country = next && !CONTACT_LINE.test(next) && COUNTRY_WORDS.test(next) ? next : null;
    return [clean[i - 1], town, country].filter(Boolean).join(", ");
  }
  return null;
}

/**
 * A one-line address in parts: the last segment is the country when there are three or more,
 * a segment with a postcode gives postcode and town, the first one is the street.
 */
export function addressLine(text: string | null): Address {
  const segments = (text ?? "")
    .split(",")
    .map((segment) => segment.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  if (segments.length === 0) return NO_ADDRESS;
  // A card's lone place name ("Zandvoort", "Temple Bar") is where it is, not a street.
  if (segments.length === 1)
    return { address: segments[0]!, address_parts: { ...addressPartsNone(), city: segments[0]! } };
  const country = segments.length >= 3 ? segments.pop()! : null;
  let city: string | null = null;
  let postcode: string | null = null;
  for (let i = segments.length - 1; i > 0 && city === null; i--) {
    const match = POSTCODE_TOWN.exec(segments[i]!) ?? TOWN_POSTCODE.exec(segments[i]!);
    if (!match) continue;
    const leadingPostcode = POSTCODE_TOWN.test(segments[i]!);
    postcode = leadingPostcode ? match[1]! : match[2]!;
    city = leadingPostcode ? match[2]! : match[1]!;
    segments.splice(i, 1);
  }
  city ??= segments.length > 1 ? segments.pop()! : null;
  return {
    address: [...segments, [postcode, city].filter(Boolean).join(" "), country].filter(Boolean).join(", "),
    address_parts: { street: segments.join(", ") || null, city, postcode, country },
  };
}

const addressPartsNone = (): AddressParts => ({ street: null, city: null, postcode: null, country: null });

/** Whether an address names the street, the town and the country (else another source may complete it). */
export function isCompleteAddress(parts: AddressParts | null): boolean {
  return !!parts?.street && !!parts.city && !!parts.country;
}
