// Fill rate and accuracy of the parsers over a folder of saved pages and its expected.tsv
// (`npm run extract -- --report <dir>`). Each row's page goes to the parser its page_kind names and is
// compared the way the fixture tests compare it; an empty cell means the parser must return null.
import { hotelEvidenceKey, type ReaderOfHotel } from "../src/scrape/extract/confidence";
import { PRODUCT_PLATFORMS } from "../src/platforms/index";
import { readHotelList } from "../src/platforms/hotel-readers/hotel-list";
import { type ProductReading, readProductPage } from "../src/platforms/product-page";
import type { HotelRecord } from "../src/platforms/hotel-types";
import type { ProductRecord, SearchItem } from "../src/scrape/types";
import {
  cellNumbers,
  collapse,
  currencyCell,
  type ExpectedRow,
  hotelPageUrl,
  hotelReaderOf,
  leadingFacts,
  numberOrNull,
  type PageKind,
  pageUrl,
  readExpectedRows,
  readPageHtml,
  travelAdapterOf,
} from "./saved-pages";

/** The seed's fields in table order; `results` counts a list page's cards. */
export const FIELDS = [
  "title",
  "price",
  "currency",
  "rating",
  "review_count",
  "results",
  "id",
  "images",
  "reviews",
  "description",
  "specs",
  "variants",
  "brand",
  "availability",
  "sku",
  "seller",
  "star_rating",
  "address",
  "lat/lng",
  "amenities",
  "rooms_available",
  "blocked",
] as const;
export type Field = (typeof FIELDS)[number];

/** What a page yielded per field; a field the kind's record does not carry is absent. */
type Observed = Partial<Record<Field, unknown>> & {
  /** A product page's evidence key per filled field (src/scrape/extract/confidence.ts), for calibration. */
  evidence?: Partial<Record<string, string>>;
};

const itemFields = (item: Omit<SearchItem, "url" | "sponsored" | "image"> & { images: unknown }): Observed => ({
  title: collapse(item.title),
  price: item.price?.amount ?? null,
  currency: item.price?.currency ?? null,
  rating: item.rating,
  review_count: item.review_count,
  id: item.id,
  images: item.images,
});

const productFields = (record: ProductRecord): Observed => ({
  ...itemFields({ ...record, id: record.id ?? record.sku ?? record.asin ?? null }),
  reviews: record.reviews,
  description: record.description,
  specs: record.specs,
  variants: record.variants,
  brand: record.brand,
  availability: record.availability,
  sku: record.sku ?? record.asin ?? null,
  seller: record.seller,
});

/** A hotel's score goes back to the site's own scale, the one expected.tsv lists. */
/** A hotel's checked fields and the record field each is calibrated as (its coordinates as `latitude`). */
const HOTEL_EVIDENCE: [Field, string][] = [
  ["title", "name"],
  ["price", "price_per_night"],
  ["currency", "currency"],
  ["rating", "review_score"],
  ["review_count", "review_count"],
  ["star_rating", "star_rating"],
  ["address", "address"],
  ["lat/lng", "latitude"],
];

/** A hotel's fields with their evidence keys: a site's adapter or the generic reader, one reader each. */
function hotelObserved(hotel: HotelRecord, reviewScale: number, reader: ReaderOfHotel): Observed {
  const observed = hotelFields(hotel, reviewScale);
  const filled = HOTEL_EVIDENCE.filter(([field]) => isFilled(observed[field]));
  observed.evidence = Object.fromEntries(filled.map(([field, name]) => [field, hotelEvidenceKey(name, reader)]));
  return observed;
}

const hotelFields = (hotel: HotelRecord, reviewScale: number): Observed => ({
  title: collapse(hotel.name),
  price: hotel.price_per_night ?? hotel.total_price,
  currency: hotel.currency,
  rating: hotel.review_score === null ? null : (hotel.review_score * reviewScale) / 10,
  review_count: hotel.review_count,
  id: hotel.id,
  star_rating: hotel.star_rating,
  address: hotel.address,
  "lat/lng": hotel.latitude === null || hotel.longitude === null ? null : [hotel.latitude, hotel.longitude],
  amenities: hotel.amenities,
  rooms_available: hotel.rooms_available,
});

/** The row's page read as a product page: its fields and its wall check ask one after the other, so the last is kept. */
let lastReading: { row: ExpectedRow; html: string; reading: ProductReading } | undefined;
function productReading(row: ExpectedRow, html: string): ProductReading {
  if (lastReading?.row !== row || lastReading.html !== html)
    lastReading = { row, html, reading: readProductPage(PRODUCT_PLATFORMS[row.adapter]!, html, pageUrl(row)) };
  return lastReading.reading;
}

