// How loading a site's page ended, said the same way for a platform's search (`data.meta.platforms`)
// and for a hotel page read to fill a search result (a failed one makes its fields `blocked`).
import { CaptchaFailed, UpstreamBlocked, UpstreamTimeout } from "../scrape/errors";

export type PlatformStatus = "ok" | "timeout" | "blocked" | "error";
export type PageFailure = Exclude<PlatformStatus, "ok">;

export function failureOf(err: unknown): PageFailure {
  if (err instanceof UpstreamTimeout) return "timeout";
  if (err instanceof UpstreamBlocked || err instanceof CaptchaFailed) return "blocked";
  return "error";
}
