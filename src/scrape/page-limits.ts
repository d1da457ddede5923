// How much of one page the service reads and parses, whichever engine loads it, so one page cannot
// exhaust an isolate (128 MB in production) that other accounts' requests share.
import { BodyTooLarge, sizeText } from "../net/read-body";
import { PageTooLarge } from "./errors";

/**
 * Bytes read of one page (and of any one response a browser page gets through the proxy pool):
 * 10 MB, three times the largest real page saved in test/fixtures (3.1 MB, an Amazon product page).
 * Read as a stream and stopped here: the rest is never downloaded.
 */
export const MAX_PAGE_BYTES = 10 * 1024 * 1024;

/**
 * Elements the HTML parser builds for one page. node-html-parser spends about 0.8 KB of heap per
 * element, so 40,000 stay near 35 MB; the busiest saved page has 15,809 tags. Counted before parsing.
 */
export const MAX_PAGE_ELEMENTS = 40_000;

/**
 * Characters of one JSON value read out of a page (JSON-LD, embedded state): JSON.parse builds
 * several times its text in objects. The largest script of a saved page is 0.82 MB.
 */
export const MAX_PAGE_JSON_CHARS = 2_000_000;

const TOO_LARGE = {
  bytes: `it is larger than ${sizeText(MAX_PAGE_BYTES)}, the most we read from one page`,
  elements: `it has more than ${MAX_PAGE_ELEMENTS.toLocaleString("en-US")} elements, the most we parse in one page`,
};

/** The error for a page past one of the caps: too many bytes (the default) or too many elements. */
export const pageTooLarge = (by: keyof typeof TOO_LARGE = "bytes") => new PageTooLarge(TOO_LARGE[by]);

/** A body read with `MAX_PAGE_BYTES` that went past it, as the page error the scrape loop stops on. */
export function asPageError(err: unknown): unknown {
  return err instanceof BodyTooLarge ? pageTooLarge() : err;
}

/**
 * Throws `PageTooLarge` when `html` is longer than a page we read (a browser's DOM can outgrow its
 * download) or has more start tags than `MAX_PAGE_ELEMENTS` (every `<` followed by a letter: an upper
 * bound of the elements the parser makes). One pass, nothing allocated.
 */
export function assertParseable(html: string): void {
  if (html.length > MAX_PAGE_BYTES) throw pageTooLarge();
  let tags = 0;
  for (let at = html.indexOf("<"); at >= 0; at = html.indexOf("<", at + 1)) {
    const next = html.charCodeAt(at + 1) | 0x20;
    if (next >= 0x61 && next <= 0x7a && ++tags > MAX_PAGE_ELEMENTS) throw pageTooLarge("elements");
  }
}
