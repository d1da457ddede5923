// How far to trust an answer, and what it costs, over the replica sites and real saved pages: a
// complete product, a partial one (with reasons), a page with no product (422) and a blocked page
// (502), each with the month's count before and after — charged once for data, given back for
// the rest, never twice, also when ten blocked calls arrive at once.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createAccountKey } from "../../scripts/local-stack.ts";
import { callApi, replicaAdmin, setSolverMode } from "./stack.ts";

const baseUrl = inject("baseUrl");
const replicasUrl = inject("replicasUrl");
let secret: string;

beforeAll(async () => {
  ({ secret } = await createAccountKey(baseUrl, inject("adminToken"), {
    name: "e2e trust",
    plan: "enterprise",
    requests_per_minute: 10_000,
    requests_per_month: 100_000,
  }));
});

/** What is left of the month after this answer, from its `RateLimit` header. */
const monthLeft = (response: Response) => Number(/"month";r=(\d+)/.exec(response.headers.get("RateLimit")!)![1]);
const api = (path: string) => callApi(secret, path);
const realPage = (file: string) => `/v1/generic?url=${encodeURIComponent(`${replicasUrl}/real/${file}`)}&fresh=true`;
const calls = async () => (await api("/v1/usage")).body.data.calls as { attempted: number; charged: number };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("answers with data are charged, the rest given back", () => {
  it("charges a complete and a partial answer, gives back a 422 and a 502, and counts each once", async () => {
    const before = await calls();
    const search = await api("/v1/amazon/search?q=power+bank");
    const asin = search.body.data.results[0].id as string;

    const complete = await api(`/v1/amazon?asin=${asin}&fresh=true`);
    expect(complete.response.status).toBe(200);
    expect(complete.body.meta).toMatchObject({ charged: true, completeness: { state: "complete", missing: [] } });
    expect(monthLeft(complete.response)).toBe(monthLeft(search.response) - 1);

    const partial = await api(realPage("microdata/lb_samsclub_salmon_priced_per_pound_no_price.html"));
    expect(partial.response.status).toBe(200);
    expect(partial.body.meta.charged).toBe(true);
    expect(partial.body.meta.completeness.state).toBe("partial");
    expect(partial.body.meta.completeness.missing).toContainEqual({ field: "price", reason: "unreadable" });
    expect(monthLeft(partial.response)).toBe(monthLeft(complete.response) - 1);

    const listing = await api(realPage("nostructured/ddotsam_costco_sameday_instacart_search_yogurt.html"));
    expect(listing.response.status).toBe(422);
    expect(listing.body.error.code).toBe("no_data");
    expect(listing.body.meta.charged).toBe(false);
    expect(monthLeft(listing.response)).toBe(monthLeft(partial.response));

    await replicaAdmin("challenge", { platform: "bestbuy", on: true });
    await setSolverMode("fail");
    let blocked: Awaited<ReturnType<typeof api>>;
    let many: Awaited<ReturnType<typeof api>>[];
    try {
      blocked = await api("/v1/bestbuy/search?q=router&fresh=true");
      many = await Promise.all(
        Array.from({ length: 10 }, (_, i) => api(`/v1/bestbuy/search?q=router+${i}&fresh=true`)),
      );
    } finally {
      await setSolverMode("ok");
      await replicaAdmin("challenge", { platform: "bestbuy", on: false });
    }
    expect(blocked.response.status).toBe(502);
    expect(blocked.body.error.code).toBe("upstream_blocked");
    expect(blocked.body.meta.charged).toBe(false);
    expect(monthLeft(blocked.response)).toBe(monthLeft(partial.response));
    expect(many.map((answer) => [answer.response.status, answer.body.meta.charged])).toEqual(
      Array.from({ length: 10 }, () => [502, false]),
    );

    // Refunds travel with the account's next call or on their own within 250 ms.
    await sleep(600);
    const after = await calls();
    // Reading /v1/usage is neither attempted nor charged: 15 calls between the two reads, 3 with data.
    expect(after.attempted - before.attempted).toBe(15);
    expect(after.charged - before.charged).toBe(3);
  });
});
