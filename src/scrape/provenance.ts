// Where each filled field of an answer came from (`explain=true`): one builder for product pages,
// hotel pages and merged hotel results alike.
import type { FieldSource } from "./completeness";

/** The source of a value read from the page's own address (its link, an id in its path). */
export const pageAddress = (): FieldSource => ({ source: "page address", agreed: [] });

/**
 * Each field's source, in the order of `fields`: first every field a reader gave (`fromReaders`:
 * the reader it came from and the others that agreed), then each field none gave its `fallback`
 * (the page's address, the adapter's own markup, another field's source), which may look at the
 * sources the readers gave. A field with neither has no source.
 */
export function provenance<F extends string>(
  fields: readonly F[],
  fromReaders: (field: F) => FieldSource | null,
  fallback: (field: F, sources: Partial<Record<F, FieldSource>>) => FieldSource | null = () => null,
): Partial<Record<F, FieldSource>> {
  const sources: Partial<Record<F, FieldSource>> = {};
  for (const field of fields) {
    const given = fromReaders(field);
    if (given) sources[field] = given;
  }
  for (const field of fields) {
    if (sources[field]) continue;
    const other = fallback(field, sources);
    if (other) sources[field] = other;
  }
  return sources;
}
