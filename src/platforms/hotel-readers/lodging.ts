// A hotel page's general readers, the ones every site ships whatever its own markup: a schema.org
// lodging node (JSON-LD, or microdata read as JSON-LD), meta tags and the main heading. Adapters start from their record
// (`lodgingDetail`) and override what their own markup holds; `explain=true` names each reader.
import { firstText, loadHtml, type HTMLElement, visibleText } from "../../scrape/extract/dom";
import {
  findByType,
  isNode,
  type JsonLdNode,
  jsonLdNodes,
  nodeAt,
  nodeTypes,
  textAt,
  urlsAt,
} from "../../scrape/extract/json-ld";
import { metaTags, metaValue } from "../../scrape/extract/meta";
import { microdataNodes } from "../../scrape/extract/microdata";
import { isEmpty } from "../../scrape/extract/record";
import type { HotelDetail } from "../hotel-types";
import { postalAddress } from "./address";
import { emptyHotel, scoreOutOfTen, structuredNumber } from "./extract";

/** Text with HTML entities decoded (JSON-LD values often carry `&#39;`). */
function decodeEntities(text: string | null): string | null {
  return text === null ? null : visibleText(loadHtml(text));
}

/** Coordinates from the place:location / geo.position meta tags. */
function coordinatesFromMeta(tags: Map<string, string[]>): { latitude: number | null; longitude: number | null } {
  const position = metaValue(tags, "geo.position", "icbm")?.split(/[;,]/) ?? [];
  return {
    latitude: structuredNumber(metaValue(tags, "place:location:latitude") ?? position[0]),
    longitude: structuredNumber(metaValue(tags, "place:location:longitude") ?? position[1]),
  };
}

// Top-level lodging types first; "Accommodation" is left out as it names rooms inside a hotel.
export const LODGING_TYPES = [
  "Hotel",
  "LodgingBusiness",
  "VacationRental",
  "Hostel",
  "Motel",
  "Resort",
  "BedAndBreakfast",
  "Apartment",
  "House",
];

/** A reader's view of a hotel page: the fields it gives, named as `explain=true` names the reader. */
export interface HotelReading {
  source: string;
  values: Partial<HotelDetail>;
}

/** What a page's schema.org lodging node says; the score scaled by its `bestRating`, else by `reviewScale`. */
function jsonLdLodging(node: JsonLdNode | null, reviewScale: number): Partial<HotelDetail> {
  const rating = nodeAt(node, "aggregateRating");
  const geo = nodeAt(node, "geo");
  return {
    name: decodeEntities(textAt(node, "name")),
    ...postalAddress(node),
    property_type: node ? propertyType(nodeTypes(node)) : null,
    latitude: structuredNumber(node?.["latitude"] ?? geo?.["latitude"]),
    longitude: structuredNumber(node?.["longitude"] ?? geo?.["longitude"]),
    star_rating: structuredNumber(nodeAt(node, "starRating")?.["ratingValue"]),
    review_score: scoreOutOfTen(
      structuredNumber(rating?.["ratingValue"]),
      structuredNumber(rating?.["bestRating"]) ?? reviewScale,
    ),
    review_count: structuredNumber(rating?.["ratingCount"] ?? rating?.["reviewCount"]),
    image_url: urlsAt(node, "image")[0] ?? null,
    amenities: amenityNames(node?.["amenityFeature"]),
    description: decodeEntities(textAt(node, "description")),
  };
}

/** What the meta tags say of a place: its coordinates and its share image. */
function metaLodging(tags: Map<string, string[]>): Partial<HotelDetail> {
  return { ...coordinatesFromMeta(tags), image_url: metaValue(tags, "og:image") };
}

/**
 * The general readers of a hotel page, most trusted first: its schema.org lodging node (JSON-LD),
 * its meta tags and the text of the first of `headingSelectors` that has some.
 */
export function lodgingReadings(
  root: HTMLElement,
  reviewScale: number,
  headingSelectors = ["h1"],
  types = LODGING_TYPES,
): HotelReading[] {
  return [
    { source: "json-ld", values: jsonLdLodging(findByType(jsonLdNodes(root), types), reviewScale) },
    { source: "microdata", values: jsonLdLodging(findByType(microdataNodes(root), types), reviewScale) },
    { source: "meta", values: metaLodging(metaTags(root)) },
    { source: "main heading", values: { name: firstText(root, headingSelectors) } },
  ];
}

/**
 * A hotel page's record from what every site ships: a schema.org lodging node (JSON-LD) and
 * meta tags. The review score is scaled by the node's `bestRating`, else by `reviewScale`.
 * Without a node the name is the text of the first of `headingSelectors` (by default the H1) that has some.
 * Adapters override the fields their own markup holds.
 */
export function lodgingDetail(
  root: HTMLElement,
  url: string,
  reviewScale: number,
  headingSelectors = ["h1"],
  types = LODGING_TYPES,
): HotelDetail {
  const [jsonLd, microdata, meta, heading] = lodgingReadings(root, reviewScale, headingSelectors, types).map(
    (r) => r.values,
  );
  // A page marks its place in one dialect or the other; where both, JSON-LD's values come first.
  const ld = { ...definedOf(microdata!), ...definedOf(jsonLd!) };
  return {
    ...emptyHotel(),
    ...ld,
    name: ld.name ?? heading!.name ?? null,
    latitude: ld.latitude ?? meta!.latitude ?? null,
    longitude: ld.longitude ?? meta!.longitude ?? null,
    image_url: ld.image_url ?? meta!.image_url ?? null,
    booking_url: url,
    rooms: [],
    reviews: [],
    description: ld.description ?? null,
  };
}

/** The fields of a reading that hold a value (an empty list holds none). */
const definedOf = (values: Partial<HotelDetail>): Partial<HotelDetail> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => !isEmpty(value)));

/** The kind of property a schema.org type names: Hotel → hotel, VacationRental → home. */
export function propertyType(types: string[]): string | null {
  for (const type of types) {
    if (type === "VacationRental" || type === "House") return "home";
    if (type === "LodgingBusiness") return "hotel";
    const known = ["Hotel", "Hostel", "Motel", "Resort", "BedAndBreakfast", "Apartment"].find((t) => t === type);
    if (known) return known === "BedAndBreakfast" ? "guesthouse" : known.toLowerCase();
  }
  return null;
}

/** LocationFeatureSpecification names whose value is not false. */
function amenityNames(features: unknown): string[] {
  const list = Array.isArray(features) ? features : [features];
  const names = list
    .filter(isNode)
    .filter((feature) => !["false", "0"].includes(String(feature["value"]).toLowerCase()))
    .map((feature) => textAt(feature, "name"))
    .filter((name): name is string => name !== null);
  return [...new Set(names)];
}
