// Pages far past the scraper's caps (issue 27, finding 1), end to end: the replicas serve a 60 MB
// page generated as it is written, and one whose script builds 60,000 elements; the dev Worker
// reads them through the real forward proxies with both engines. Each is a 502 with a sentence,
// read no further than the cap, while another account's requests go on and the Worker stays up.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createAccountKey } from "../../scripts/local-stack.ts";
import { callApi, replicaAdmin } from "./stack.ts";

const baseUrl = inject("baseUrl");
const replicasUrl = inject("replicasUrl");
const MB = 1024 * 1024;
const TOO_LARGE = "The page could not be read: it is larger than 10 MB, the most we read from one page.";
let attacker: string;
let neighbour: string;

const oversized = (query: string, engine: "fetch" | "browser") =>
  `/v1/generic?url=${encodeURIComponent(`${replicasUrl}/_oversized?${query}`)}&engine=${engine}&fresh=true`;

beforeAll(async () => {
  const adminToken = inject("adminToken");
  const body = { plan: "enterprise", requests_per_minute: 10_000 };
  ({ secret: attacker } = await createAccountKey(baseUrl, adminToken, { name: "e2e oversized", ...body }));
  ({ secret: neighbour } = await createAccountKey(baseUrl, adminToken, { name: "e2e neighbour", ...body }));
});

describe("a 60 MB page", () => {
  it("is refused at 10 MB by the fetch engine while another account's scrape and reads go on", async () => {
    const [big, scrape, categories] = await Promise.all([
      callApi(attacker, oversized("mb=60", "fetch")),
      callApi(neighbour, "/v1/walmart/search?q=kettle&fresh=true"),
      callApi(neighbour, "/v1/categories"),
    ]);
    expect(big.response.status).toBe(502);
    expect(big.body.error).toMatchObject({ code: "upstream_blocked", message: TOO_LARGE });
    expect(big.response.headers.get("Retry-After")).toBeNull();
    // The Worker stopped reading at the cap; the proxy and the sockets hold a few MB more at most.
    const written = (await replicaAdmin("oversized")).lastBytesWritten;
    expect(written).toBeGreaterThan(10 * MB);
    expect(written).toBeLessThan(30 * MB);

    expect(scrape.response.status).toBe(200);
    expect(scrape.body.data.results.length).toBeGreaterThan(0);
    expect(categories.response.status).toBe(200);
  });

  it("is refused by the browser engine too, without handing the page to the browser", async () => {
    const big = await callApi(attacker, oversized("mb=60", "browser"));
    expect(big.response.status).toBe(502);
    expect(big.body.error.message).toBe(TOO_LARGE);
  });

  it("leaves the Worker healthy and the proxies in service afterwards", async () => {
    const health = await callApi(neighbour, "/v1/health");
    expect(health.response.status).toBe(200);
    expect(health.body.data.components.d1.status).toBe("ok");
    expect(health.body.data.components.kv.status).toBe("ok");
    // A page too large is no exit's fault: the next scrape goes out at once.
    const next = await callApi(neighbour, "/v1/walmart/search?q=kettle&fresh=true");
    expect(next.response.status).toBe(200);
    expect(next.body.meta.scrape.proxy).not.toBeNull();
  });
});

describe("a page whose script builds 60,000 elements", () => {
  it("is read by the fetch engine (the HTML is small) and refused by the browser engine before it is sent over", async () => {
    const fetched = await callApi(attacker, oversized("built=60000", "fetch"));
    expect(fetched.response.status).toBe(200);
    expect(fetched.body.data.title).toBe("Oversized Kettle");
    const rendered = await callApi(attacker, oversized("built=60000", "browser"));
    expect(rendered.response.status, JSON.stringify(rendered.body)).toBe(502);
    expect(rendered.body.error.message).toBe(
      "The page could not be read: it has more than 40,000 elements, the most we parse in one page.",
    );
  });
});
