// A shop recipe's start addresses are checked by the URL guard when the dataset is created, so
// a recipe that points inward (or at a name that does not resolve) is a 400 there, not a refresh
// that fails later; every fetch of the crawl is guarded again.
import { guardUrl, UnsafeUrlError } from "../../net/url-guard";
import { scrapeConfig } from "../../scrape/config";

/** Why each refused start address is refused, with its place in the list. */
export async function startUrlProblems(env: Env, urls: string[]): Promise<{ index: number; reason: string }[]> {
  const problems: { index: number; reason: string }[] = [];
  for (const [index, url] of urls.entries()) {
    try {
      await guardUrl(url, scrapeConfig(env).urlGuard);
    } catch (err) {
      if (!(err instanceof UnsafeUrlError)) throw err;
      problems.push({ index, reason: `${url} cannot be crawled: ${err.message}` });
    }
  }
  return problems;
}
