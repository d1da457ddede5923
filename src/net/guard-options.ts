// The URL guard's settings from bindings: the resolver, and the loopback allow-list that only
// local development may have.
import { CLOUDFLARE_DOH_URL, dohResolver } from "./doh";
import type { UrlGuardOptions } from "./url-guard";

/** Only an explicit `ENVIRONMENT = "development"` unlocks the local replicas and test receivers. */
export const isDevelopment = (env: Env) => (env.ENVIRONMENT as string | undefined) === "development";

/**
 * The guard's options for this request. `SSRF_ALLOW_HOSTS` and `REPLICA_ORIGIN` reach loopback
 * on purpose, so outside development they are ignored: a deploy that ships them by mistake
 * still cannot be steered inward.
 */
export function urlGuardOptions(env: Env): UrlGuardOptions {
  const allowHosts: string[] = [];
  if (isDevelopment(env)) {
    allowHosts.push(
      ...(env.SSRF_ALLOW_HOSTS ?? "")
        .split(",")
        .map((host) => host.trim())
        .filter(Boolean),
    );
    if (env.REPLICA_ORIGIN) allowHosts.push(new URL(env.REPLICA_ORIGIN).host);
  }
  return { allowHosts, resolve: dohResolver(env.DOH_URL || CLOUDFLARE_DOH_URL) };
}
