// The product's id as the page's markup names it: the labels shops print before it, in the languages of the
// corpus and beyond, read in the page's short texts (visible.ts) and stripped from a structured id written
// with its label (record.ts); and the product a reviews widget is told to show.
import type { HTMLElement } from "./dom";
import { selectOne } from "./select";

// A labelled id line in the languages of the corpus: "SKU: 123", "Item # 4410", "Art.-Nr. 88", "Código: X1",
// "EAN13 : 978…", "ISBN-13:", "ISBN nummer 978…", "Modelo: CW2288-111", 'מק"ט: IBF870P', "Chassis: F26SREE5281",
// "Manufacturer Part Number", "Stock No:", "Ürün kodu", "Varenr.", "Tuotenumero", "Cikkszám", "Κωδικός", "رمز المنتج",
// "Numer:", "Cod Produs:".
const ID_LABEL =
  "(?:(?:manufacturer|mfr\\.?|mfg\\.?|vendor|supplier|contractor)(?:'s)?\\s+)?(?:item|sku|product|article|art\\.?|model|modelo|modello|mod[èe]le|part|style|catalog|mpn|(?:upc|ean|gtin|isbn)(?:-?(?:8|10|12|13|14))?|asin)\\s*(?:#|no\\.?|nr\\.?|number|nummer|code|id)?|stock\\s*(?:#|no\\.?|number)|art\\.?-?nr\\.?|artikelnummer|artikel-?nr\\.?|bestellnummer|herstellernummer|modellnummer|r[ée]f[ée]rence|r[ée]f\\.?|c[óo]digo|c[óo]d(?:ul)?\\.?(?:\\s+(?:item|produs|articol))?|referencia|codice(?: articolo)?|kod(?: produktu)?|numer(?: katalogowy| produktu)?|nr (?:katalogowy|produktu)|artikelnummer|артикул|код(?: товара)?|商品番号|品番|型番|商品コード|货号|型号|商品编号|mã sp|mã sản phẩm|mã hàng|מק[\"״']?ט|chassis|hersteller-?nr\\.?|ürün kodu|stok kodu|vare-?nr\\.?|varenummer|varunummer|artikelnr\\.?|tuotenumero|tuotekoodi|cikkszám|termékkód|kód(?: produktu)?|katalogové číslo|šifra(?: proizvoda)?|κωδικός(?: προϊόντος)?|رمز المنتج|کد (?:محصول|کالا)|รหัสสินค้า|상품번호|商品編號";
// A label may open with a "#" ("#Артикул 4998"), and ends where a word does: "Artikelnummer56477395" is
// that label and its number, not "Art" and "ikelnummer56477395". Label and id may stand in brackets after a
// name ("(Cód. Item 462100)").
export const SKU_LABEL = new RegExp(
  `^[(\\[]?#?(?:${ID_LABEL})(?![a-z])\\s*[:#.]?\\s*([\\p{Lu}0-9][\\p{L}\\p{N}_./-]{2,30}(?:#[A-Z0-9]{2,4})?)[)\\]]?$`,
  "iu",
);
// A label alone may end in a dash before its value's own element ("Артикул - ").
export const SKU_LABEL_ALONE = new RegExp(`^#?(?:${ID_LABEL})\\s*[:#.\\-–—]?$`, "iu");

/**
 * The id a text holds after its label and a space, colon or "#" ("Item # 101095" → "101095"); null where
 * the text is no label and id. An id that opens with a label's letters ("SKU12345", "ART-881") is whole.
 */
export const idAfterLabel = (text: string): string | null =>
  /[\s:#]/.test(text.trim()) ? (SKU_LABEL.exec(text.trim())?.[1] ?? null) : null;

// Bazaarvoice's widgets name the product whose reviews they show by the shop's own id (`data-bv-product-id="0687094P"`).
const WIDGET_ID = "data-bv-product-id";

/**
 * The shop's id of the product a reviews widget on the page shows, or null: asked only where no reader
 * gave an id, one look-up of the attribute in the page index.
 */
export function reviewWidgetId(root: HTMLElement): string | null {
  const id = selectOne(root, `[${WIDGET_ID}]`)?.getAttribute(WIDGET_ID)?.trim();
  return id && /\d/.test(id) && !id.includes("{") ? id : null;
}
