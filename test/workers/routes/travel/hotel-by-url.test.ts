// GET /v1/travel/hotel?url= (src/routes/travel/hotel-by-url.ts): what it refuses before any page is
// read — a missing or unsafe address, half a stay, a stay of no nights, a date that is none — each a
// 400 naming the parameter, uncharged. Reading real pages by address is proven end to end
// (test/e2e/real-travel-pages.test.ts).
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../../../src/app";
import { callApp, env, newAccount, type TestAccount, withKey } from "../../helpers";

vi.setConfig({ testTimeout: 30_000 });
const app = createApp();

let account: TestAccount;
beforeAll(async () => {
  account = await newAccount({ plan: "enterprise" });
});

const hotel = encodeURIComponent("https://hotel.example.com/");
const at = (address: string) => `/v1/travel/hotel?url=${encodeURIComponent(address)}`;

describe("GET /v1/travel/hotel refuses what it cannot read", () => {
  it.each([
    ["no url", "/v1/travel/hotel", "url", "url is required"],
    ["an empty url", "/v1/travel/hotel?url=", "url", "must not be empty"],
    ["a loopback address", at("http://127.0.0.1/hotel"), "url", "points at 127.0.0.1 (loopback range)"],
    ["a private network", at("http://10.0.0.7/rooms"), "url", "points at 10.0.0.7 (private range)"],
    ["not http", at("ftp://hotel.example.com/"), "url", "only http and https are allowed"],
    ["check_in alone", `/v1/travel/hotel?url=${hotel}&check_in=2030-05-14`, "check_out", "go together"],
    [
      "no night",
      `/v1/travel/hotel?url=${hotel}&check_in=2030-05-14&check_out=2030-05-14`,
      "check_out",
      "after check_in",
    ],
    [
      "a day that is none",
      `/v1/travel/hotel?url=${hotel}&check_in=2030-02-30&check_out=2030-03-02`,
      "check_in",
      "not a real calendar date",
    ],
  ])("%s: a 400 naming the parameter, uncharged", async (_, path, parameter, words) => {
    const response = await callApp(app, path, withKey(account.secret), env);
    const body = (await response.json()) as any;
    expect(response.status, JSON.stringify(body)).toBe(400);
    expect(body.error.code).toBe("invalid_request");
    expect(body.error.details).toContainEqual(expect.objectContaining({ parameter, in: "query" }));
    expect(`${body.error.message} ${JSON.stringify(body.error.details)}`).toContain(words);
    expect(body.meta.charged).toBe(false);
  });
});
