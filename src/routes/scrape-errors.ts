import { ApiError } from "../errors";
import {
  cachedCopyAt,
  CaptchaBudgetSpent,
  CaptchaFailed,
  EngineEmpty,
  InvalidLookup,
  EngineUnavailable,
  PageTooLarge,
  UpstreamBlocked,
  UpstreamNotFound,
  UpstreamTimeout,
} from "../scrape/errors";
import { UnsafeUrlError } from "../net/url-guard";

/** A site's own Retry-After is passed on, within these bounds (seconds). */
const MIN_RETRY_AFTER = 1;
const MAX_RETRY_AFTER = 300;

/** Seconds until the next calendar month (UTC), when monthly CAPTCHA caps reset. */
function secondsToNextMonth(now = new Date()): number {
  return Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - now.getTime()) / 1000);
}

/**
 * Turns scrape-engine failures into the answers the API documents. A `fresh=true` call that failed
 * while a cached copy exists says how old that copy is, so the caller may choose to take it.
 */
export function scrapeErrorToApi(err: unknown): unknown {
  const answer = scrapeFailure(err);
  const cachedAt = cachedCopyAt(err);
  if (!(answer instanceof ApiError) || cachedAt === undefined) return answer;
  const ageSeconds = Math.max(0, Math.round((Date.now() - cachedAt) / 1000));
  return new ApiError(answer.code, answer.message, {
    retryAfter: answer.retryAfter,
    charged: answer.charged,
    details: [
      ...answer.details,
      {
        parameter: "fresh",
        in: "query",
        message: `a copy read ${new Date(cachedAt).toISOString()} (${ageSeconds} s ago) is cached: without fresh=true it stands in, marked stale, when the site fails`,
      },
    ],
  });
}

function scrapeFailure(err: unknown): unknown {
  if (err instanceof UnsafeUrlError) {
    return new ApiError("invalid_request", `The URL ${err.message}.`, {
      details: [{ parameter: "url", in: "query", message: err.message }],
    });
  }
  if (err instanceof InvalidLookup) {
    return new ApiError("invalid_request", `${err.message}: ${err.reason}.`, {
      details: [{ parameter: err.parameter, in: "query", message: err.reason }],
    });
  }
  // The answer the caller paid for: the product or page is gone. Charged, unlike every other error.
  if (err instanceof UpstreamNotFound)
    return new ApiError("not_found", "The site says this page does not exist.", { charged: true });
  // No Retry-After: asking again would meet the same page.
  if (err instanceof PageTooLarge)
    return new ApiError("upstream_blocked", `The page could not be read: ${err.message}.`);
  if (err instanceof CaptchaBudgetSpent)
    return new ApiError("upstream_blocked", `The site asked for a CAPTCHA and ${err.message}.`, {
      retryAfter: secondsToNextMonth(),
    });
  if (err instanceof CaptchaFailed)
    return new ApiError("upstream_blocked", `The site asked for a CAPTCHA that could not be solved: ${err.message}.`, {
      retryAfter: 30,
    });
  if (err instanceof UpstreamBlocked) {
    const retryAfter =
      err.retryAfter === undefined
        ? 30
        : Math.min(MAX_RETRY_AFTER, Math.max(MIN_RETRY_AFTER, Math.ceil(err.retryAfter)));
    return new ApiError("upstream_blocked", `The page could not be fetched: ${err.message}. Retry later.`, {
      retryAfter,
    });
  }
  if (err instanceof EngineEmpty)
    return new ApiError("upstream_blocked", "The page was fetched but held no data we could read.", { retryAfter: 30 });
  if (err instanceof UpstreamTimeout)
    return new ApiError("upstream_timeout", `The site did not answer in time: ${err.message}.`, { retryAfter: 10 });
  if (err instanceof EngineUnavailable)
    return new ApiError("unavailable", `Scraping is briefly unavailable: ${err.message}.`, { retryAfter: 10 });
  return err;
}