/** Whether the adapter that reads the row's page takes it for a bot wall, as a scrape would before parsing. */
const seenAsBlocked = (row: ExpectedRow, html: string) =>
  (PRODUCT_PLATFORMS[row.adapter] ?? hotelReaderOf(row)).detectChallenge(html, 200) !== null ||
  refusedAsWall(row, html);

/**
 * Whether `GET /v1/{platform}` would refuse a product page or a wall as a sign-in wall, an error page or an empty shell
 * (`no_data`, never a record): what `npm run extract` says of such a page.
 */
function refusedAsWall(row: ExpectedRow, html: string): boolean {
  const platform = PRODUCT_PLATFORMS[row.adapter];
  if (!platform || (row.kind !== "product" && row.kind !== "blocked")) return false;
  const kind = productReading(row, html).notAProduct?.kind;
  return kind === "sign-in" || kind === "error" || kind === "empty";
}

/** A list page's first-card values when it shows no card: each one the page has is missed. */
const NO_CARD = { title: null, price: null, currency: null, rating: null, review_count: null };

/** Each page kind's parser, read the way expected.tsv describes the page. */
const READERS: Record<PageKind, (row: ExpectedRow, html: string) => Observed> = {
  product: (row, html) => {
    const reading = productReading(row, html);
    return { ...productFields(reading.product), evidence: reading.trust?.keys };
  },
  search: (row, html) => {
    const page = PRODUCT_PLATFORMS[row.adapter]!.parseSearch!(html, pageUrl(row, "/s?k=x"));
    const first = page.items.find((item) => !item.sponsored);
    const card = first ? itemFields({ ...first, images: first.image ? [first.image] : [] }) : {};
    return { ...NO_CARD, ...card, results: page.items.length };
  },
  reviews: (row, html) => {
    const page = PRODUCT_PLATFORMS[row.adapter]!.parseReviews!(html, pageUrl(row, "/product-reviews/x"));
    return {
      title: collapse(page.product_title ?? null),
      rating: page.rating,
      review_count: page.review_count,
      reviews: page.reviews,
      results: page.reviews.length,
    };
  },
  "hotel-search": (row, html) => {
    const platform = travelAdapterOf(row);
    // A site without an adapter is read as GET /v1/travel/hotel-list?url= reads it: the generic list reader.
    if (!platform) {
      const list = readHotelList(html, pageUrl(row, "/hotels"));
      const card = list.hotels.find((hotel) => !hotel.sponsored);
      return {
        ...NO_CARD,
        ...(card ? hotelObserved(card, list.review_scale, "list") : {}),
        results: list.hotels.length,
      };
    }
    const page = platform.parseSearch(html, platform.origins.default!);
    const first = page.hotels.find((hotel) => !hotel.sponsored);
    return {
      ...NO_CARD,
      ...(first ? hotelObserved(first, platform.reviewScale, "site") : {}),
      results: page.hotels.length,
    };
  },
  "hotel-detail": (row, html) => {
    const platform = hotelReaderOf(row);
    const hotel = platform.parseHotel(html, hotelPageUrl(row));
    const reader = travelAdapterOf(row) ? "site" : "generic";
    return {
      ...hotelObserved(hotel, platform.reviewScale, reader),
      reviews: hotel.reviews,
      description: hotel.description,
    };
  },
  // A scrape stops at a recognised wall, so only the recognition is judged (the `blocked` field, every row).
  blocked: () => ({}),
};

/** The values expected.tsv gives for a row: its columns, then the `name=value;` facts leading its notes. */
function expectations(row: ExpectedRow): Observed {
  if (row.kind === "blocked") return { blocked: true };
  const price = numberOrNull(row.price);
  const facts = leadingFacts(row.notes);
  const fact = (name: string) => (facts[name] === "" ? null : facts[name]);
  const expected: Observed = {
    blocked: false,
    title: collapse(row.title_or_hotel_name.replace(/\s*\((1st|1st organic) card\)$/, "")) || null,
    price,
    // With no price on the page there is no currency to report, whatever the reader guessed ("EUR?").
    currency: price === null ? null : currencyCell(row.currency),
    rating: numberOrNull(row.rating_or_review_score),
    review_count: numberOrNull(row.review_count),
  };
  // Batches with the later columns check them on product pages; the ids are alternatives ("B07…|0194…").
  if (row.kind === "product" && row.availability !== undefined) expected.availability = row.availability.trim() || null;
  if (row.kind === "product" && row.sku !== undefined) expected.sku = idAlternatives(row.sku)[0] ?? null;
  if (facts["results_on_page"] !== undefined) expected.results = Number(facts["results_on_page"]);
  if (facts["star_rating"] !== undefined) expected.star_rating = numberOrNull(facts["star_rating"]);
  if (facts["address"] !== undefined) expected.address = fact("address");
  if (facts["latitude"] !== undefined && facts["longitude"] !== undefined)
    expected["lat/lng"] = fact("latitude") === null ? null : [Number(facts["latitude"]), Number(facts["longitude"])];
  return expected;
}

