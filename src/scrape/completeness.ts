// How much of what an endpoint promises an answer holds: per endpoint, the fields that count and
// the ones an answer needs to be `complete`, and for each missing field why it is missing. Pure, and
// imports nothing of the worker's, so the Node-side tests load it with the answer schemas.
import { z } from "@hono/zod-openapi";
import { isEmpty } from "./extract/record";

export const MISSING_REASONS = [
  /** No reader found the value on the page. */
  "not_on_page",
  /** The offer is out of stock or unavailable, so the page shows no price. */
  "not_offered",
  /** The page it would come from was blocked (a hotel's own page, one platform of several). */
  "blocked",
  /** A reader found the value but none could use it (a price of 0, a rating of 0 out of 5). */
  "unreadable",
  /** The platform's pages never carry it (airbnb shows no stars). */
  "not_supported_by_platform",
] as const;
export type MissingReason = (typeof MISSING_REASONS)[number];

/** Reasons that do not keep an answer from being `complete`: the value does not exist to be read. */
const EXCUSED: readonly MissingReason[] = ["not_offered", "not_supported_by_platform"];

/** The hotel fields of DESIGN §2.4, in table order. */
export const HOTEL_FIELDS = [
  "id",
  "name",
  "star_rating",
  "address",
  "latitude",
  "longitude",
  "review_score",
  "review_count",
  "price_per_night",
  "total_price",
  "currency",
  "amenities",
  "rooms_available",
  "image_url",
] as const;

/**
 * The fields each data endpoint counts (for a list: each record's), and those it needs to be
 * `complete`. Products and search results follow DESIGN §2.3; hotels count every required field
 * of §2.4.
 */
export const ENDPOINT_FIELDS = {
  product: {
    counted: [
      "id",
      "title",
      "url",
      "brand",
      "price",
      "availability",
      "images",
      "rating",
      "review_count",
      "reviews",
      "description",
      "specs",
      "variants",
      "seller",
      "breadcrumbs",
    ],
    required: ["title", "price", "availability", "images"],
  },
  search: {
    counted: ["id", "title", "url", "price", "rating", "review_count", "image"],
    required: ["title", "url", "price"],
  },
  reviews: {
    counted: ["id", "title", "body", "rating", "author", "date", "verified"],
    required: ["body", "rating"],
  },
  "hotel-search": { counted: HOTEL_FIELDS, required: HOTEL_FIELDS },
  // Any site's list of hotels (GET /v1/travel/hotel-list?url=): what a card shows, a name and a price needed.
  "hotel-list": {
    counted: ["id", "name", "review_score", "review_count", "price_per_night", "currency", "image_url", "booking_url"],
    required: ["name", "price_per_night", "currency", "booking_url"],
  },
  hotel: {
    counted: [...HOTEL_FIELDS, "rooms", "reviews", "description"],
    required: [...HOTEL_FIELDS, "rooms"],
  },
} as const satisfies Record<string, { counted: readonly string[]; required: readonly string[] }>;

export type Endpoint = keyof typeof ENDPOINT_FIELDS;

/** Where a filled field's value came from (`explain=true`), and the other sources that gave the same value. */
export interface FieldSource {
  source: string;
  agreed: string[];
}

export interface MissingField {
  field: string;
  reason: MissingReason;
  /** In a list: how many records lack it. */
  records?: number;
}

export interface Completeness {
  state: "complete" | "partial" | "empty";
  /** Counted fields with a value (in a list: in every record). */
  filled: string[];
  /** Counted fields without a value (in a list: in at least one record), with why. */
  missing: MissingField[];
  /** In a list: how many records the answer holds. */
  records?: number;
  /** Fields with a value (a hotel list: in any record): how often a value read with the same evidence was right on real pages (0–1). */
  confidence?: Record<string, number>;
  /** One record's fields whose readers disagree with no rule to decide: never `complete`. */
  conflicting?: ConflictingField[];
}

export interface ConflictingField {
  field: string;
  /** With `explain=true`: the value taken first, then every other reader's. */
  candidates?: { source: string; value: unknown }[];
}

/** Why `field` of one record is missing, when the caller knows better than "not on the page". */
export type ReasonOf<T> = (record: T, field: string) => MissingReason | undefined;

export const hasValue = (value: unknown) => !isEmpty(value);

const isExcused = (missing: MissingField) => EXCUSED.includes(missing.reason);

/** The completeness of one record (a product, a hotel page). */
export function recordCompleteness<T extends object>(
  endpoint: Endpoint,
  record: T,
  reasonOf: ReasonOf<T> = () => undefined,
): Completeness {
  const { counted, required } = ENDPOINT_FIELDS[endpoint];
  const value = (field: string) => (record as Record<string, unknown>)[field];
  const filled = counted.filter((field) => hasValue(value(field)));
  const missing = counted
    .filter((field) => !hasValue(value(field)))
    .map((field) => ({ field, reason: reasonOf(record, field) ?? "not_on_page" }));
  const requiredFilled = required.filter((field) => hasValue(value(field)));
  const unexcused = missing.filter((m) => (required as readonly string[]).includes(m.field) && !isExcused(m));
  const state = requiredFilled.length === 0 ? "empty" : unexcused.length === 0 ? "complete" : "partial";
  return { state, filled, missing };
}

