// Seeded pseudo-random numbers, so every replica page is byte-for-byte the same on every run
// (no Math.random anywhere in the replicas). mulberry32 over an FNV-1a hash of a seed string.

/** FNV-1a, 32 bits. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  float(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  chance(probability: number): boolean;
  /** `count` decimal digits, the first never 0. */
  digits(count: number): string;
  /** `count` characters from `alphabet`. */
  chars(count: number, alphabet: string): string;
  /** Up to `count` distinct items, in a shuffled order. */
  sample<T>(list: readonly T[], count: number): T[];
}

export function rng(seed: string): Rng {
  let state = hashString(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const chars = (count: number, alphabet: string) => {
    let out = "";
    for (let i = 0; i < count; i++) out += alphabet[int(0, alphabet.length - 1)];
    return out;
  };
  return {
    next,
    int,
    float: (min, max) => min + next() * (max - min),
    pick: (list) => list[int(0, list.length - 1)]!,
    chance: (probability) => next() < probability,
    digits: (count) => chars(1, "123456789") + chars(count - 1, "0123456789"),
    chars,
    sample(list, count) {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, count);
    },
  };
}

/** Lower case, accents stripped, for case- and accent-insensitive matching ("Gran Vía" ~ "gran via"). */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();
}

/** "Hôtel du Marais" -> "hotel-du-marais". */
export function slugify(text: string): string {
  return fold(text)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
