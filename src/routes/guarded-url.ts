// The address a route reads, once the URL guard accepts it: the one check every `url=` parameter
// passes before anything is fetched (names are resolved and checked again by the engines, which guard
// every request they make, redirects included).
import { urlGuardOptions } from "../net/guard-options";
import { checkUrl } from "../net/url-guard";
import { scrapeErrorToApi } from "./scrape-errors";

/**
 * `url` as the guard writes it, without its fragment (never sent to a site, so two fragments are one
 * page and one cache entry); a refused address is the 400 naming `url`.
 */
export function guardedUrl(env: Env, url: string): string {
  try {
    const checked = checkUrl(url, urlGuardOptions(env)).url;
    checked.hash = "";
    return checked.toString();
  } catch (err) {
    throw scrapeErrorToApi(err);
  }
}