const idAlternatives = (cell: string) =>
  cell
    .split("|")
    .map((id) => id.trim())
    .filter(Boolean);

/** An id the page shows is right whichever of its listed ids it is, in any case. */
const isListedId = (row: ExpectedRow, found: unknown) =>
  typeof found === "string" &&
  idAlternatives(row.sku ?? "").some((id) => id.toLowerCase() === found.trim().toLowerCase());

/**
 * Where structured data and visible text disagree on a rating or a count, either is right
 * (test/fixtures/pages/README.md): the cell's other alternatives ("1288|1200"), and the numbers of a
 * note that says so ("… reviewCount is 351 (either count acceptable)"), separators dropped. Other
 * numbers of the notes are not alternatives: they quote traps, other offers and other scales.
 */
function notedAlternatives(row: ExpectedRow, field: Field): number[] {
  if (field !== "rating" && field !== "review_count") return [];
  const cell = cellNumbers(field === "rating" ? row.rating_or_review_score : row.review_count).slice(1);
  const saidEither = row.notes.split(";").filter((clause) => /\beither\b/i.test(clause));
  const noted = saidEither.flatMap((clause) => clause.match(/\d[\d,]*(?:\.\d+)?/g) ?? []);
  return [...cell, ...noted.map((number) => Number(number.replace(/,/g, "")))];
}

/** Numbers within rounding (a rescaled score, coordinates to 6 places), everything else exactly. */
function same(found: unknown, expected: unknown): boolean {
  if (typeof found === "number" && typeof expected === "number") return Math.abs(found - expected) < 5e-7;
  if (Array.isArray(found) && Array.isArray(expected))
    return found.length === expected.length && found.every((value, index) => same(value, expected[index]));
  return found === expected;
}

const isFilled = (value: unknown) =>
  value !== false &&
  value !== null &&
  value !== undefined &&
  value !== "" &&
  !(Array.isArray(value) && value.length === 0) &&
  !(typeof value === "object" && Object.keys(value).length === 0);

export interface Miss {
  file: string;
  field: Field;
  expected: unknown;
  found: unknown;
}

