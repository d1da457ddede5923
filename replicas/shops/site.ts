// What the two whole-shop replicas share: robots.txt, a sitemap index with gzip children (and a
// stale entry or two, as real sitemaps keep), category trees with pagination, 404s for products
// taken down, and a request log that tests read to prove what a crawler fetched and when. The
// markup of each shop lives in its own file (trailhead.ts: JSON-LD; brickworks.ts: microdata and
// visible text only).
import { gzipSync } from "node:zlib";
import { escapeHtml } from "../html.ts";
import { slugify } from "../random.ts";
import type { SiteResponse } from "../site.ts";
import { allProducts, isLive, priceAt, type ShopProduct, type ShopSpec } from "./catalogue.ts";

export interface ShopContext {
  /** Absolute base of the shop, e.g. http://127.0.0.1:8790/trailhead. */
  base: string;
  generation: number;
}

export interface Department {
  name: string;
  slug: string;
  /** Indexes into the spec's categories. */
  children: number[];
}

/** How one shop writes its addresses and pages. */
export interface ShopTheme {
  spec: ShopSpec;
  perPage: number;
  pageParam: string;
  productPath(product: ShopProduct): string;
  /** The product's handle when `path` is a product page's path (any of its duplicate forms). */
  matchProduct(path: string): string | null;
  categoryPath(category: number): string;
  matchCategory(path: string): number | null;
  departmentPath(department: Department): string;
  sitemapIndex: string;
  robotsRules: string[];
  homePage(context: ShopContext, departments: Department[], featured: ShopProduct[]): string;
  departmentPage(context: ShopContext, department: Department): string;
  categoryPage(
    context: ShopContext,
    category: number,
    listing: { products: ShopProduct[]; page: number; pages: number; total: number },
  ): string;
  productPage(context: ShopContext, product: ShopProduct, related: ShopProduct[]): string;
  /**
   * For a category listed with a "Load more" control instead of numbered pages, the JSON its
   * `{category path}/more?{pageParam}=N` endpoint answers (the next cards as HTML, the next
   * address); null for a category with numbered pages.
   */
  moreResults?(
    context: ShopContext,
    category: number,
    listing: { products: ShopProduct[]; page: number; pages: number; total: number },
  ): string | null;
  /** Pages that are neither products nor listings (about, shipping), by path. */
  infoPages: Record<string, (context: ShopContext) => string>;
}

export interface LoggedRequest {
  /** Path after the shop's prefix, with its query. */
  path: string;
  at: number;
  userAgent: string;
}

const html = (body: string, status = 200): SiteResponse => ({
  status,
  contentType: "text/html; charset=utf-8",
  body,
});
const xml = (body: string | Uint8Array, gzip = false): SiteResponse => ({
  status: 200,
  contentType: gzip ? "application/gzip" : "application/xml; charset=utf-8",
  body,
});

export const categoryName = (spec: ShopSpec, index: number) => spec.categories[index]!.split("/")[1]!;

/** The departments (first half of each "Department/Category" name) and their categories. */
export function departmentsOf(spec: ShopSpec): Department[] {
  const byName = new Map<string, Department>();
  spec.categories.forEach((name, index) => {
    const top = name.split("/")[0]!;
    const department = byName.get(top) ?? { name: top, slug: slugify(top), children: [] };
    department.children.push(index);
    byName.set(top, department);
  });
  return [...byName.values()];
}

/** A day per generation, so lastmod moves when the catalogue does. */
const lastmod = (generation: number) => new Date(Date.UTC(2026, 10, 1 + generation)).toISOString().slice(0, 10);
const PRODUCTS_PER_SITEMAP = 1000;

export class ShopReplica {
  generation = 0;
  readonly log: LoggedRequest[] = [];

  readonly theme: ShopTheme;

  constructor(theme: ShopTheme) {
    this.theme = theme;
  }

  private live(): ShopProduct[] {
    return allProducts(this.theme.spec).filter((product) => isLive(product, this.generation));
  }

  /** Products a sitemap lists: live ones it knows, and ones taken down since the last generation (stale). */
  private sitemapProducts(): ShopProduct[] {
    return allProducts(this.theme.spec).filter(
      (p) =>
        (isLive(p, this.generation) && p.reach !== "categories") ||
        (p.reach !== "categories" && p.removedIn !== null && p.removedIn === this.generation && this.generation > 0),
    );
  }

