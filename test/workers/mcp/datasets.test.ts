// The MCP tools over an account's own datasets: a shop recipe accepted by create_dataset's input
// schema (and its start addresses judged by the route), a refresh's counts through
// get_dataset_refresh (get_dataset_records reads what it changed with `changed_since`, as the route
// does), and a watch over the whole dataset through create_watch.
import { beforeAll, describe, expect, it } from "vitest";
import { admin, call, newAccount, type TestAccount } from "../helpers";
import { product, refresh, shopDataset } from "../shop-fixtures";

let rpcId = 0;
async function callTool(secret: string, name: string, args: object) {
  const response = await call("/mcp", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      Authorization: `Bearer ${secret}`,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: ++rpcId, method: "tools/call", params: { name, arguments: args } }),
  });
  return ((await response.json()) as any).result as {
    isError?: boolean;
    content: { text: string }[];
    structuredContent: any;
  };
}

let owner: TestAccount;
const SLUG = "mcp-shop-fixture";

beforeAll(async () => {
  owner = await newAccount({ plan: "pro" });
  const datasetId = await shopDataset(owner, SLUG);
  await refresh(owner, datasetId, 1, [product("A", 100), product("B", 50), product("C", 20)]);
  await refresh(owner, datasetId, 2, [product("A", 85), product("B", 50), product("D", 30)], ["C"]);
});

describe("shop datasets through MCP", () => {
  it("create_dataset takes a shop recipe and answers the route's refusal of an inward start address", async () => {
    const refused = await callTool(owner.secret, "create_dataset", {
      name: "Inward",
      recipe: { kind: "shop", start_urls: ["http://10.0.0.8/admin"] },
    });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toMatch(/^invalid_request: .*\n- recipe\.start_urls\[0\]/);
    const made = await admin(`/v1/admin/accounts/${owner.accountId}/keys`, "POST", {
      name: "catalogue only",
      scopes: ["catalogue:read"],
    });
    const catalogueOnly = ((await made.json()) as any).data.secret;
    const noScope = await callTool(catalogueOnly, "create_dataset", {
      name: "Shop",
      recipe: { kind: "shop", start_urls: ["https://shop.example/"] },
    });
    expect(noScope.content[0]!.text).toMatch(/^forbidden: .*`datasets:write`/);
    // Nor may it read the refresh of a dataset whose calls need `products:read`.
    expect((await callTool(catalogueOnly, "get_dataset_refresh", { slug: SLUG })).content[0]!.text).toMatch(
      /^forbidden: .*`products:read`/,
    );
  });

  it("get_dataset_refresh answers the last refresh's counts to the dataset's account only", async () => {
    const state = await callTool(owner.secret, "get_dataset_refresh", { slug: SLUG });
    expect(state.isError, state.content[0]!.text).toBeFalsy();
    expect(state.structuredContent.data).toMatchObject({
      status: "complete",
      shop: { added: 1, removed: 1, price_changed: 1, products: 3 },
    });
    expect(state.content[0]!.text).toMatch(
      /^Refresh of mcp-shop-fixture complete, .*: 1 added, 1 removed, 1 re-priced, 3 products held\.$/,
    );

    const other = await newAccount({ plan: "pro" });
    expect((await callTool(other.secret, "get_dataset_refresh", { slug: SLUG })).content[0]!.text).toMatch(
      /^not_found: /,
    );
  });

  it("create_watch follows the whole dataset", async () => {
    const watch = await callTool(owner.secret, "create_watch", {
      kind: "dataset",
      dataset: SLUG,
      condition: "drop_percent",
      threshold: 10,
    });
    expect(watch.isError, watch.content[0]!.text).toBeFalsy();
    expect(watch.structuredContent.data).toMatchObject({ kind: "dataset", platform: SLUG, condition: "drop_percent" });
    expect(watch.content[0]!.text).toContain(`on dataset ${SLUG}: fires drop_percent 10 after each refresh`);
  });
});
