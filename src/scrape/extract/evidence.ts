// Why a product record holds each value: every reader's candidate for a field, the one the resolver
// took (the most trusted reader with a usable value: `resolveProduct` says which) and which readers
// agreed with it.
import type { ProductDraft, ProductRecord } from "../types";
import { normaliseAvailability } from "./availability";
import { isEmpty, resolveProduct } from "./record";

export interface Candidate {
  source: string;
  value: unknown;
}

export interface FieldEvidence {
  field: keyof ProductRecord;
  value: unknown;
  /** The reader the value came from; null when no reader gave it (empty, or derived: `id` from the ASIN or SKU). */
  source: string | null;
  /** Other readers that gave the same value. */
  agreed: string[];
  /** Readers more trusted than the winner whose value was not usable (a 0 price or rating means none). */
  passedOver: Candidate[];
  /** Less trusted readers that gave another value. */
  outvoted: Candidate[];
}

/**
 * What two readers must share to agree: a price's amount and currency (not its raw text), an availability
 * in the record's vocabulary, a text whatever its spacing and case.
 */
function comparable(field: keyof ProductRecord, value: unknown): unknown {
  if (field === "availability" && typeof value === "string") return normaliseAvailability(value);
  if (typeof value === "string") return value.replace(/\s+/g, " ").trim().toLowerCase();
  if (field === "price" && value && typeof value === "object") {
    const money = value as { amount?: unknown; currency?: unknown };
    return [money.amount, money.currency];
  }
  return value;
}

const sameIn = (field: keyof ProductRecord) => (a: unknown, b: unknown) =>
  JSON.stringify(comparable(field, a)) === JSON.stringify(comparable(field, b));

/** The record `resolveProduct` makes from the drafts, and each field's candidates and winner. */
export function explainProduct(url: string, drafts: ProductDraft[]) {
  const { record, chosen } = resolveProduct(url, drafts);
  const fields = (Object.keys(record) as (keyof ProductRecord)[])
    .filter((field) => field !== "name")
    .map((field): FieldEvidence => {
      const same = sameIn(field);
      const candidates = drafts
        .map((draft, index) => ({ index, source: draft.source ?? `reader ${index + 1}`, value: draft[field] }))
        .filter((candidate) => !isEmpty(candidate.value) && comparable(field, candidate.value) !== null);
      const value = record[field];
      const won = candidates.findIndex((candidate) => candidate.index === chosen[field]);
      const winner = candidates[won];
      const named = (list: typeof candidates): Candidate[] => list.map(({ source, value }) => ({ source, value }));
      return {
        field,
        value,
        source: winner?.source ?? null,
        agreed: candidates.filter((c, i) => i !== won && winner && same(c.value, value)).map((c) => c.source),
        passedOver: named(won === -1 ? candidates : candidates.slice(0, won)),
        outvoted: named(won === -1 ? [] : candidates.slice(won + 1).filter((c) => !same(c.value, value))),
      };
    });
  return { record, fields };
}
