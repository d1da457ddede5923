// Paid placements, one rule for products and hotels: a sponsored result is kept and flagged
// `sponsored: true`, unless it repeats an organic result of the same page, which then stands for
// both (docs/api.md#sponsored-results). Counts are of what is answered.

/** `items` without the sponsored ones whose key an organic item has, nor a key's later repeats; order kept. */
export function withoutSponsoredRepeats<T extends { sponsored: boolean }>(
  items: readonly T[],
  key: (item: T) => string | null,
): T[] {
  const organic = new Set(items.filter((item) => !item.sponsored).map(key));
  const seen = new Set<string>();
  return items.filter((item) => {
    const id = key(item);
    // An item without a key cannot be told apart from another: it stays.
    if (id === null) return true;
    if ((item.sponsored && organic.has(id)) || seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
