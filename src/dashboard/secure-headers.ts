import type { Context } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";

/**
 * The playground shows product images from the marketplaces' own servers: any https image may
 * load (an image cannot run script). Local development adds http, where the replica sites are.
 */
const productImages = (c: Context) => (c.env?.ENVIRONMENT === "development" ? "https: http:" : "https:");

/**
 * Browser protections for every dashboard response, from hono's `secure-headers`. Inline `<style>`
 * and `<script>` run only with the per-response nonce the layout puts on them (`c.get("secureHeadersNonce")`),
 * so injected markup cannot run script; `frame-ancestors 'none'` and `X-Frame-Options: DENY` stop
 * clickjacking in old and new browsers alike.
 *
 * @example
 * dashboard.use(dashboardSecureHeaders());
 */
export function dashboardSecureHeaders() {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: [NONCE],
      styleSrc: [NONCE],
      imgSrc: ["'self'", "data:", productImages],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: "DENY",
    // Not `no-referrer`: under it browsers send `Origin: null` on form posts (Fetch standard,
    // "append a request Origin header"), and the CSRF origin check would refuse every form.
    referrerPolicy: "same-origin",
  });
}
