// The product page as the API answers it: the adapter's readings resolved field by field
// (scrape/extract/record.ts), with each field's source and whether the page is a product at all.
import type { FieldSource } from "../scrape/completeness";
import { pageAddress, provenance } from "../scrape/provenance";
import { readingOnce } from "../scrape/extract/dom";
import { fieldTrust, type FieldTrust } from "../scrape/extract/confidence";
import { explainProduct } from "../scrape/extract/evidence";
import { readPage } from "../scrape/extract/page";
import { notAProduct, type NotAProduct } from "../scrape/extract/page-kind";
import { buildProduct } from "../scrape/extract/record";
import type { ProductRecord } from "../scrape/types";
import type { ProductPlatform } from "./types";

/** The product a page shows: the adapter's readings resolved field by field (extract/record.ts). */
export function parseProduct(platform: ProductPlatform, html: string, url: string): ProductRecord {
  return buildProduct(url, platform.readProduct(html, url));
}

/** The same record with each field's candidates, winner and agreeing readers (`npm run extract -- --explain`). */
export const explainPage = (platform: ProductPlatform, html: string, url: string) =>
  explainProduct(url, platform.readProduct(html, url));

/** A product page as the API answers it: the record, each field's source, and what the page is if not a product. */
export interface ProductReading {
  product: ProductRecord;
  sources: Partial<Record<keyof ProductRecord, FieldSource>>;
  /** Fields a reader showed that none could use (a price of 0): `unreadable`, not `not_on_page`. */
  unreadable: (keyof ProductRecord)[];
  /** Set when the page holds no product. */
  notAProduct: NotAProduct | null;
  /**
   * Each filled field's calibrated confidence, and the fields whose readers disagree with no rule to decide;
   * absent from a reading cached before confidence was measured.
   */
  trust?: FieldTrust;
}

/** The page read once for its product, the product's provenance and whether it is a product page at all. */
export function readProductPage(platform: ProductPlatform, html: string, url: string): ProductReading {
  return readingOnce(html, () => {
    const { record, fields } = explainPage(platform, html, url);
    const evidence = new Map(fields.map((found) => [found.field, found]));
    // Values no reader gave outright: the id is the ASIN or SKU read, the URL the page's own address.
    const idFrom =
      record.id === null
        ? undefined
        : record.id === record.asin
          ? "asin"
          : record.id === record.sku
            ? "sku"
            : undefined;
    const sources: ProductReading["sources"] = provenance(
      fields.map((found) => found.field),
      (field) => {
        const { source, agreed } = evidence.get(field)!;
        return source === null ? null : { source, agreed };
      },
      (field, given) => {
        if (field === "id") return (idFrom && given[idFrom]) || null;
        return field === "url" && record.url ? pageAddress() : null;
      },
    );
    return {
      product: record,
      sources,
      unreadable: fields.filter((f) => f.source === null && f.passedOver.length > 0).map((f) => f.field),
      notAProduct: notAProduct(readPage(html, url), fields),
      trust: fieldTrust(fields),
    };
  });
}
