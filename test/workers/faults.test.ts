// Faults in the storage the hot path depends on: each answered with the documented 503 envelope
// and Retry-After, never a bare 500 and never an unlimited admission.
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { callApp, env, newAccount, withKey } from "./helpers";

describe("faults on the hot path", () => {
  it("answers 503 unavailable with Retry-After when the rate limiter Durable Object throws", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const overloaded = {
      idFromName: (name: string) => env.RATE_LIMITER.idFromName(name),
      get: () => ({ consume: () => Promise.reject(new Error("Durable Object is overloaded. Requests queued for too long.")) }),
    };
    const response = await callApp(createApp(), "/v1/usage", withKey(secret), { ...env, RATE_LIMITER: overloaded });
    const body = (await response.json()) as any;
    expect(response.status).toBe(503);
    expect(body.error.code).toBe("unavailable");
    expect(response.headers.get("Retry-After")).toBe("1");
    expect(JSON.stringify(body)).not.toContain("overloaded");
  });

  it("answers 503 unavailable with Retry-After when D1 fails during a key lookup", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const failingDb = new Proxy(env.DB, {
      get(target, property) {
        if (property === "prepare") return () => { throw new Error("D1_ERROR: Network connection lost."); };
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    // A fresh secret is not in the isolate's key cache, so the lookup reaches D1.
    const response = await callApp(createApp(), "/v1/usage", withKey(secret), { ...env, DB: failingDb });
    const body = (await response.json()) as any;
    expect(response.status).toBe(503);
    expect(body.error.code).toBe("unavailable");
    expect(response.headers.get("Retry-After")).toBe("1");
    expect(JSON.stringify(body)).not.toMatch(/D1_ERROR|Network connection/);
  });

  it("reports degraded health, not an error, when KV fails", async () => {
    const failingKv = { get: () => Promise.reject(new Error("KV GET failed: 503")) };
    const response = await callApp(createApp(), "/v1/health", {}, { ...env, CACHE: failingKv });
    const body = (await response.json()) as any;
    expect(response.status).toBe(200);
    expect(body.data.status).toBe("degraded");
    expect(body.data.components.kv.status).toBe("down");
  });
});
