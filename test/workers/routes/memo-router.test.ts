// The app's router remembers each path's match (src/routes/memo-router.ts): a remembered answer
// must be the one hono's router gives, for every method and path, however many paths it has seen.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { MemoRouter } from "../../../src/routes/memo-router";

function appWith(router?: MemoRouter<never>) {
  const app = new Hono(router ? { router } : {});
  app.get("/v1/health", (c) => c.text("health"));
  app.get("/v1/datasets/:slug", (c) => c.text(`dataset ${c.req.param("slug")}`));
  app.post("/v1/datasets", (c) => c.text("create"));
  app.get("/v1/:platform", (c) => c.text(`product ${c.req.param("platform")}`));
  app.get("/v1/:platform/search", (c) => c.text(`search ${c.req.param("platform")}`));
  return app;
}

const PATHS = [
  ["GET", "/v1/health"],
  ["GET", "/v1/datasets/hotel-rates-paris"],
  ["GET", "/v1/datasets/other"],
  ["POST", "/v1/datasets"],
  ["GET", "/v1/datasets"],
  ["DELETE", "/v1/health"],
  ["GET", "/v1/amazon"],
  ["GET", "/v1/ebay/search"],
  ["HEAD", "/v1/amazon"],
  ["GET", "/nowhere"],
] as const;

async function answers(app: Hono, paths: readonly (readonly [string, string])[]) {
  return Promise.all(
    paths.map(async ([method, path]) => {
      const response = await app.request(path, { method });
      return `${method} ${path} → ${response.status} ${await response.text()}`;
    }),
  );
}

describe("MemoRouter", () => {
  it("answers every method and path as hono's own router does, first time and remembered", async () => {
    const plain = await answers(appWith(), PATHS);
    const memo = appWith(new MemoRouter());
    expect(await answers(memo, PATHS)).toEqual(plain);
    expect(await answers(memo, PATHS)).toEqual(plain);
    expect(plain[1]).toBe("GET /v1/datasets/hotel-rates-paris → 200 dataset hotel-rates-paris");
  });

  it("stays right past the number of paths it remembers", async () => {
    const memo = appWith(new MemoRouter());
    const many = Array.from({ length: 1_500 }, (_, i) => ["GET", `/v1/datasets/set-${i}`] as const);
    await answers(memo, many);
    expect(await answers(memo, [["GET", "/v1/datasets/set-0"], ...PATHS])).toEqual(
      await answers(appWith(), [["GET", "/v1/datasets/set-0"], ...PATHS]),
    );
  });
});