export interface FieldStats {
  /** Pages whose record carries the field. */
  carried: number;
  filled: number;
  /** Pages where expected.tsv gives the field's value (or its absence). */
  checked: number;
  right: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

export interface SiteReport {
  site: string;
  pages: number;
  fields: Record<Field, FieldStats>;
}

export interface AccuracyReport {
  total: SiteReport;
  /** The same tallies for product pages and travel pages apart (a wall counts where its site belongs). */
  areas: SiteReport[];
  sites: SiteReport[];
  misses: Miss[];
  /** Values that differ from the tsv's but equal the other figure its notes give (counted right). */
  accepted: Miss[];
  /** Pages whose parser threw, with the message. */
  failures: { file: string; error: string }[];
  /** Every checked value said with evidence (products and hotels): whether it was right (a price with its currency). */
  judgments: Judgment[];
}

export interface Judgment {
  file: string;
  site: string;
  field: string;
  /** The evidence key the confidence table is looked up by. */
  key: string;
  right: boolean;
}

/** The checked values a page's record said with evidence, each right or not; a price needs its currency too. */
function judge(row: ExpectedRow, observed: Observed, expected: Observed): Judgment[] {
  const rightIn = (field: Field) =>
    same(observed[field], expected[field]) ||
    notedAlternatives(row, field).some((n) => same(observed[field], n)) ||
    (field === "sku" && isListedId(row, observed[field]));
  return Object.entries(observed.evidence ?? {}).flatMap(([field, key]) => {
    if (!(field in expected) || !key) return [];
    const right = rightIn(field as Field) && (field !== "price" || rightIn("currency"));
    return [{ file: row.file, site: row.site.split(" ")[0]!, field, key, right }];
  });
}

const emptySite = (site: string): SiteReport => ({
  site,
  pages: 0,
  fields: Object.fromEntries(
    FIELDS.map((field) => [
      field,
      {
        carried: 0,
        filled: 0,
        checked: 0,
        right: 0,
        truePositives: 0,
        falsePositives: 0,
        falseNegatives: 0,
      },
    ]),
  ) as Record<Field, FieldStats>,
});

/** Reads every row of `<dir>/expected.tsv` and tallies fill and accuracy per site (the page's first folder). */
export function accuracyReport(dir: string): AccuracyReport {
  const total = emptySite("all");
  const areas = new Map([
    ["products", emptySite("products")],
    ["travel", emptySite("travel")],
  ]);
  const sites = new Map<string, SiteReport>();
  const misses: Miss[] = [];
  const accepted: Miss[] = [];
  const failures: AccuracyReport["failures"] = [];
  const judgments: Judgment[] = [];
  for (const row of readExpectedRows(dir)) {
    const siteName = row.file.split("/")[0]!;
    const site = sites.get(siteName) ?? emptySite(siteName);
    sites.set(siteName, site);
    const html = readPageHtml(dir, row.file);
    let observed: Observed;
    try {
      observed = READERS[row.kind](row, html);
    } catch (error) {
      failures.push({ file: row.file, error: String(error) });
      observed = { title: null, price: null, currency: null, rating: null, review_count: null };
    }
    observed.blocked = seenAsBlocked(row, html);
    const expected = expectations(row);
    const tallies = [site, total, areas.get(row.area)!];
    for (const report of tallies) report.pages++;
    judgments.push(...judge(row, observed, expected));
    for (const field of FIELDS) {
      if (!(field in observed)) continue;
      const found = observed[field];
      const checked = field in expected;
      const noted =
        checked && !same(found, expected[field]) && notedAlternatives(row, field).some((n) => same(found, n));
      const right = checked && (same(found, expected[field]) || noted || (field === "sku" && isListedId(row, found)));
      if (checked && !right) misses.push({ file: row.file, field, expected: expected[field], found });
      if (noted) accepted.push({ file: row.file, field, expected: expected[field], found });
      for (const report of tallies) {
        const stats = report.fields[field];
        stats.carried++;
        if (isFilled(found)) stats.filled++;
        if (checked) stats.checked++;
        if (right) stats.right++;
        // The benchmarks' metric: a value said is right or a false positive; a value not said that the page has is missed.
        if (checked && isFilled(found)) right ? stats.truePositives++ : stats.falsePositives++;
        else if (checked && isFilled(expected[field])) stats.falseNegatives++;
      }
    }
  }
  return { total, areas: [...areas.values()], sites: [...sites.values()], misses, accepted, failures, judgments };
}

/** One report of several folders' reports: tallies summed, each miss named by its folder. */
export function mergeReports(reports: AccuracyReport[], folders: string[]): AccuracyReport {
  const sum = (name: string, parts: SiteReport[]): SiteReport => {
    const merged = emptySite(name);
    for (const part of parts) {
      merged.pages += part.pages;
      for (const field of FIELDS)
        for (const key of Object.keys(merged.fields[field]) as (keyof FieldStats)[])
          merged.fields[field][key] += part.fields[field][key];
    }
    return merged;
  };
  const named = <T extends { file: string }>(list: (report: AccuracyReport) => T[]) =>
    reports.flatMap((report, index) =>
      list(report).map((item) => ({ ...item, file: `${folders[index]!.replace(/\/$/, "")}/${item.file}` })),
    );
  const siteNames = [...new Set(reports.flatMap((report) => report.sites.map((site) => site.site)))].sort();
  return {
    total: sum(
      "all",
      reports.map((report) => report.total),
    ),
    areas: ["products", "travel"].map((area) =>
      sum(
        area,
        reports.flatMap((report) => report.areas.filter((part) => part.site === area)),
      ),
    ),
    sites: siteNames.map((site) =>
      sum(
        site,
        reports.flatMap((report) => report.sites.filter((part) => part.site === site)),
      ),
    ),
    misses: named((report) => report.misses),
    accepted: named((report) => report.accepted),
    failures: named((report) => report.failures),
    judgments: named((report) => report.judgments),
  };
}

const share = (part: number, whole: number) =>
  whole === 0 ? "—" : `${Math.round((100 * part) / whole)}% (${part}/${whole})`;
const ratio = (part: number, whole: number) => (whole === 0 ? "—" : `${part}/${whole}`);
const table = (header: string[], rows: string[][]) =>
  [header, header.map(() => "---"), ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n");

const decimal = (value: number) => (Number.isNaN(value) ? "—" : value.toFixed(3));

/** Precision, recall and F1 as the field's benchmarks define them (see FieldStats), "—" where nothing counts. */
export function precisionRecall(stats: FieldStats): [string, string, string] {
  const { truePositives: tp, falsePositives: fp, falseNegatives: fn } = stats;
  const precision = tp / (tp + fp);
  const recall = tp / (tp + fn);
  const f1 = tp === 0 && fp + fn > 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return [decimal(precision), decimal(recall), decimal(f1)];
}

/** One site's fields: fill rate over the pages whose record carries the field, accuracy over those the tsv checks. */
function fieldTable(report: SiteReport): string {
  const rows = FIELDS.filter((field) => report.fields[field].carried > 0).map((field) => {
    const stats = report.fields[field];
    return [field, share(stats.filled, stats.carried), share(stats.right, stats.checked), ...precisionRecall(stats)];
  });
  const checked = FIELDS.filter((field) => report.fields[field].checked > 0 && field !== "blocked");
  const sum = (key: keyof FieldStats) => checked.reduce((total, field) => total + report.fields[field][key], 0);
  rows.push(["**every checked value but `blocked`**", "", share(sum("right"), sum("checked")), "", "", ""]);
  return table(["field", "fill", "accuracy", "precision", "recall", "F1"], rows);
}

const CHECKED_COLUMNS: Field[] = ["title", "price", "currency", "rating", "review_count"];
const FACTS: Field[] = ["results", "star_rating", "address", "lat/lng"];

/** One line per site: accuracy of each tsv column and of the notes' facts, and fill over every field it carries. */
function siteTable(reports: SiteReport[]): string {
  const sum = (report: SiteReport, fields: readonly Field[], key: keyof FieldStats) =>
    fields.reduce((total, field) => total + report.fields[field][key], 0);
  const rows = reports.map((report) => [
    report.site,
    String(report.pages),
    ...CHECKED_COLUMNS.map((field) => ratio(report.fields[field].right, report.fields[field].checked)),
    ratio(sum(report, FACTS, "right"), sum(report, FACTS, "checked")),
    share(sum(report, FIELDS, "filled"), sum(report, FIELDS, "carried")),
  ]);
  return table(["site", "pages", ...CHECKED_COLUMNS, "facts", "fill (all fields)"], rows);
}

const shown = (value: unknown) => JSON.stringify(value) ?? "undefined";

/** The report as markdown: the total, one line per site, what was missed, then each site's fields. */
export function formatReport(report: AccuracyReport): string {
  const sections = [
    `## All pages (${report.total.pages})\n\n${fieldTable(report.total)}`,
    ...report.areas.map((area) => `## ${area.site} pages (${area.pages})\n\n${fieldTable(area)}`),
    `## Per site (accuracy right/checked; fill filled/carried)\n\n${siteTable(report.sites)}`,
    `## Misses (${report.misses.length})\n\n${
      report.misses
        .map((miss) => `- ${miss.file} ${miss.field}: expected ${shown(miss.expected)}, found ${shown(miss.found)}`)
        .join("\n") || "none"
    }`,
    `## The notes' other figure (${report.accepted.length}, counted right)\n\n${
      report.accepted
        .map(
          (miss) =>
            `- ${miss.file} ${miss.field}: tsv ${shown(miss.expected)}, found ${shown(miss.found)} as its notes give`,
        )
        .join("\n") || "none"
    }`,
  ];
  if (report.failures.length > 0)
    sections.push(
      `## Parser errors\n\n${report.failures.map((failure) => `- ${failure.file}: ${failure.error}`).join("\n")}`,
    );
  for (const site of report.sites)
    sections.push(`## ${site.site} (${site.pages} page${site.pages === 1 ? "" : "s"})\n\n${fieldTable(site)}`);
  return `${sections.join("\n\n")}\n`;
}

/**
 * A batch's misses (and pages whose parser threw) as the tsv its corpus test holds them to (`file`, `field`, `expected`, `found`, values as
 * JSON): a miss that appears or goes away fails the test until the file is written again.
 */
export const formatMisses = (report: AccuracyReport): string =>
  [
    "file\tfield\texpected\tfound",
    ...report.failures.map((failure) => [failure.file, "parser error", "", shown(failure.error)].join("\t")),
    ...report.misses.map((miss) => [miss.file, miss.field, shown(miss.expected), shown(miss.found)].join("\t")),
  ]
    .join("\n")
    .concat("\n");