  serve(base: string, path: string, query: URLSearchParams, userAgent: string): SiteResponse {
    const search = query.toString();
    this.log.push({ path: `${path}${search ? `?${search}` : ""}`, at: Date.now(), userAgent });
    const context: ShopContext = { base, generation: this.generation };
    const { theme } = this;
    if (path === "/robots.txt")
      return { status: 200, contentType: "text/plain; charset=utf-8", body: this.robots(base) };
    if (path === theme.sitemapIndex) return xml(this.sitemapIndex(base));
    const part = /^\/sitemaps\/(products-(\d+)|categories)\.xml\.gz$/.exec(path);
    if (part) {
      const body = part[2] ? this.productSitemap(base, Number(part[2])) : this.categorySitemap(base);
      return body === null ? html("<h1>Not found</h1>", 404) : xml(gzipSync(body), true);
    }
    if (path === "/" || path === "") {
      const featured = this.live()
        .filter((p) => p.reach !== "sitemap")
        .slice(0, 8);
      return html(theme.homePage(context, departmentsOf(theme.spec), featured));
    }
    const info = theme.infoPages[path];
    if (info) return html(info(context));
    const department = departmentsOf(theme.spec).find((d) => theme.departmentPath(d) === path);
    if (department) return html(theme.departmentPage(context, department));
    const more = /^(.*)\/more$/.exec(path);
    const category = theme.matchCategory(more ? more[1]! : path);
    if (category !== null) {
      const listed = this.live().filter((p) => p.category === category && p.reach !== "sitemap");
      const pages = Math.max(1, Math.ceil(listed.length / theme.perPage));
      const page = Number(query.get(theme.pageParam) ?? 1);
      if (!Number.isInteger(page) || page < 1 || page > pages) return html("<h1>Page not found</h1>", 404);
      const listing = {
        products: listed.slice((page - 1) * theme.perPage, page * theme.perPage),
        page,
        pages,
        total: listed.length,
      };
      if (!more) return html(theme.categoryPage(context, category, listing));
      const body = theme.moreResults?.(context, category, listing) ?? null;
      return body === null
        ? html("<h1>Page not found</h1>", 404)
        : { status: 200, contentType: "application/json; charset=utf-8", body };
    }
    const handle = theme.matchProduct(path);
    if (handle !== null) {
      const product = allProducts(theme.spec).find((p) => p.handle === handle);
      if (!product || !isLive(product, this.generation))
        return html(`<!doctype html><title>Not found</title><h1>This product is no longer available</h1>`, 404);
      const siblings = this.live().filter((p) => p.category === product.category && p.sku !== product.sku);
      const start = Number.parseInt(product.sku.slice(-3), 10) % Math.max(1, siblings.length);
      return html(theme.productPage(context, product, siblings.slice(start, start + 4)));
    }
    return html(`<!doctype html><title>Not found</title><h1>Page not found</h1><p>${escapeHtml(path)}</p>`, 404);
  }

  private robots(base: string): string {
    return [
      "User-agent: *",
      ...this.theme.robotsRules.map((rule) => `Disallow: ${rule}`),
      `Crawl-delay: ${this.theme.spec.crawlDelay}`,
      "",
      "User-agent: AdsBot-Google",
      "Disallow: /checkout",
      "",
      `Sitemap: ${base}${this.theme.sitemapIndex}`,
      "",
    ].join("\n");
  }

  private sitemapIndex(base: string): string {
    const files = Math.ceil(this.sitemapProducts().length / PRODUCTS_PER_SITEMAP);
    const entries = [
      ...Array.from({ length: files }, (_, index) => `${base}/sitemaps/products-${index + 1}.xml.gz`),
      `${base}/sitemaps/categories.xml.gz`,
    ].map((loc) => `  <sitemap><loc>${loc}</loc><lastmod>${lastmod(this.generation)}</lastmod></sitemap>`);
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
  }

  private productSitemap(base: string, file: number): string | null {
    const products = this.sitemapProducts().slice((file - 1) * PRODUCTS_PER_SITEMAP, file * PRODUCTS_PER_SITEMAP);
    if (products.length === 0) return null;
    return urlSet(
      products.map((p) => ({
        loc: `${base}${this.theme.productPath(p)}`,
        lastmod: lastmod(
          Math.max(p.addedIn, p.repricedIn !== null && p.repricedIn <= this.generation ? p.repricedIn : 0),
        ),
      })),
    );
  }

  private categorySitemap(base: string): string {
    const { theme } = this;
    return urlSet([
      ...departmentsOf(theme.spec).map((d) => ({ loc: `${base}${theme.departmentPath(d)}`, lastmod: lastmod(0) })),
      ...theme.spec.categories.map((_, index) => ({ loc: `${base}${theme.categoryPath(index)}`, lastmod: lastmod(0) })),
    ]);
  }
}

const urlSet = (entries: { loc: string; lastmod: string }[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
    .map(
      (e) =>
        `  <url><loc>${escapeHtml(e.loc)}</loc><lastmod>${e.lastmod}</lastmod><changefreq>daily</changefreq></url>`,
    )
    .join("\n")}\n</urlset>\n`;

/** The price a product shows now. */
export const priceNow = (product: ShopProduct, context: ShopContext) => priceAt(product, context.generation);
