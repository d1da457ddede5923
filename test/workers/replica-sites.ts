// The travel replica sites and two marketplaces' (replicas/sites) answering the Worker's requests inside workerd: their
// page builders run here behind a stand-in fetch. They are loaded with Vite's glob import, as the
// replicas import each other by `.ts` paths, which the Worker's type-check does not take and does
// not follow from a glob.
import { vi } from "vitest";
import type { Site } from "../../replicas/site";

declare global {
  interface ImportMeta {
    /** Vite's glob import: every module the pattern names, loaded with this file when `eager`. */
    glob<T>(pattern: string, options: { eager: true }): Record<string, T>;
  }
}

const modules = import.meta.glob<Record<string, Site>>(
  "../../replicas/sites/{booking,expedia,hotels,airbnb,amazon,ebay}.ts",
  { eager: true },
);
const SITES: Record<string, Site> = Object.fromEntries(
  Object.entries(modules).map(([file, module]) => {
    const slug = /(\w+)\.ts$/.exec(file)![1]!;
    return [slug, module[slug]!];
  }),
);

/** What a test needs of a replica marketplace's products (replicas/catalogue.ts). */
interface ReplicaProduct {
  id: string;
  basePrice: number;
  stock: number;
  variants: unknown[];
}
const catalogueModule = Object.values(
  import.meta.glob<{ catalogue(platform: string): ReplicaProduct[] }>("../../replicas/catalogue.ts", { eager: true }),
)[0]!;

/** The products of a replica marketplace (`amazon`, `ebay`), in catalogue order. */
export const replicaProducts = (platform: "amazon" | "ebay"): ReplicaProduct[] => catalogueModule.catalogue(platform);

/** Where the stand-in answers: the Worker's REPLICA_ORIGIN in these tests. */
export const REPLICA = "http://127.0.0.1:9999";

/**
 * The replica sites answer the Worker's requests to REPLICA (`asked` lists them as "platform path"),
 * with `overrides` ("platform id" → nightly price) in their price book; a request `refuse` picks is
 * turned away with a 429 asking for two minutes (blocked, and no browser is sent after it). Every
 * other request goes out as usual. Undone by `vi.restoreAllMocks()`.
 */
export function serveReplicas(
  options: { refuse?: (platform: string, path: string) => boolean; overrides?: Record<string, number> } = {},
) {
  const asked: string[] = [];
  const passThrough = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== REPLICA) return passThrough(input, init);
    const [, platform = "", ...rest] = url.pathname.split("/");
    const path = `/${rest.join("/")}`;
    asked.push(`${platform} ${path}`);
    if (options.refuse?.(platform, path))
      return new Response("slow down", { status: 429, headers: { "Retry-After": "120" } });
    const page = SITES[platform]?.({
      method: "GET",
      platform,
      path,
      query: url.searchParams,
      origin: REPLICA,
      prices: { get: (site, id) => options.overrides?.[`${site} ${id}`] },
    });
    if (!page) return new Response("no such page", { status: 404 });
    return new Response(page.body, { status: page.status, headers: { "Content-Type": page.contentType } });
  });
  return asked;
}
