// GET /v1/travel/hotel?url= (src/routes/travel/hotel.ts): what it refuses before any page is read —
// a missing or unsafe address, half a stay, a stay of no nights — each a 400 naming the parameter,
// uncharged. Reading real pages by address is proven end to end (test/e2e/real-travel-pages.test.ts).
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../../../src/app";
import { callApp, env, newAccount, type TestAccount, withKey } from "../../helpers";

vi.setConfig({ testTimeout: 30_000 });
const app = createApp();

let account: TestAccount;
beforeAll(async () => {
  account = await newAccount({ plan: "enterprise" });
});

async function refusal(path: string) {
  const response = await callApp(app, path, withKey(account.secret), env);
  const body = (await response.json()) as any;
  return { status: response.status, body };
}

describe("GET /v1/travel/hotel refuses what it cannot read", () => {
  it.each([
    ["no url", "/v1/travel/hotel", "url", "url is required"],
    ["an empty url", "/v1/travel/hotel?url=", "url", "must not be empty"],
    ["a loopback address", `/v1/travel/hotel?url=${encodeURIComponent("http://127.0.0.1/hotel")}`, "url", ""],
    ["a private network", `/v1/travel/hotel?url=${encodeURIComponent("http://10.0.0.7/rooms")}`, "url", ""],
    ["not http", `/v1/travel/hotel?url=${encodeURIComponent("ftp://hotel.example.com/")}`, "url", ""],
    [
      "check_in alone",
      `/v1/travel/hotel?url=${encodeURIComponent("https://hotel.example.com/")}&check_in=2030-05-14`,
      "check_out",
      "go together",
    ],
    [
      "no night",
      `/v1/travel/hotel?url=${encodeURIComponent("https://hotel.example.com/")}&check_in=2030-05-14&check_out=2030-05-14`,
      "check_out",
      "after check_in",
    ],
  ])("%s: a 400 naming the parameter, uncharged", async (_, path, parameter, words) => {
    const { status, body } = await refusal(path);
    expect(status, JSON.stringify(body)).toBe(400);
    expect(body.error.code).toBe("invalid_request");
    expect(JSON.stringify(body.error)).toContain(parameter);
    expect(body.error.message).toContain(words);
    expect(body.meta.charged ?? false).toBe(false);
  });
});
