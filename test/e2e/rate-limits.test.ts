import { describe, expect, inject, it } from "vitest";
import { createAccountKey } from "../../scripts/local-stack.ts";
import { awayFromMinuteEdge } from "../support/clock.ts";

const baseUrl = inject("baseUrl");
const adminToken = inject("adminToken");

async function burst(secret: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, () => fetch(`${baseUrl}/v1/usage`, { headers: { "X-API-KEY": secret } })),
  );
}

describe("rate limits through wrangler dev", () => {
  it("admits exactly 10 of 25 parallel requests with a free key", async () => {
    const { secret } = await createAccountKey(baseUrl, adminToken, { name: "e2e free", plan: "free" });
    await awayFromMinuteEdge();
    const answers = await burst(secret, 25);
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    for (const response of answers.filter((r) => r.status === 429)) {
      const retryAfter = Number(response.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
  });

  it("admits exactly 10 of 75 parallel requests spread over a free account's 5 keys", async () => {
    const { accountId, secret } = await createAccountKey(baseUrl, adminToken, {
      name: "e2e free, five keys",
      plan: "free",
    });
    await awayFromMinuteEdge();
    const secrets = [secret];
    for (let i = 0; i < 4; i++) {
      const made = await fetch(`${baseUrl}/v1/keys`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-API-KEY": secret },
        body: JSON.stringify({ name: `extra ${i}` }),
      });
      expect(made.status, `key for ${accountId}`).toBe(201);
      secrets.push(((await made.json()) as { data: { secret: string } }).data.secret);
    }
    // Making the four keys counted against this minute: 6 of the 10 are left, for all five keys together.
    const answers = await Promise.all(
      Array.from({ length: 75 }, (_, i) => fetch(`${baseUrl}/v1/usage`, { headers: { "X-API-KEY": secrets[i % 5]! } })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10 - 4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(75 - 6);
  });

  it("admits exactly 100 of 150 parallel requests with a pro key", async () => {
    const { secret } = await createAccountKey(baseUrl, adminToken, { name: "e2e pro", plan: "pro" });
    await awayFromMinuteEdge();
    const statuses = (await burst(secret, 150)).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
  });

  it("refuses a revoked key within 5 seconds", async () => {
    const { secret, keyId } = await createAccountKey(baseUrl, adminToken, { name: "e2e revoke", plan: "pro" });
    expect((await fetch(`${baseUrl}/v1/usage`, { headers: { "X-API-KEY": secret } })).status).toBe(200);
    const revokedAt = Date.now();
    const revoke = await fetch(`${baseUrl}/v1/admin/keys/${keyId}/revoke`, {
      method: "POST",
      headers: { "X-Admin-Token": adminToken },
    });
    expect(revoke.status).toBe(200);
    let status = 200;
    while (status === 200 && Date.now() - revokedAt < 6_000) {
      status = (await fetch(`${baseUrl}/v1/usage`, { headers: { "X-API-KEY": secret } })).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThan(5_000);
  });
});
