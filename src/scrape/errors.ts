// Error classes that steer the scrape loop: retry the same engine, escalate to the next,
// or give up with an answer for the client.

/** The caller's identifier cannot name a page on the site (a malformed id, a URL of another kind). */
export class InvalidLookup extends Error {
  override name = "InvalidLookup";

  constructor(
    /** The query parameter at fault, e.g. `asin`. */
    readonly parameter: string,
    /** What is wrong with it, e.g. `"x" is not a valid asin`. */
    readonly reason: string,
  ) {
    super(`A valid ${parameter} is required`);
  }
}

/** The engine got a page but no data (empty shell, JS-rendered content): try the next engine. */
export class EngineEmpty extends Error {
  override name = "EngineEmpty";
}

/** The site refused (403/429/5xx) or kept challenging after rotation and solving. */
export class UpstreamBlocked extends Error {
  override name = "UpstreamBlocked";
  /** Seconds the site asked us to wait (its `Retry-After`), when it said. */
  retryAfter?: number;

  constructor(message: string, options: { retryAfter?: number | null; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    if (options.retryAfter != null) this.retryAfter = options.retryAfter;
  }
}

/** The site or the browser did not answer in time. */
export class UpstreamTimeout extends Error {
  override name = "UpstreamTimeout";
}

/** The page is larger than we read or parse (bytes or elements): no engine will do better. */
export class PageTooLarge extends Error {
  override name = "PageTooLarge";
}

/** The site says the page does not exist (404/410): no engine will do better. */
export class UpstreamNotFound extends Error {
  override name = "UpstreamNotFound";
}

/** CAPTCHA could not be solved: solver failed, timed out, or the monthly budget is spent. */
export class CaptchaFailed extends Error {
  override name = "CaptchaFailed";
}

/** The solver refused the task or answered that it cannot solve it; solvers bill nothing for those. */
export class CaptchaUnsolved extends CaptchaFailed {
  override name = "CaptchaUnsolved";
}

/** The solver took the task but had no answer in time; it may still finish (and bill) it. */
export class SolverTimeout extends CaptchaFailed {
  override name = "SolverTimeout";
}

/** The account's monthly CAPTCHA cap is reached; solving resumes next month. */
export class CaptchaBudgetSpent extends CaptchaFailed {
  override name = "CaptchaBudgetSpent";
}

/** Nothing could be fetched at all (e.g. the browser could not start). */
export class EngineUnavailable extends Error {
  override name = "EngineUnavailable";
}

/** The browser shard asked has every slot taken: another shard may take the job at once. */
export class BrowserHostBusy extends EngineUnavailable {
  override name = "BrowserHostBusy";

  constructor(
    message: string,
    /** Jobs already queued there, so the job can queue where the fewest wait. */
    readonly waiting: number,
  ) {
    super(message);
  }
}

/**
 * The browser shard holding the job failed or was evicted before it answered: the job was lost
 * with it (the site did not refuse it), so another shard may run it again.
 */
export class BrowserHostLost extends EngineUnavailable {
  override name = "BrowserHostLost";
}

/**
 * A failure of a `fresh` scrape while the cache held a copy: the error carries when that copy was
 * read (epoch ms) up to the route, which tells the caller it may take the copy instead.
 */
export type PassedOverCopy = Error & { cachedCopyAt: number };

/** Marks a failed `fresh` scrape with when the cached copy it passed over was read. */
export function passedOverCopy(err: Error, cachedCopyAt: number): PassedOverCopy {
  return Object.assign(err, { cachedCopyAt });
}

/** When the cached copy a failed `fresh` scrape passed over was read; undefined when there was none. */
export function cachedCopyAt(err: unknown): number | undefined {
  return err instanceof Error && "cachedCopyAt" in err && typeof err.cachedCopyAt === "number"
    ? err.cachedCopyAt
    : undefined;
}

/**
 * Seconds from a `Retry-After` value (delay-seconds or an HTTP date, RFC 9110 §10.2.3);
 * null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}
