// Work is sized before it is done (issue 44, findings 2 and 3), end to end against wrangler dev:
// a 10 MB anonymous dashboard form and a recipe of 200,000 calls are refused without being read
// in full or expanded, while another account's call sent at the same moment is answered at once.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createAccountKey } from "../../scripts/local-stack.ts";
import { callApi } from "./stack.ts";

const baseUrl = inject("baseUrl");
const MB = 1024 * 1024;
let attacker: string;
let neighbour: string;

beforeAll(async () => {
  const adminToken = inject("adminToken");
  ({ secret: attacker } = await createAccountKey(baseUrl, adminToken, { name: "e2e costly", plan: "enterprise" }));
  ({ secret: neighbour } = await createAccountKey(baseUrl, adminToken, { name: "e2e neighbour", plan: "pro" }));
});

const RECIPE = {
  kind: "search",
  platforms: ["amazon", "ebay", "walmart", "etsy", "bestbuy", "generic", "amazon", "ebay", "walmart", "etsy"],
  countries: ["US", "GB", "DE", "FR", "IT", "ES", "CA", "JP", "AU", "NL"],
  queries: Array.from({ length: 200 }, (_, i) => `query ${i}`),
  pages: 10,
};

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

describe("costly requests refused before their work", () => {
  it("leaves another account's call fast while a 10 MB anonymous form and a 200,000-call recipe are refused", async () => {
    // Warm: the neighbour's key is looked up and its isolate is up before the race; then its call alone is
    // timed, so that a machine busy with other tests slows the yardstick as much as the call under attack.
    expect((await callApi(neighbour, "/v1/categories")).response.status).toBe(200);
    const alone: number[] = [];
    for (let round = 0; round < 3; round++) alone.push((await timed(() => callApi(neighbour, "/v1/categories"))).ms);
    const form = fetch(`${baseUrl}/dashboard/login`, {
      method: "POST",
      body: `csrf=x&email=${"a".repeat(10 * MB)}`,
      headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    const recipe = fetch(`${baseUrl}/v1/datasets`, {
      method: "POST",
      body: JSON.stringify({ name: "Everything", recipe: RECIPE }),
      headers: { "Content-Type": "application/json", "X-API-KEY": attacker },
    });
    const [formAnswer, recipeAnswer, neighbourCall] = await Promise.all([
      form,
      recipe,
      timed(() => callApi(neighbour, "/v1/categories")),
    ]);
    expect(formAnswer.status).toBe(413);
    expect(recipeAnswer.status).toBe(400);
    expect(((await recipeAnswer.json()) as any).error.message).toContain("could never run");
    expect(neighbourCall.result.response.status).toBe(200);
    // Answered at once: within a second, or within four times its slowest call alone on a busy machine.
    expect(neighbourCall.ms).toBeLessThan(Math.max(1_000, 4 * Math.max(...alone)));
  });
});
