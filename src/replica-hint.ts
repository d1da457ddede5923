// In development, an answer that found nothing says what the local sites hold. Locally every
// platform is its replica (REPLICA_ORIGIN), whose catalogue is small, so "no results" alone cannot
// tell a product or city that does not exist from one the local sites do not list. The list is the
// replica server's own (GET /_catalogue, from replicas/holdings.ts), so it never drifts from the
// catalogues; production never asks.

/** What GET /_catalogue of the replica server answers. */
interface Holdings {
  products: Record<string, { ids: string[]; searches: string[] }>;
  hotels: { destinations: string[]; landmarks: string[] };
}

/** The bindings read here; the Worker's `Env` has them (this module also runs in Node, for its test). */
interface HintEnv {
  ENVIRONMENT?: unknown;
  REPLICA_ORIGIN?: string;
}

export type EmptySearch = { kind: "products"; platform: string } | { kind: "hotels" };

let known: { origin: string; holdings: Holdings } | undefined;

async function holdingsAt(origin: string): Promise<Holdings | null> {
  if (known?.origin === origin) return known.holdings;
  try {
    const response = await fetch(`${origin}/_catalogue`);
    if (!response.ok) return null;
    known = { origin, holdings: (await response.json()) as Holdings };
    return known.holdings;
  } catch {
    // No replica server answering: no hint, never an error on the answer that wanted one.
    return null;
  }
}

const quoted = (values: string[]) => values.map((value) => `"${value}"`).join(", ");

/**
 * The sentence for `meta.hint` of a search that found nothing, or undefined: outside development
 * (the same test as `isDevelopment` in src/net/guard-options.ts), without replicas, or for a
 * platform the replicas do not hold.
 *
 * @example
 * const hint = hotels.length === 0 ? await localHint(c.env, { kind: "hotels" }) : undefined;
 */
export async function localHint(env: HintEnv, search: EmptySearch): Promise<string | undefined> {
  if (env.ENVIRONMENT !== "development" || !env.REPLICA_ORIGIN) return undefined;
  const holdings = await holdingsAt(env.REPLICA_ORIGIN);
  if (!holdings) return undefined;
  if (search.kind === "hotels") {
    const { destinations, landmarks } = holdings.hotels;
    return (
      `Nothing found on the local replica sites, which list hotels only in ${destinations.join(", ")}` +
      (landmarks.length > 0 ? `, and near ${landmarks.join(", ")}.` : ".")
    );
  }
  const held = holdings.products[search.platform];
  if (!held) return undefined;
  return (
    `Nothing found on the local ${search.platform} replica, which holds a small catalogue: ` +
    `try ${quoted(held.searches)} (products ${held.ids.join(", ")}).`
  );
}
