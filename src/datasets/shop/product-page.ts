// Which pages of a shop are product pages, decided by the readers' own signals and no URL shape.
import { PAGE_READERS } from "../../scrape/extract/page-kind";
import type { ProductReading } from "../../platforms/product-page";

/**
 * Whether a page is one product, by the readers' own signals: page-kind.ts finds no listing,
 * sign-in or empty page, and either a structured reader (not one that reads any page: heading,
 * title, meta) names the product, or the page shows a price and its own id (a SKU label). A shop's
 * home or about page passes page-kind.ts as a "thin product" for a caller who asked for a product;
 * a crawl asked for none, so it needs the stronger signal.
 */
export function isProductPage(reading: ProductReading): boolean {
  if (reading.notAProduct || !reading.product.title) return false;
  const source = (field: keyof ProductReading["sources"]) => reading.sources[field]?.source ?? null;
  const title = source("title");
  if (title !== null && !PAGE_READERS.has(title)) return true;
  const id = source("sku") ?? source("id");
  return source("price") !== null && id !== null && id !== "page address";
}