/**
 * One record's completeness with the confidence of each field it holds (counted or not, the sku too); a required field in conflict keeps
 * the answer from `complete`. The conflicting candidates are listed with `explain=true` only.
 */
export function withTrust(
  completeness: Completeness,
  confidence: Record<string, number>,
  conflicting: ConflictingField[],
  required: readonly string[],
  explain: boolean,
): Completeness {
  const rounded = Object.fromEntries(Object.entries(confidence).map(([field, share]) => [field, round(share)]));
  const inConflict = conflicting.filter((conflict) => completeness.filled.includes(conflict.field));
  const state =
    completeness.state === "complete" && inConflict.some((conflict) => required.includes(conflict.field))
      ? "partial"
      : completeness.state;
  return {
    ...completeness,
    state,
    confidence: rounded,
    conflicting: explain ? inConflict : inConflict.map(({ field }) => ({ field })),
  };
}

const round = (share: number) => Math.round(share * 100) / 100;

/**
 * The completeness of a list answer (search results, reviews, hotels): a field is filled when every
 * record has it; a missing one says how many records lack it and why: the reason most of them
 * give, unless one gives a reason that does not excuse it, which then speaks for the field.
 */
export function listCompleteness<T extends object>(
  endpoint: Endpoint,
  records: T[],
  reasonOf: ReasonOf<T> = () => undefined,
): Completeness {
  const { counted, required } = ENDPOINT_FIELDS[endpoint];
  if (records.length === 0) {
    return {
      state: "empty",
      filled: [],
      missing: counted.map((field) => ({ field, reason: "not_on_page" })),
      records: 0,
    };
  }
  const filled: string[] = [];
  const missing: MissingField[] = [];
  for (const field of counted) {
    const reasons = records
      .filter((record) => !hasValue((record as Record<string, unknown>)[field]))
      .map((record) => reasonOf(record, field) ?? "not_on_page");
    const unexcused = reasons.filter((reason) => !EXCUSED.includes(reason));
    if (reasons.length === 0) filled.push(field);
    else
      missing.push({ field, reason: mostCommon(unexcused.length > 0 ? unexcused : reasons), records: reasons.length });
  }
  const partial = missing.some((m) => (required as readonly string[]).includes(m.field) && !isExcused(m));
  return { state: partial ? "partial" : "complete", filled, missing, records: records.length };
}

function mostCommon<T>(values: T[]): T {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

const trustSchema = {
  confidence: z
    .record(z.string(), z.number().min(0).max(1))
    .optional()
    .openapi({
      description:
        "Each filled field's confidence, 0–1: the share of values read with the same evidence (which kind of reader, whether others agreed or disagreed) that were right on the corpus of real pages. Calibrated: of the values given 0.9 or more, about nine in ten or more are right (docs/data-quality.md).",
      example: { title: 0.97, price: 0.95, availability: 0.9 },
    }),
  conflicting: z
    .array(
      z.object({
        field: z.string(),
        candidates: z
          .array(z.object({ source: z.string(), value: z.unknown() }))
          .optional()
          .openapi({ description: "With `explain=true`: the value taken, then every other reader's" }),
      }),
    )
    .optional()
    .openapi({
      description:
        "Fields whose structured readers give different values with none agreeing with the one taken: the value is the most trusted reader's, and a required field in conflict makes the answer `partial`.",
    }),
};

/** `meta.completeness` in the reference, naming the endpoint's fields. */
export function completenessSchema(endpoint: Endpoint) {
  const { counted, required } = ENDPOINT_FIELDS[endpoint];
  const list = endpoint !== "product" && endpoint !== "hotel";
  return z
    .object({
      state: z.enum(["complete", "partial", "empty"]).openapi({
        description: `\`complete\`: every required field (${required.join(", ")}) has a value${list ? " in every record" : ""}, or is missing only as \`not_offered\` / \`not_supported_by_platform\`; \`partial\`: some required field is missing for another reason; \`empty\`: ${list ? "no records" : "no required field"}.`,
      }),
      filled: z.array(z.string()).openapi({
        description: `Counted fields with a value${list ? " in every record" : ""}: of ${counted.join(", ")}`,
      }),
      missing: z
        .array(
          z.object({
            field: z.string(),
            reason: z.enum(MISSING_REASONS),
            records: z.number().int().optional().openapi({ description: "How many records lack it" }),
          }),
        )
        .openapi({ description: "Counted fields without a value, and why" }),
      records: z.number().int().optional().openapi({ description: "Records in the answer" }),
      ...(endpoint === "product"
        ? trustSchema
        : endpoint.startsWith("hotel")
          ? { confidence: trustSchema.confidence }
          : {}),
    })
    .openapi({ description: "What the answer holds of what this endpoint promises; see docs/data-quality.md" });
}
