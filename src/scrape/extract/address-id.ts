// The product's id as its own address writes it: `/itm/226771798286`, `/listing/550571276/…`,
// `item.htm?id=562283240178`, `/A-90377926`, `…-p-12345678.html`. Read from the page's canonical
// address first (a saved or redirected page still names itself), then the address it was fetched from.
import { metaTags, metaValue } from "./meta";
import type { HTMLElement } from "./dom";
import { selectOne } from "./select";

// An id has a digit: a slug of words (`/products/brass-sconce`) names the product but is no id.
const QUERY_ID =
  /[?&](?:id|item|itemid|item_id|productid|product_id|pid|sku|skuid|goods_id|articleid|article_id)=([\w-]*\d[\w-]*)/i;
// The id may run into its variant (`/p/701812622_white`), and a long number into the words after it
// (`/product/1190485849-floral-skull`); a short one there starts a slug (`/products/212-man`). `pd` is a
// product's page as `p` is (`/pd/10000468/royal-maida`).
const PATH_ID =
  /\/(?:itm|item|items|listing|dp|gp\/product|product|products|prod|p|pd|prd|sku|a|i)[/-](?:(\d{6,})-|([a-z0-9]*\d[a-z0-9]*)(?=[/?.#_]|$))/i;
// A long number ends the path (`…-12345678.html`), or a code of a few letters and a long number
// (`…-a1472925.html`); a code with a shorter one, or a number of five digits, only as the whole last
// segment (`/CE5145.html`, `/producto/pack-durex/48295`), since a model or a season ends many slugs
// (`…-ts5150.html`, `…-ss2024`); a "p" before five digits or more marks the number as the product's
// (`…_p76723.html`, `…-P249823652`), not a page's (`page_p0003`).
const TRAILING_ID =
  /(?:[-_]p(\d{5,14})|\/([a-z]{1,3}\d{4,14}|\d{5})|[-_/.](\d{6,14}|[a-z]{1,3}\d{6,14}))(?:\.html?|\/)?$/i;
const MAX_ID = 30;
// A bare `code` names the product only on a product's page (`/products/product?code=31273`); elsewhere it
// may be a voucher's or a sign-in's.
const PRODUCT_PATH = /\/(?:product|products|produkt|producto|produit|prodotto)(?:[/.]|$)/i;
const CODE = /[?&](?:code|productcode|product_code|itemcode|item_code)=([\w-]*\d[\w-]*)(?:&|$)/i;

const productCode = (url: URL) => (PRODUCT_PATH.test(url.pathname) ? (CODE.exec(url.search)?.[1] ?? null) : null);

const pathId = (path: string) => {
  const found = PATH_ID.exec(path);
  return found ? (found[1] ?? found[2] ?? null) : null;
};

const trailingId = (path: string) => {
  const found = TRAILING_ID.exec(path);
  return found ? (found[1] ?? found[2] ?? found[3] ?? null) : null;
};

/** The id one address gives (relative or protocol-relative ones against `base`), or null. */
export function idInAddress(address: string, base?: string): string | null {
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol)) return null;
  const id =
    QUERY_ID.exec(url.search)?.[1] ?? productCode(url) ?? pathId(url.pathname) ?? trailingId(url.pathname) ?? null;
  return id && id.length <= MAX_ID ? id : null;
}

/** The id the page's canonical address, its OpenGraph address or the address it was read from gives. */
export function addressId(root: HTMLElement, url: string): string | null {
  const canonical = selectOne(root, 'link[rel="canonical"]')?.getAttribute("href");
  const candidates = [canonical, metaValue(metaTags(root), "og:url"), url];
  for (const address of candidates) {
    const id = address ? idInAddress(address, url) : null;
    if (id) return id;
  }
  return null;
}
