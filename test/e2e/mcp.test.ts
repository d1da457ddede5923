// The MCP server through wrangler dev, spoken to by the MCP SDK's own client over Streamable HTTP:
// the client checks every structured result against the tool's output schema, and the calls
// reach the replica sites through the same routes as REST calls, counted the same way.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAccountKey } from "../../scripts/local-stack.ts";
import { callApi } from "./stack.ts";

const baseUrl = inject("baseUrl");
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const clients: Client[] = [];

async function connect(headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: "e2e", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers } }));
  clients.push(client);
  return client;
}

const monthUsed = async (secret: string): Promise<number> => (await callApi(secret, "/v1/usage")).body.data.month.used;

let secret: string;
let client: Client;

beforeAll(async () => {
  ({ secret } = await createAccountKey(baseUrl, inject("adminToken"), { name: "e2e mcp", plan: "pro" }));
  client = await connect({ Authorization: `Bearer ${secret}` });
});

afterAll(async () => {
  for (const c of clients) await c.close();
});

describe("MCP over Streamable HTTP", () => {
  it("lists the tools, each with input and output schemas", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      "create_dataset",
      "create_job",
      "create_watch",
      "get_dataset",
      "get_dataset_records",
      "get_dataset_refresh",
      "get_hotel",
      "get_hotel_list",
      "get_hotel_page",
      "get_job",
      "get_product",
      "get_product_reviews",
      "read_page",
      "refresh_dataset",
      "search_datasets",
      "search_hotels",
      "search_products",
    ]);
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
    }
  });

  it("searches Dublin hotels on booking and expedia and reads a product from the replicas, each call counted once", async () => {
    const before = await monthUsed(secret);
    const checkIn = day(30);
    const checkOut = day(32);
    const hotels = await client.callTool({
      name: "search_hotels",
      arguments: { platform: "booking,expedia", destination: "Dublin", check_in: checkIn, check_out: checkOut },
    });
    expect(hotels.isError, JSON.stringify(hotels.content)).toBeFalsy();
    const search = hotels.structuredContent as any;
    expect(search.data).toMatchObject({ platform: "booking,expedia", destination: "Dublin", check_in: checkIn });
    expect(search.data.location).toMatchObject({ name: "Dublin", country: "IE" });
    expect(search.data.meta.platforms.booking.status).toBe("ok");
    expect(search.data.meta.platforms.expedia.status).toBe("ok");
    expect(search.data.hotels.length).toBeGreaterThan(0);
    const merged = search.data.hotels.find((hotel: any) => hotel.offers?.length === 2);
    expect(merged, "a hotel found on both platforms").toBeDefined();
    for (const hotel of search.data.hotels) {
      expect(hotel.currency).toBe("EUR");
      expect(Number.isInteger(hotel.price_per_night)).toBe(true);
    }
    const summary = (hotels.content as { text: string }[])[0]!.text;
    expect(summary).toContain(
      `${search.meta.pagination.total} hotels in Dublin from ${checkIn} to ${checkOut} (booking ok, expedia ok)`,
    );
    expect(summary).toContain(search.data.hotels[0].name);

    const found = await client.callTool({
      name: "search_products",
      arguments: { platform: "amazon", q: "power bank" },
    });
    const asin = (found.structuredContent as any).data.results.find((item: any) => !item.sponsored).id;
    const product = await client.callTool({ name: "get_product", arguments: { platform: "amazon", asin } });
    expect(product.isError, JSON.stringify(product.content)).toBeFalsy();
    const record = (product.structuredContent as any).data;
    expect(record.asin).toBe(asin);
    expect(record.title).toEqual(expect.any(String));
    expect(record.price.amount).toBeGreaterThan(0);
    expect(record.price.currency).toBe("USD");
    expect((product.content as { text: string }[])[0]!.text).toContain(`${record.title}: ${record.price.amount} USD`);

    // Three tool calls: three requests, as over REST (the usage read is never charged).
    const rateLimit = (product._meta as any)["webdata/rate_limit"];
    expect(rateLimit).toMatchObject({ limit: 100 });
    expect(await monthUsed(secret)).toBe(before + 3);
  });

  it("reads a hotel's own booking engine by its address with get_hotel_page", async () => {
    const url = `${inject("replicasUrl")}/real/nostructured/hotelscraper_hotel_includio_regensburg_ibe.html`;
    const page = await client.callTool({ name: "get_hotel_page", arguments: { url, currency: "EUR" } });
    expect(page.isError, JSON.stringify(page.content)).toBeFalsy();
    expect((page.structuredContent as any).data).toMatchObject({ name: "Hotel INCLUDiO", platforms: ["generic"] });
    expect((page.content as { text: string }[])[0]!.text).toBe("Hotel INCLUDiO (read by generic): 91 EUR/night.");
  });

  it("reads any site's list of hotels by its address with get_hotel_list, each score out of 10", async () => {
    const url = `${inject("replicasUrl")}/real/corpus/batch-26/trip/travelaz_trip_search_oyster_box_umhlanga_usd.html`;
    const list = await client.callTool({ name: "get_hotel_list", arguments: { url } });
    expect(list.isError, JSON.stringify(list.content)).toBeFalsy();
    expect((list.structuredContent as any).data.hotels[0]).toMatchObject({
      name: "The Oyster Box",
      price_per_night: 435,
      currency: "USD",
      review_score: 9.5,
      review_score_original: { score: 9.5, scale: 10 },
      review_count: 42,
    });
    expect((list.content as { text: string }[])[0]!.text).toMatch(
      /^1 hotel \(read by generic\): The Oyster Box 435 USD, 9\.5\/10/,
    );
  });

  it("refuses a session without a key with 401", async () => {
    const anonymous = new Client({ name: "e2e", version: "1.0.0" });
    await expect(anonymous.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`)))).rejects.toMatchObject(
      { code: 401, message: expect.stringContaining("This route needs an API key") },
    );
  });

  it("answers a tool whose scope the key lacks with the API's forbidden sentence, not counted", async () => {
    const made = await fetch(`${baseUrl}/v1/keys`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-API-KEY": secret },
      body: JSON.stringify({ name: "catalogue only", scopes: ["catalogue:read"] }),
    });
    const catalogueKey = ((await made.json()) as any).data.secret as string;
    const limited = await connect({ "X-API-KEY": catalogueKey });
    const before = await monthUsed(secret);
    const result = await limited.callTool({
      name: "get_product",
      arguments: { platform: "amazon", asin: "B0057OC5O8" },
    });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]!.text).toBe(
      "forbidden: This key lacks the `products:read` scope this route needs; create a key that holds it (see GET /v1/keys for this key's scopes).",
    );
    const datasets = await limited.callTool({ name: "search_datasets", arguments: { category: "travel" } });
    expect(datasets.isError).toBeFalsy();
    // The refused call counted against the client address, the catalogue call against the account's month.
    expect(await monthUsed(secret)).toBe(before + 1);
  });
});
