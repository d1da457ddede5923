// One test per finding of the outside review that the route guards, scopes, account limits and
// strict input answer (the URL guard, sign-in and deploy settings have their own files).
import { describe, expect, it, vi } from "vitest";

// Waiting out the end of a minute (so a burst lands in one window) takes up to 11 s.
vi.setConfig({ testTimeout: 20_000 });
import { admin, awayFromMinuteEdge, call, newAccount, type TestAccount, withKey } from "../workers/helpers";

const json = async (response: Response) => (await response.json()) as any;

function post(secret: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return call(
    path,
    withKey(secret, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    }),
  );
}

async function keyWithScopes(owner: TestAccount, scopes: string[]): Promise<string> {
  const created = await admin(`/v1/admin/accounts/${owner.accountId}/keys`, "POST", { name: scopes.join(" "), scopes });
  expect(created.status).toBe(201);
  return (await json(created)).data.secret;
}

describe("1. the admin API is reached only with the admin token, however its path is spelled", () => {
  for (const path of [
    "/v1/%61dmin/accounts",
    "/%76%31/admin/accounts",
    "/v1/admi%6e/accounts",
    "/v1/ADMIN/accounts",
    "/v1//admin/accounts",
    "/v1/admin%2Faccounts",
  ]) {
    it(`refuses a customer key at ${path}`, async () => {
      const { secret } = await newAccount();
      const answer = await post(secret, path, { name: "mine", plan: "enterprise", requests_per_minute: 1_000_000 });
      expect([401, 404, 405]).toContain(answer.status);
      expect(answer.status).not.toBe(201);
    });
  }

  it("never rotates another account's key through a spelled-out admin path", async () => {
    const attacker = await newAccount();
    const victim = await newAccount();
    const answer = await post(attacker.secret, `/v1/%61dmin/keys/${victim.keyId}/rotate`, { grace_seconds: 0 });
    expect(answer.status).toBe(401);
    expect(JSON.stringify(await json(answer))).not.toContain("wdk_");
    expect((await call("/v1/categories", withKey(victim.secret))).status).toBe(200);
  });
});

describe("2. a rotated key's previous secret only reads data", () => {
  it("cannot rotate the key again, create keys or read the account's keys, while it still reads data", async () => {
    const owner = await newAccount();
    const keysWriter = await keyWithScopes(owner, ["catalogue:read", "keys:write"]);
    const listed = await json(await call("/v1/keys", withKey(keysWriter)));
    const writerId = listed.data.find((key: any) => key.name === "catalogue:read keys:write").id;
    const rotated = await post(keysWriter, `/v1/keys/${writerId}/rotate`, { grace_seconds: 3600 });
    expect(rotated.status).toBe(200);
    const newSecret = (await json(rotated)).data.secret;

    const takeover = await post(keysWriter, `/v1/keys/${writerId}/rotate`, { grace_seconds: 0 });
    expect(takeover.status).toBe(401);
    expect((await json(takeover)).error.message).toMatch(/previous secret.*only reads data/);
    expect((await post(keysWriter, "/v1/keys", { name: "mine" })).status).toBe(401);
    expect((await call("/v1/keys", withKey(keysWriter))).status).toBe(401);

    expect((await call("/v1/categories", withKey(keysWriter))).status).toBe(200);
    expect((await call("/v1/categories", withKey(newSecret))).status).toBe(200);
    expect((await post(newSecret, "/v1/keys", { name: "made with the new secret" })).status).toBe(201);
  });
});

describe("3. plan limits belong to the account", () => {
  it("admits exactly 10 of 75 parallel requests spread over a free account's 5 keys", async () => {
    const owner = await newAccount({ plan: "free" });
    const secrets = [owner.secret];
    for (let i = 0; i < 4; i++) secrets.push(await keyWithScopes(owner, ["catalogue:read"]));
    await awayFromMinuteEdge();
    const answers = await Promise.all(
      Array.from({ length: 75 }, (_, i) => call("/v1/categories", withKey(secrets[i % 5]!))),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(65);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.headers.get("RateLimit-Policy")).toContain('"minute";q=10;w=60');
    expect((await json(refused)).error.message).toMatch(/all its keys count together/);
  });

  it("caps live keys per account at 50 with a 409 that says what to do", async () => {
    const owner = await newAccount({ plan: "enterprise", requests_per_minute: 1_000_000 });
    const writer = await keyWithScopes(owner, ["keys:write"]);
    const made = await Promise.all(
      Array.from({ length: 48 }, (_, i) => post(writer, "/v1/keys", { name: `k${i}`, scopes: ["keys:write"] })),
    );
    expect(made.every((answer) => answer.status === 201)).toBe(true);
    const refused = await post(writer, "/v1/keys", { name: "one too many", scopes: ["keys:write"] });
    expect(refused.status).toBe(409);
    expect((await json(refused)).error.message).toMatch(/50 live keys.*revoke one/);
  });
});

