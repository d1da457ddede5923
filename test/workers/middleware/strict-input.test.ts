// Unknown parameters are refused with the fix they most likely need (src/middleware/strict-input.ts):
// the header a value belongs in, or the declared parameter a spelling means.
import { describe, expect, it } from "vitest";
import { unknownParameter } from "../../../src/middleware/strict-input";
import { call, newAccount, withKey } from "../helpers";

describe("unknownParameter", () => {
  const declared = ["destination", "check_in", "check_out", "country", "min_price"];

  it("points a spelling without separators, or within two edits, to the declared parameter", () => {
    expect(unknownParameter("checkin", declared)).toMatch(/did you mean `check_in`\?$/);
    expect(unknownParameter("check-out", declared)).toMatch(/did you mean `check_out`\?$/);
    expect(unknownParameter("destinaton", declared)).toMatch(/did you mean `destination`\?$/);
    expect(unknownParameter("country_code", declared)).toMatch(/did you mean `country`\?$/);
  });

  it("points a value that is a header to the header", () => {
    expect(unknownParameter("currency", declared, ["x-currency"])).toMatch(/send it as the `X-Currency` header$/);
  });

  it("suggests nothing for a name like no parameter", () => {
    expect(unknownParameter("colour", declared)).toBe("is not a parameter of this route");
  });
});

describe("an unknown parameter on a route", () => {
  it("answers 400 with a sentence that names the fix", async () => {
    const { secret } = await newAccount();
    const response = await call(
      "/v1/travel/booking/hotels/search?destination=Dublin&checkin=2027-01-10&check_out=2027-01-12&currency=USD",
      withKey(secret),
    );
    const body = (await response.json()) as any;
    expect(response.status).toBe(400);
    expect(body.error.message).toContain("`checkin`: Did you mean `check_in`?");
    expect(body.error.message).toContain("`currency`: Send it as the `X-Currency` header.");
    expect(body.error.details).toContainEqual({
      parameter: "checkin",
      in: "query",
      message: "is not a parameter of this route; did you mean `check_in`?",
    });
  });
});

describe("a product id that is not one", () => {
  it("points an address given as the id to url=, and shows what an id looks like", async () => {
    const { secret } = await newAccount();
    const address = encodeURIComponent("https://www.amazon.com/dp/B0057OC5O8");
    const body = (await (await call(`/v1/amazon?asin=${address}`, withKey(secret))).json()) as any;
    expect(body.error.code).toBe("invalid_request");
    const messages = body.error.details.map((detail: any) => detail.message);
    expect(messages).toContain("asin takes the id, not an address: pass a product's address as url= instead");
    expect(messages).toContain("asin is 10 letters or digits, e.g. B0057OC5O8");
  });
});
