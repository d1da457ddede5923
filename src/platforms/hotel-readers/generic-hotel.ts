// Any hotel or place page by URL (a hotel's own booking engine, an attraction's page), read with
// the general readers only, like generic.ts: a schema.org lodging or place node, the page's room
// prices (shown in the page's currency) before the node's offers, then an amount labelled with its
// nights; the heading that agrees with the page title (star marks after it are the class), the
// address as the page shows it (shown-address.ts), an embedded review widget's score and count, and
// the one pair of coordinates the page's inline state holds.
import { detectChallenge } from "../../scrape/extract/challenge";
import { lettersAndDigits, visibleText, type HTMLElement } from "../../scrape/extract/dom";
import { findByType, jsonLdNodes, nodeAt, nodeTypes, textAt, type JsonLdNode } from "../../scrape/extract/json-ld";
import { metaTags, metaValue } from "../../scrape/extract/meta";
import { microdataNodes } from "../../scrape/extract/microdata";
import { moneyFromStructured, type MoneyHint } from "../../scrape/extract/money";
import { readPage } from "../../scrape/extract/page";
import { PRODUCT_TYPES } from "../../scrape/extract/product-ld";
import { roomPrices } from "../../scrape/extract/room-prices";
import { labelledStayPrices } from "../../scrape/extract/stay-prices";
import { selectAll, selectOne } from "../../scrape/extract/select";
import type { HotelDetail } from "../hotel-types";
import type { Money } from "../../scrape/types";
import { nightsBetween, priceBasisOf, scoreOutOfTen } from "./extract";
import { labelledRating, ratingWidget } from "./rating-widget";
import { shownAddress } from "./shown-address";
import { labelledClassStars, starsAfterName, writtenClassStars } from "./stars";
import { LODGING_TYPES, lodgingDetail } from "./lodging";
import type { HotelPageReader } from "../types";

// A place that is no lodging (an attraction, a tourist office) still has a name, an address and ratings.
const PLACE_TYPES = [...LODGING_TYPES, "LocalBusiness", "TouristAttraction", "LandmarksOrHistoricalBuildings", "Place"];
// schema.org: "If bestRating is omitted, 5 is assumed."
const SCHEMA_RATING_SCALE = 5;

type PricedStay = { price: Money; basis: "night" | "stay" | null };

export function parseAnyHotel(html: string, url: string): HotelDetail {
  const page = readPage(html, url);
  const detail = lodgingDetail(page.root, url, SCHEMA_RATING_SCALE, [], PLACE_TYPES);
  const node = findByType(jsonLdNodes(page.root), PLACE_TYPES) ?? findByType(microdataNodes(page.root), PLACE_TYPES);
  const stay =
    cheapestRoom(page.root, page.hint) ?? cheapestOffer(node, page.hint) ?? cheapestLabelled(page.root, page.hint);
  const coordinates = detail.latitude === null ? onlyCoordinates(html) : null;
  // The address as shown, where it agrees with the structured street (which may lack the town).
  const shown = shownAddress(page.root, detail.address !== null);
  const street = detail.address_parts?.street;
  const address = shown && (!detail.address || (street && shown.address?.includes(street))) ? shown : null;
  const name = detail.name ?? titleOfPage(page.root);
  const marked = starsAfterName(name);
  const widget = detail.review_score === null ? (ratingWidget(page.root) ?? labelledRating(page.root)) : null;
  const hotel: HotelDetail = {
    ...detail,
    name: marked?.name ?? name,
    star_rating: detail.star_rating ?? marked?.stars ?? labelledClassStars(page.root) ?? writtenClassStars(page.root),
    review_score: widget ? scoreOutOfTen(widget.score, SCHEMA_RATING_SCALE) : detail.review_score,
    review_count: widget ? widget.count : detail.review_count,
    ...(address ?? {}),
    ...(coordinates ?? {}),
    // A "from" price with no word on its basis is read as a hotel page prices rooms: by the night.
    price_per_night: stay && stay.basis !== "stay" ? stay.price.amount : null,
    total_price: stay?.basis === "stay" ? stay.price.amount : null,
    currency: stay?.price.currency ?? null,
  };
  // A page that shows no place to stay names none: the hotel routes answer it `no_data`, after the browser's try.
  return showsALodging(hotel, node !== null, page.root) ? hotel : { ...hotel, name: null };
}

