// The replicas' CAPTCHA: a reCAPTCHA-style page, the tokens the solver stand-in hands out
// (`solved.<sitekey>.<hmac>`), and the signed `replica_pass` cookie a solved challenge earns.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { html, page } from "./html.ts";

/** Shared with the solver stand-in, so a token it produces verifies here. */
export const SOLVER_SECRET = "replica-solver-secret";
export const PASS_COOKIE = "replica_pass";

export function siteKeyFor(platform: string): string {
  return `replica-site-key-${platform}`;
}

function hmacHex(secret: string, text: string): string {
  return createHmac("sha256", secret).update(text).digest("hex");
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The token a solver returns for `siteKey`. */
export function solvedToken(siteKey: string): string {
  return `solved.${siteKey}.${hmacHex(SOLVER_SECRET, siteKey)}`;
}

export function isValidToken(token: string, siteKey: string): boolean {
  return sameText(token, solvedToken(siteKey));
}

/** The challenge page served in place of any page of `platform` while its challenge is on. */
export function challengePage(platform: string, returnTo: string): string {
  return page({
    title: "Robot Check",
    body: html`<div class="challenge-container">
  <h1>Please verify you are a human</h1>
  <p>We have detected unusual traffic from your network. Complete the check below to continue.</p>
  <form id="challenge-form" method="POST" action="/${platform}/_challenge/verify">
    <input type="hidden" name="return_to" value="${returnTo}">
    <div class="g-recaptcha" data-sitekey="${siteKeyFor(platform)}" data-callback="onSolved"></div>
    <textarea id="g-recaptcha-response" name="g-recaptcha-response" class="g-recaptcha-response" style="display:none"></textarea>
    <button type="submit">Continue</button>
  </form>
</div>`,
  });
}

/**
 * Signs and checks pass cookies with a secret made once per server. The value names the
 * platform it was earned on, so a pass for one site opens no other.
 */
export class PassSigner {
  private readonly secret = randomBytes(32).toString("hex");

  issue(platform: string): string {
    const nonce = randomBytes(8).toString("hex");
    return `${platform}.${nonce}.${hmacHex(this.secret, `${platform}.${nonce}`)}`;
  }

  /** Whether the request's Cookie header carries a pass for `platform`. */
  admits(cookieHeader: string | undefined, platform: string): boolean {
    for (const pair of (cookieHeader ?? "").split(";")) {
      const [name, ...rest] = pair.trim().split("=");
      if (name !== PASS_COOKIE) continue;
      const [owner, nonce, signature] = rest.join("=").split(".");
      if (owner === platform && nonce && signature && sameText(signature, hmacHex(this.secret, `${owner}.${nonce}`)))
        return true;
    }
    return false;
  }
}

/** Only a path on the same platform is a safe place to send the visitor back to. */
export function safeReturnPath(returnTo: string | null, platform: string): string {
  const fallback = `/${platform}/`;
  if (!returnTo?.startsWith(`/${platform}/`) || returnTo.startsWith("//") || /[\\\r\n]/.test(returnTo)) return fallback;
  return returnTo;
}
