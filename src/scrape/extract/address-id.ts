// The product's id as its own address writes it: `/itm/226771798286`, `/listing/550571276/…`,
// `item.htm?id=562283240178`, `/A-90377926`, `…-p-12345678.html`. Read from the page's canonical
// address first (a saved or redirected page still names itself), then the address it was fetched from.
import { metaTags, metaValue } from "./meta";
import type { HTMLElement } from "./dom";
import { selectOne } from "./select";

// An id has a digit: a slug of words (`/products/brass-sconce`) names the product but is no id.
const QUERY_ID = /[?&](?:id|item|itemid|item_id|productid|product_id|pid|sku|skuid|goods_id)=([\w-]*\d[\w-]*)/i;
const PATH_ID =
  /\/(?:itm|item|items|listing|dp|gp\/product|product|products|p|prd|sku|a|i)[/-]([a-z0-9]*\d[a-z0-9]*)(?=[/?.#]|$)/i;
const TRAILING_NUMBER = /[-_/.](\d{6,14})(?:\.html?|\/)?$/i;
const MAX_ID = 30;

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
    QUERY_ID.exec(url.search)?.[1] ??
    PATH_ID.exec(url.pathname)?.[1] ??
    TRAILING_NUMBER.exec(url.pathname)?.[1] ??
    null;
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
