// Retries, deadlines and errors of the TypeScript client against a scripted server on 127.0.0.1
// that fails first: each attempt is counted there, so a retry that did not happen cannot pass.
import { getEventListeners } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { createWebDataClient, WebDataConnectionError, WebDataError, WebDataTimeoutError } from "../src/index.ts";
import { backoffMs } from "../src/transport.ts";
import { envelopeError, ok, type Step, startFlakyServer } from "./flaky-server.ts";

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

async function serve(script: Step[]) {
  const server = await startFlakyServer(script);
  stop = server.stop;
  // Backoff starts at 20 ms here, so a test of several retries stays short.
  const client = createWebDataClient({ baseUrl: server.url, apiKey: "wdk_test", retryBaseDelayMs: 20 });
  return { server, client };
}

const usage = { account_id: "acc_1" };

describe("retries of safe requests", () => {
  it("retries a 503 and answers the 200 that follows", async () => {
    const { server, client } = await serve([envelopeError(503, "unavailable", "busy"), ok(usage)]);
    const answer = await client.usage();
    expect(answer.data.account_id).toBe("acc_1");
    expect(server.attempts.map((a) => a.method)).toEqual(["GET", "GET"]);
  });

  it("waits out a 429's Retry-After before the next attempt", async () => {
    const { server, client } = await serve([
      envelopeError(429, "rate_limited", "slow down", { "Retry-After": "1" }),
      ok(usage),
    ]);
    await client.usage();
    expect(server.attempts).toHaveLength(2);
    expect(server.attempts[1]!.at - server.attempts[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it("retries a dropped connection, a 502 and a 504 in turn", async () => {
    const { server, client } = await serve([
      { drop: true },
      envelopeError(502, "upstream_blocked", "blocked"),
      envelopeError(504, "upstream_timeout", "slow"),
      ok(usage),
    ]);
    expect((await client.usage()).data.account_id).toBe("acc_1");
    expect(server.attempts).toHaveLength(4);
  });

  it("retries a connection dropped in the middle of the body", async () => {
    const { server, client } = await serve([{ dropMidBody: true }, ok(usage)]);
    expect((await client.usage()).data.account_id).toBe("acc_1");
    expect(server.attempts).toHaveLength(2);
  });

  it("stops after maxRetries and throws the last answer's error with its request id", async () => {
    const { server, client } = await serve([envelopeError(503, "unavailable", "still busy")]);
    const error = await client.usage().catch((e: unknown) => e);
    expect(server.attempts).toHaveLength(4);
    expect(error).toBeInstanceOf(WebDataError);
    expect(error).toMatchObject({ status: 503, code: "unavailable", message: "still busy", requestId: "req_flaky" });
  });

  it("answers a Retry-After longer than maxRetryAfterSeconds at once (a used-up month)", async () => {
    const { server, client } = await serve([
      envelopeError(429, "quota_exceeded", "month used up", { "Retry-After": "86400" }),
      ok(usage),
    ]);
    const error = await client.usage().catch((e: unknown) => e);
    expect(server.attempts).toHaveLength(1);
    expect(error).toMatchObject({ status: 429, code: "quota_exceeded", retryAfter: 86400 });
  });

  it("gives up on a refused connection with a WebDataConnectionError", async () => {
    const { server } = await serve([ok(usage)]);
    await server.stop();
    stop = undefined;
    const client = createWebDataClient({ baseUrl: server.url, apiKey: "wdk_test", retryBaseDelayMs: 5, maxRetries: 2 });
    const error = await client.usage().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebDataConnectionError);
    expect(error).toMatchObject({ status: 0, code: "network_error" });
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
  });

  it("does not retry a 400: the request itself is wrong", async () => {
    const { server, client } = await serve([envelopeError(400, "invalid_request", "limit is 1 to 100"), ok(usage)]);
    await expect(client.usage()).rejects.toMatchObject({ status: 400, code: "invalid_request" });
    expect(server.attempts).toHaveLength(1);
  });
});

describe("POST", () => {
  const job = { id: "job_1", status: "queued" };

  it("creates a job with an Idempotency-Key, so a 503 or a dropped connection is retried with the same key", async () => {
    const { server, client } = await serve([envelopeError(503, "unavailable", "busy"), { drop: true }, ok(job)]);
    const created = await client.jobs.create({ requests: [{ path: "/v1/categories" }] });
    expect(created.data.id).toBe("job_1");
    expect(server.attempts.map((a) => a.method)).toEqual(["POST", "POST", "POST"]);
    const keys = server.attempts.map((a) => a.headers["idempotency-key"]);
    expect(keys[0]).toMatch(/^sdk-/);
    expect(new Set(keys).size).toBe(1);
  });

  it("sends the caller's own Idempotency-Key", async () => {
    const { server, client } = await serve([ok(job)]);
    await client.jobs.create({ requests: [{ path: "/v1/categories" }] }, { idempotencyKey: "nightly-1" });
    expect(server.attempts[0]!.headers["idempotency-key"]).toBe("nightly-1");
  });

  it("does not retry a POST without an Idempotency-Key (a repeat would make a second object)", async () => {
    const { server, client } = await serve([envelopeError(503, "unavailable", "busy"), ok({ id: "wh_1" })]);
    await expect(client.webhooks.create({ url: "https://example.com/hook" })).rejects.toMatchObject({ status: 503 });
    expect(server.attempts).toHaveLength(1);
  });
});

describe("deadlines", () => {
  it("ends a call that outlives its timeout with a WebDataTimeoutError", async () => {
    const { server, client } = await serve([{ ...ok(usage), delayMs: 2_000 }]);
    const started = Date.now();
    const error = await client.usage({ timeout: 200 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebDataTimeoutError);
    expect(error).toMatchObject({ code: "timeout", status: 0 });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(server.attempts).toHaveLength(1);
  });

  it("counts retries and their waits inside the timeout", async () => {
    const { server, client } = await serve([envelopeError(503, "unavailable", "busy", { "Retry-After": "5" })]);
    // A Retry-After of 5 s lies past a 2-s deadline: the client gives up at once instead of waiting.
    const error = await client.usage({ timeout: 2_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebDataTimeoutError);
    expect(server.attempts).toHaveLength(1);
  });

  it("stops at the caller's AbortSignal with its reason, not retrying", async () => {
    const { server, client } = await serve([{ ...ok(usage), delayMs: 5_000 }]);
    const controller = new AbortController();
    const call = client.usage({ signal: controller.signal });
    // Aborted once the server holds the request, however long a busy machine took to send it.
    for (let wait = 0; wait < 200 && server.attempts.length === 0; wait++) await sleep(25);
    controller.abort(new Error("user left"));
    await expect(call).rejects.toThrow("user left");
    expect(server.attempts).toHaveLength(1);
  });

  it("leaves no listener on a signal reused for many calls", async () => {
    const { server, client } = await serve([ok(usage)]);
    const controller = new AbortController();
    for (let i = 0; i < 5; i++) await client.usage({ signal: controller.signal });
    expect(server.attempts).toHaveLength(5);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });
});

describe("waitForJob", () => {
  const job = (status: string, progress: number) => ({ id: "job_1", status, progress, counts: {} });

  it("polls until the job finishes, telling each read to onProgress", async () => {
    const { server, client } = await serve([
      ok(job("queued", 0)),
      ok(job("running", 50)),
      envelopeError(503, "unavailable", "busy"),
      ok(job("completed", 100)),
    ]);
    const seen: string[] = [];
    const done = await client.waitForJob("job_1", {
      pollInterval: 10,
      onProgress: (j) => seen.push(`${j.status} ${j.progress}`),
    });
    expect(done.status).toBe("completed");
    expect(seen).toEqual(["queued 0", "running 50", "completed 100"]);
    expect(server.attempts.every((a) => a.path === "/v1/jobs/job_1")).toBe(true);
  });

  it("throws a WebDataTimeoutError when the job is still running at the timeout", async () => {
    const { client } = await serve([ok(job("running", 10))]);
    await expect(client.waitForJob("job_1", { pollInterval: 20, timeout: 100 })).rejects.toMatchObject({
      code: "timeout",
      message: expect.stringContaining("still running (10%)"),
    });
  });
});

describe("backoff", () => {
  it("doubles from the base with jitter between half and all of it, capped", () => {
    const policy = { maxRetries: 5, maxRetryAfterSeconds: 60, baseDelayMs: 500, maxDelayMs: 8_000 };
    expect([0, 1, 2, 3, 4, 5].map((attempt) => backoffMs(policy, attempt, () => 1))).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 8_000,
    ]);
    expect(backoffMs(policy, 2, () => 0)).toBe(1_000);
  });
});