describe("scopes", () => {
  it("refuses a route whose scope the key lacks, naming the scope", async () => {
    const owner = await newAccount();
    const travelOnly = await keyWithScopes(owner, ["travel:read"]);
    const refused = await call("/v1/datasets", withKey(travelOnly));
    expect(refused.status).toBe(403);
    expect((await json(refused)).error).toMatchObject({
      code: "forbidden",
      message: expect.stringContaining("`catalogue:read`"),
    });
    expect((await call("/v1/amazon?asin=B0057OC5O8", withKey(travelOnly))).status).toBe(403);
    expect((await post(travelOnly, "/v1/webhooks", { url: "https://hooks.example.com/in" })).status).toBe(403);
    expect((await call("/v1/travel/platforms", withKey(travelOnly))).status).toBe(200);
  });

  it("gives API-made keys every scope of their maker but keys:write, and refuses to grant a scope the maker lacks", async () => {
    const owner = await newAccount();
    const maker = await keyWithScopes(owner, ["catalogue:read", "travel:read", "keys:write"]);
    const made = await post(maker, "/v1/keys", { name: "default scopes" });
    expect(made.status).toBe(201);
    expect((await json(made)).data.key.scopes).toEqual(["catalogue:read", "travel:read"]);

    const escalation = await post(maker, "/v1/keys", { name: "more", scopes: ["products:read", "catalogue:read"] });
    expect(escalation.status).toBe(403);
    expect((await json(escalation)).error.message).toMatch(/lacks `products:read`/);
    expect((await post(maker, "/v1/keys", { name: "bad", scopes: ["everything"] })).status).toBe(400);
  });

  it("lets the first key of an account manage keys, and lists each key's scopes", async () => {
    const { secret } = await newAccount();
    const keys = await json(await call("/v1/keys", withKey(secret)));
    expect(keys.data[0].scopes).toEqual([
      "catalogue:read",
      "products:read",
      "travel:read",
      "events:write",
      "jobs:write",
      "keys:write",
      "datasets:write",
    ]);
  });
});

describe("6. names of Object's prototype are not platforms", () => {
  for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]) {
    it(`answers 404 for /v1/${name} and refuses a watch on it`, async () => {
      const { secret } = await newAccount();
      const product = await call(`/v1/${name}?url=https://shop.example.com/p/1`, withKey(secret));
      expect(product.status).toBe(404);
      expect((await json(product)).error.message).toMatch(/Valid platforms: amazon/);
      const watch = await post(secret, "/v1/watches", {
        kind: "product",
        platform: name.toLowerCase(),
        id: "B0057OC5O8",
        condition: "below",
        threshold: 10,
      });
      expect(watch.status).toBe(400);
    });
  }
});

describe("9. input the route does not read is refused, not ignored", () => {
  it("refuses a webhook body with an unknown field instead of subscribing to every event", async () => {
    const { secret } = await newAccount();
    const answer = await post(secret, "/v1/webhooks", {
      url: "https://hooks.example.com/in",
      events: ["hotel.rate_dropped"],
    });
    expect(answer.status).toBe(400);
    expect((await json(answer)).error.details).toEqual([
      { parameter: "events", in: "body", message: "is not a field of this route's body" },
    ]);
    expect((await json(await call("/v1/webhooks", withKey(secret)))).data).toEqual([]);
  });

  it("names every hotel filter it does not apply", async () => {
    const { secret } = await newAccount();
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    // children and free_cancellation are filters now; a sea view and a pet fee are not.
    const answer = await call(
      `/v1/travel/booking/hotels/search?destination=Dublin&check_in=${day(30)}&check_out=${day(32)}&children=2&free_cancellation=true&sea_view=true&pet_fee=0`,
      withKey(secret),
    );
    expect(answer.status).toBe(400);
    expect((await json(answer)).error.details.map((detail: any) => detail.parameter)).toEqual(["sea_view", "pet_fee"]);
  });

  it("answers 405 with Allow for a known path and a wrong method, 415 for a body that is not JSON", async () => {
    const { secret } = await newAccount();
    const put = await call("/v1/datasets", withKey(secret, { method: "PUT" }));
    expect(put.status).toBe(405);
    expect(put.headers.get("Allow")).toBe("GET, POST");
    const textBody = await call(
      "/v1/webhooks",
      withKey(secret, {
        method: "POST",
        headers: { "Content-Type": "text/plain" },
        body: "url=https://hooks.example.com",
      }),
    );
    expect(textBody.status).toBe(415);
    expect((await json(textBody)).error.code).toBe("unsupported_media_type");
  });

  it("still accepts every documented parameter", async () => {
    const { secret } = await newAccount();
    expect((await call("/v1/datasets?page=1&limit=5&q=hotel&sort=name&format=json", withKey(secret))).status).toBe(200);
  });
});

describe("answers carry nosniff", () => {
  it("on data, errors and the health check", async () => {
    const { secret } = await newAccount();
    for (const answer of [
      await call("/v1/categories", withKey(secret)),
      await call("/v1/nothing-here"),
      await call("/v1/health"),
    ]) {
      expect(answer.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
  });
});
