// Error classes that steer the scrape loop: retry the same engine, escalate to the next,
// or give up with an answer for the client.

/** The engine got a page but no data (empty shell, JS-rendered content): try the next engine. */
export class EngineEmpty extends Error {
  override name = "EngineEmpty";
}

/** The site refused (403/429) or kept challenging after rotation and solving. */
export class UpstreamBlocked extends Error {
  override name = "UpstreamBlocked";
}

/** The site or the browser did not answer in time. */
export class UpstreamTimeout extends Error {
  override name = "UpstreamTimeout";
}

/** The site says the page does not exist (404/410): no engine will do better. */
export class UpstreamNotFound extends Error {
  override name = "UpstreamNotFound";
}

/** CAPTCHA could not be solved: solver failed, timed out, or the monthly budget is spent. */
export class CaptchaFailed extends Error {
  override name = "CaptchaFailed";
}

/** Nothing could be fetched at all (e.g. the browser could not start). */
export class EngineUnavailable extends Error {
  override name = "EngineUnavailable";
}
