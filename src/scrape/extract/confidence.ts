// How far to trust each field of a product answer: the resolver's evidence for it (which kind of
// reader gave it, whether others agreed or gave another value) mapped to the share of such values
// that were right on the corpus of real pages (`npm run calibrate` writes the table).
import type { ProductRecord } from "../types";
import { CONFIDENCE_TABLE } from "./confidence-table";
import type { FieldEvidence } from "./evidence";

/** Readers of what a shopper sees; every other reader (JSON-LD, microdata, meta, a site's own markup) is structured. */
const VISIBLE_READERS = new Set(["visible text", "main heading", "title element"]);
/** The id read from the page's own address. */
const ADDRESS_READERS = new Set(["page address"]);
/** The page's application state: structured, but written for the page's scripts and analytics, not for readers. */
const STATE_READERS = new Set(["page state"]);

/** Fields whose disagreement between structured readers is a conflict, not wording (titles differ in suffixes). */
const CONFLICT_FIELDS = new Set<keyof ProductRecord>(["price", "availability", "sku", "rating", "review_count"]);

export type ReaderKind = "structured" | "state" | "visible" | "address";
/**
 * `agreed`: another reader gave the same value and none another; `single`: one reader gave it;
 * `disputed`: a reader gave another value; `conflicting`: two structured readers disagree and none agrees
 * with the one taken, so no rule decides.
 */
export type Support = "agreed" | "single" | "disputed" | "conflicting";

export const readerKind = (source: string): ReaderKind => {
  if (VISIBLE_READERS.has(source)) return "visible";
  if (ADDRESS_READERS.has(source)) return "address";
  return STATE_READERS.has(source) ? "state" : "structured";
};

/** How the evidence backs the value taken; null for an empty field or one no reader gave outright. */
export function supportOf(evidence: FieldEvidence): Support | null {
  if (evidence.source === null) return null;
  const structuredRival = evidence.outvoted.some((candidate) => readerKind(candidate.source) === "structured");
  if (
    CONFLICT_FIELDS.has(evidence.field) &&
    structuredRival &&
    readerKind(evidence.source) === "structured" &&
    evidence.agreed.length === 0
  )
    return "conflicting";
  if (evidence.outvoted.length > 0) return "disputed";
  return evidence.agreed.length > 0 ? "agreed" : "single";
}

/** The table's key for a field read with this evidence (a price's covers its amount and its currency). */
export const evidenceKey = (field: string, kind: ReaderKind, support: Support) => `${field}|${kind}|${support}`;

/**
 * The calibrated confidence of a value: the corpus share right for its field and evidence, else the share
 * pooled over every calibrated field with that evidence, else the share of the reader kind's values.
 */
export function confidenceOf(field: string, kind: ReaderKind, support: Support): number {
  return (
    CONFIDENCE_TABLE[evidenceKey(field, kind, support)] ??
    CONFIDENCE_TABLE[evidenceKey("*", kind, support)] ??
    CONFIDENCE_TABLE[`*|${kind}|*`] ??
    0.5
  );
}

export interface FieldTrust {
  confidence: Partial<Record<keyof ProductRecord, number>>;
  /** Fields whose readers disagree with no rule to decide, with every candidate. */
  conflicting: { field: keyof ProductRecord; candidates: FieldEvidence["outvoted"] }[];
  /** Each filled field's evidence key (for calibration). */
  keys: Partial<Record<keyof ProductRecord, string>>;
}

/** Each filled field's confidence and evidence, and the fields in conflict. */
export function fieldTrust(fields: FieldEvidence[]): FieldTrust {
  const trust: FieldTrust = { confidence: {}, conflicting: [], keys: {} };
  for (const evidence of fields) {
    const support = supportOf(evidence);
    if (support === null) continue;
    const kind = readerKind(evidence.source!);
    trust.confidence[evidence.field] = confidenceOf(evidence.field, kind, support);
    trust.keys[evidence.field] = evidenceKey(evidence.field, kind, support);
    if (support === "conflicting")
      trust.conflicting.push({
        field: evidence.field,
        candidates: [{ source: evidence.source!, value: evidence.value }, ...evidence.outvoted],
      });
  }
  return trust;
}

/** Who read a hotel: a travel platform's own adapter, or the generic reader of any hotel page. */
/** A travel site's adapter, the generic reader of a hotel's own page, or the generic reader of any site's list. */
export type ReaderOfHotel = "site" | "generic" | "list";

/** The table's key for a hotel field: hotel readers give one value each, so only the reader decides. */
export const hotelEvidenceKey = (field: string, reader: ReaderOfHotel) => `hotel:${field}|${reader}|single`;

/**
 * Each hotel field's calibrated confidence, for the fields given (the coordinates share the latitude's),
 * else the share pooled over every hotel field the reader gives.
 */
export function hotelConfidence(fields: readonly string[], reader: ReaderOfHotel = "site"): Record<string, number> {
  const share = (field: string) =>
    CONFIDENCE_TABLE[hotelEvidenceKey(field === "longitude" ? "latitude" : field, reader)] ??
    CONFIDENCE_TABLE[`*|${reader}|single`];
  return Object.fromEntries(
    fields.flatMap((field) => {
      const value = share(field);
      return value === undefined ? [] : [[field, Math.round(value * 100) / 100]];
    }),
  );
}