// Words that name a place to stay, in the languages of the corpus.
const LODGING_WORDS =
  /\b(?:hotels?|hoteles|hot[ée]is|hostel\w*|motels?|inns?|resorts?|suites?|apartments?|apartamentos?|lodges?|lodging|accommodations?|guest ?houses?|b&b|bed (?:and|&) breakfast|villas?|camp(?:site|ground|ing)s?|chalets?|cottages?|pensions?|pensione|ryokan|hostal|albergo|alberghi|agriturismo|gasthof|gasthaus|herberge|unterk[üu]nfte|pousada|posada|auberge|h[ôo]tel|ferien(?:wohnung|haus|häuser|appartement)\w*|holiday (?:homes?|houses?|flats?|apartments?|cottages?|lets?|rentals?)|vacation (?:homes?|rentals?)|homestays?|beach ?houses?|appartament[oi]|case? vacanze|g[îi]tes?|chambres? d['’]h[ôo]tes|vakantie(?:huis|huizen|woning\w*)|feriehus\w*|ferielejlighed\w*|casa rural)\b|ホテル|旅館|民宿|キャンプ場|酒店|宾馆|饭店|住宿|호텔|숙소|отел|гостиниц|хостел/i;

/** Whether a text names a place to stay ("Hotels in Zurich", "… Resort Hotel & Spa", "Отели Оренбурга"). */
export const namesLodging = (text: string) => LODGING_WORDS.test(text);

// A room the hotel sells may be typed a product too (`["HotelRoom", "Product"]`): the hotel's, not a shop's.
const ROOM_TYPES = new Set(["hotelroom", "room", "suite", "accommodation"]);

/**
 * Whether the page read for a hotel shows a place to stay (or another place its node describes): it
 * names one, holds no shop's product (a product's page has a name, a price, an address and
 * coordinates too), and shows what only lodging has — a lodging or place node, rooms, a price for a
 * night or a stay, a class in stars — or it or its title calls it lodging ("… Resort Hotel & Spa",
 * "… - Hostelworld").
 */
function showsALodging(hotel: HotelDetail, placeNode: boolean, root: HTMLElement): boolean {
  if (!hotel.name) return false;
  const productNode = findByType(jsonLdNodes(root), PRODUCT_TYPES);
  const product =
    (productNode !== null && !nodeTypes(productNode).some((type) => ROOM_TYPES.has(type.toLowerCase()))) ||
    selectOne(root, '[itemtype*="schema.org/Product"]') !== null;
  if (product) return false;
  return (
    placeNode ||
    hotel.property_type !== null ||
    hotel.rooms.length > 0 ||
    hotel.price_per_night !== null ||
    hotel.total_price !== null ||
    hotel.star_rating !== null ||
    LODGING_WORDS.test(hotel.name) ||
    LODGING_WORDS.test(visibleText(selectOne(root, "title")) ?? "")
  );
}

/** The cheapest room the page lists, and whether its list prices nights or the stay ("Stay total"). */
function cheapestRoom(root: HTMLElement, hint: MoneyHint): PricedStay | null {
  const cheapest = roomPrices(root, hint).sort((a, b) => a.price.amount - b.price.amount)[0];
  return cheapest ? { price: cheapest.price, basis: priceBasisOf(cheapest.context) } : null;
}

// A price for one guest, a pet or an extra bed on top of the room's, a fee, or a night's rate for a longer stay than
// the one asked ("Stay 2 extra nights for an avg nightly rate of TRY 2,528"): no price of the room asked for.
const NO_ROOM_PRICE =
  /\b(?:per (?:person|guest|adult|pet)|pro person|par personne|por persona|each additional|extra (?:adult|person|guest|bed|nights?)|supplements?|surcharge|aufschlag|zuschlag|weiteren? (?:erwachsene|person)\w*|suppl[ée]ments?)\b|1人|人あたり|\/人|ペット/i;

/** The cheapest amount the page labels with nights or a stay ("Total for 1 Night"), where nothing else prices a room. */
function cheapestLabelled(root: HTMLElement, hint: MoneyHint): PricedStay | null {
  const saysBasis = (text: string) => priceBasisOf(text) !== null && !NO_ROOM_PRICE.test(text);
  const cheapest = labelledStayPrices(root, saysBasis, hint).sort((a, b) => a.price.amount - b.price.amount)[0];
  return cheapest ? { price: cheapest.price, basis: priceBasisOf(cheapest.label) } : null;
}

/** The cheapest of a lodging node's `makesOffer`; an offer from check-in to a later check-out prices the stay. */
function cheapestOffer(node: JsonLdNode | null, hint: MoneyHint): PricedStay | null {
  const offers = [node?.["makesOffer"]]
    .flat()
    .filter((offer): offer is JsonLdNode => !!offer && typeof offer === "object");
  const priced = offers.flatMap((offer) => {
    const spec = nodeAt(offer, "priceSpecification");
    const price = moneyFromStructured(
      offer["price"] ?? spec?.["price"],
      offer["priceCurrency"] ?? spec?.["priceCurrency"],
      hint,
    );
    const nights = nightsBetween(textAt(offer, "checkinTime"), textAt(offer, "checkoutTime"));
    return price && price.amount > 0 ? [{ price, basis: nights === null ? null : nights > 1 ? "stay" : "night" }] : [];
  }) as PricedStay[];
  return priced.sort((a, b) => a.price.amount - b.price.amount)[0] ?? null;
}

/**
 * The page's name when no structured node gives one: the H1 that the `<title>` repeats, unless the H1 names no
 * lodging and a part of the title does (a room's or a section's page under its site's name: "Habitación Doble |
 * Hostal San Jorge"); else that part, else the title's first part (a booking engine's H1s are steps: "How many
 * guests may we welcome?"), or the name its lenticular brackets set apart.
 */
const MIN_NAME_LETTERS = 3;

function titleOfPage(root: HTMLElement): string | null {
  const title = visibleText(selectOne(root, "title")) ?? metaValue(metaTags(root), "og:title");
  const headings = selectAll(root, "h1").map((heading) => visibleText(heading));
  // Compared by letters and digits alone: the title may drop the heading's dashes ("Slidell - North Shore" in
  // "Slidell North Shore"); a heading of marks alone ("—", "★★★★") names nothing.
  const agreed = headings.find(
    (heading) =>
      heading &&
      title &&
      lettersAndDigits(heading).length >= MIN_NAME_LETTERS &&
      lettersAndDigits(title).includes(lettersAndDigits(heading)),
  );
  const parts = (title ?? "")
    .split(TITLE_PARTS)
    .map((part) => part.trim())
    .filter(Boolean);
  const lodgingPart = parts.find(namesALodging);
  if (agreed && (namesALodging(agreed) || !lodgingPart)) return agreed;
  const lead = lodgingPart ?? parts[0];
  return lead ? (BRACKETED_NAME.exec(lead)?.[1] ?? lead) : (headings.find(Boolean) ?? null);
}

const TITLE_PARTS = /\s+[|–—·•-]\s+|\s*｜\s*/;

const ANY_LODGING_WORD = new RegExp(LODGING_WORDS.source, "gi");
// A kind of lodging followed by where it is describes the place ("Ferienwohnung in Oldenburg", "Luxury Hotel in Mayfair").
const KIND_AND_PLACE = new RegExp(`(?:${LODGING_WORDS.source})\\s+(?:in|im|en|ad|at|near)\\s`, "i");

/**
 * Whether a title's part names one place to stay: a kind of lodging and a name beside it ("Kakapo Lodge", "Hostal San
 * Jorge"), not the kind alone ("Accommodation") or a kind and its town ("Ferienwohnung in Oldenburg").
 */
function namesALodging(text: string): boolean {
  return (
    namesLodging(text) &&
    !KIND_AND_PLACE.test(text) &&
    lettersAndDigits(text.replace(ANY_LODGING_WORD, "")).length >= MIN_NAME_LETTERS
  );
}

// A name set in lenticular brackets before the rest of a title ("【窩心の家】官網｜民宿｜宜蘭蘇澳").
const BRACKETED_NAME = /^【([^】]+)】/;

// "latitude":37.58,"longitude":22.88 or lat: 37.58, lng: 22.88 in an inline script's state.
const COORDINATE_PAIR =
  /["']?(?:latitude|lat)["']?\s*[:=]\s*["']?(-?\d{1,3}\.\d+)["']?\s*,\s*["']?(?:longitude|lng|lon)["']?\s*[:=]\s*["']?(-?\d{1,3}\.\d+)/gi;
// A map's pin in its address: a static map's `markers=…|30.3117,-89.8295`, a map link's `ll=30.3117,-89.8295`.
const MAP_PIN = /[?&;](?:markers=[^"'&\s]*?\||ll=)(-?\d{1,3}\.\d{3,}),\s*(-?\d{1,3}\.\d{3,})/gi;

/** The coordinates the page's state or its map's pin holds when they are one place's only: a map of many belongs to no one. */
function onlyCoordinates(html: string): Pick<HotelDetail, "latitude" | "longitude"> | null {
  const found = [...html.matchAll(COORDINATE_PAIR), ...html.matchAll(MAP_PIN)];
  const pairs = new Set(found.map((match) => `${Number(match[1])},${Number(match[2])}`));
  if (pairs.size !== 1) return null;
  const [latitude, longitude] = [...pairs][0]!.split(",").map(Number) as [number, number];
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : null;
}

/** The generic reader as the travel plumbing calls an adapter's: any hotel's page off the big platforms (`GET /v1/travel/hotel?url=`). */
export const genericLodging: HotelPageReader = {
  slug: "generic",
  name: "Any hotel or place page",
  // A hotel's own site rarely needs a browser; one that does gets it after the fetch engine.
  engines: ["fetch", "browser"],
  reviewScale: SCHEMA_RATING_SCALE,
  // Which fields a page off the big platforms shows is the page's own affair: none is ruled out.
  lacks: [],
  ownReader: "page text",
  parseHotel: parseAnyHotel,
  detectChallenge,
};
