import { Webhook } from "standardwebhooks";
import type { WebhookEndpointRow } from "../db/schema-events";

/** `whsec_` + 24 random bytes in base64, the Standard Webhooks secret format. */
export function newWebhookSecret(): string {
  return `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24))))}`;
}

/** Secrets that sign right now: the current one and, during a rotation overlap, the previous one. */
export function signingSecrets(
  endpoint: Pick<WebhookEndpointRow, "secret" | "previousSecret" | "previousSecretExpiresAt">,
  now = Date.now(),
): string[] {
  const overlap =
    endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt.getTime() > now;
  return overlap ? [endpoint.secret, endpoint.previousSecret!] : [endpoint.secret];
}

/**
 * The three Standard Webhooks headers. With two secrets the signature header lists both
 * (`v1,a v1,b`), so a receiver verifies with whichever secret it holds.
 */
export function signedHeaders(
  secrets: string[],
  messageId: string,
  payload: string,
  now = new Date(),
): Record<string, string> {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(messageId, now, payload));
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}
