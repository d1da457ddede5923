// What the API says about the product platforms, read from the registry: the product routes' id
// parameters (name, rule, description, example), and the lists the MCP tools and the docs print.
// A platform added to PRODUCT_PLATFORMS appears in all of them.
import type { IdParamName, IdRule, ProductPlatform } from "./types";
import { PRODUCT_PLATFORMS } from "./index";

/** One id query parameter of the product routes, as every platform that uses it shares it. */
export interface IdParameter {
  name: IdParamName;
  /** The route's check, the same for every platform using the name. */
  rule: Pick<IdRule, "pattern" | "message" | "minLength" | "maxLength">;
  /** The slugs whose ids travel in it, in registry order. */
  platforms: string[];
  /** The first of those platforms' example id. */
  example: string;
}

const platforms = (): ProductPlatform[] => Object.values(PRODUCT_PLATFORMS);

const sameRule = (a: IdRule, b: IdRule) =>
  String(a.pattern) === String(b.pattern) &&
  a.message === b.message &&
  a.minLength === b.minLength &&
  a.maxLength === b.maxLength;

/**
 * The id parameters in registry order (`asin`, `id`, `sku`). Throws when two platforms give one
 * name different rules: the route checks the parameter before it knows the platform.
 */
export function idParameters(registry: ProductPlatform[] = platforms()): IdParameter[] {
  const byName = new Map<IdParamName, { first: IdRule; platforms: string[] }>();
  for (const platform of registry) {
    if (platform.idParam === "url") continue;
    const known = byName.get(platform.idParam);
    if (!known) byName.set(platform.idParam, { first: platform.id, platforms: [platform.slug] });
    else if (!sameRule(known.first, platform.id))
      throw new Error(`${platform.slug} checks \`${platform.idParam}\` unlike ${known.platforms[0]}; they must agree`);
    else known.platforms.push(platform.slug);
  }
  return [...byName].map(([name, { first, platforms: slugs }]) => ({
    name,
    rule: { pattern: first.pattern, message: first.message, minLength: first.minLength, maxLength: first.maxLength },
    platforms: slugs,
    example: first.example,
  }));
}

/** "a, b or c". */
export const orList = (items: string[]) =>
  items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;

/** The id parameter's description: whose product id it carries. */
export const idDescription = (parameter: IdParameter) =>
  `${orList(parameter.platforms.map((slug) => `${slug}'s`))} product id`;

/** Platforms that take only a `url`. */
export const urlOnlyPlatforms = () => platforms().filter((platform) => platform.idParam === "url");

/** A real product URL for the `url` parameter's example: the first platform with an id, at its default site. */
export function exampleProductUrl(): string {
  const platform = platforms().find((candidate) => candidate.id !== null)!;
  return platform.productUrl({ id: platform.id!.example }, platform.origins.default!);
}

/** The platforms `has` keeps, as a tool's description lists them: "amazon, ebay, or any shop with `generic` and a url". */
export function agentList(has: (platform: ProductPlatform) => boolean): string {
  const names = platforms()
    .filter(has)
    .map((platform) => platform.mcpText ?? platform.slug);
  return names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")}, or ${names.at(-1)}`;
}
