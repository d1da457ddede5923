// Review 4, findings 9 and 10: a stored call (a job item, a schedule's path, a dataset recipe's
// call) is judged on the path the router will match — percent-escapes decoded, dot segments
// resolved — so no spelling of keys, webhooks, jobs, schedules, watches or admin passes as a data
// route; and a call naming a platform its route does not know is refused when it is made, not
// when it runs.
import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "../../src/db/client";
import { findLiveKeyById } from "../../src/db/keys";
import { call, env, inProcessApi, newAccount, withKey } from "../workers/helpers";

const json = async (response: Response) => (await response.json()) as any;

const post = (secret: string, path: string, body: unknown) =>
  call(
    path,
    withKey(secret, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }),
  );

/** Spellings of each route a stored call must never reach, as a client might write them. */
const NOT_DATA = ["keys", "webhooks", "jobs", "schedules", "watches", "admin/accounts"].flatMap((name) => {
  const [first, ...rest] = name;
  const hex = `%${first!.charCodeAt(0).toString(16)}`;
  return [
    `/v1/${hex}${rest.join("")}`,
    `/v1/${hex.toUpperCase()}${rest.join("")}`,
    `/v1/${name.replace(/.$/, (last) => `%${last.charCodeAt(0).toString(16)}`)}`,
    `/v1/./${name}`,
    `/v1/x/../${name}`,
    `/v1/x/%2e%2e/${name}`,
  ];
});

describe("stored calls are checked on the path the router will match", () => {
  it("refuses every spelling of a non-data route as a job item", async () => {
    const { secret } = await newAccount({ plan: "enterprise" });
    const answer = await post(secret, "/v1/jobs", { requests: NOT_DATA.map((path) => ({ path })) });
    expect(answer.status).toBe(400);
    const { details } = (await json(answer)).error;
    expect(details.map((detail: any) => detail.parameter)).toEqual(
      NOT_DATA.map((_, index) => `requests.${index}.path`),
    );
  });

  it("refuses them as a schedule's path, one by one", async () => {
    const { secret } = await newAccount({ plan: "enterprise" });
    for (const path of NOT_DATA) {
      const answer = await post(secret, "/v1/schedules", { cron: "* * * * *", path });
      expect(answer.status, path).toBe(400);
    }
    expect((await json(await call("/v1/schedules", withKey(secret)))).data).toEqual([]);
  });

  it("never runs one stored before the rule: the in-process caller refuses it too", async () => {
    const account = await newAccount({ plan: "enterprise" });
    const identity = (await findLiveKeyById(database(env.DB), account.keyId))!;
    for (const path of NOT_DATA.slice(0, 6)) {
      expect(() => inProcessApi().getData(env, createExecutionContext(), identity, path), path).toThrow(
        /No data route answers/,
      );
    }
  });

  it("still takes a data route however it is spelled", async () => {
    const { secret } = await newAccount({ plan: "enterprise" });
    const answer = await post(secret, "/v1/schedules", { cron: "0 3 * * *", path: "/v1/%63ategories" });
    expect(answer.status).toBe(201);
  });
});

describe("a stored call naming an unknown platform is refused when it is made", () => {
  it("refuses job items and the short form with the route's own sentence, before anything is queued", async () => {
    const { secret } = await newAccount({ plan: "enterprise" });
    const full = await post(secret, "/v1/jobs", {
      requests: [
        { path: "/v1/nosuchshop?id=12345" },
        { path: "/v1/nosuchshop/search?q=kettle" },
        { path: "/v1/constructor?asin=B0057OC5O8" },
        { path: "/v1/travel/nowhere/hotels/search?destination=Dublin&check_in=2030-01-10&check_out=2030-01-12" },
        {
          path: "/v1/travel/booking,nowhere/hotels/search?destination=Dublin&check_in=2030-01-10&check_out=2030-01-12",
        },
      ],
    });
    expect(full.status).toBe(400);
    const { details } = (await json(full)).error;
    expect(details).toHaveLength(5);
    expect(details[0].message).toMatch(/No platform `nosuchshop`. Valid platforms: amazon/);
    expect(details[3].message).toMatch(/Unknown travel platform `nowhere`/);
    const short = await post(secret, "/v1/jobs", { platform: "nosuchshop", kind: "product", inputs: ["12345"] });
    expect(short.status).toBe(400);
    expect((await json(short)).error.details[0]).toMatchObject({ parameter: "inputs.0" });
    expect((await json(await call("/v1/jobs", withKey(secret)))).data).toEqual([]);
  });

  it("refuses an address the URL guard refuses on every route that reads one, before anything is queued", async () => {
    const { secret } = await newAccount({ plan: "enterprise" });
    const inward = encodeURIComponent("http://10.0.0.7/rooms");
    const made = await post(secret, "/v1/jobs", {
      requests: [
        { path: `/v1/travel/hotel?url=${inward}` },
        { path: `/v1/generic?url=${inward}` },
        { path: `/v1/page?url=${inward}` },
      ],
    });
    expect(made.status).toBe(400);
    const { details } = (await json(made)).error;
    expect(details.map((detail: { parameter: string }) => detail.parameter)).toEqual([
      "requests.0.path",
      "requests.1.path",
      "requests.2.path",
    ]);
    for (const detail of details) expect(detail.message).toMatch(/^http:\/\/10\.0\.0\.7\/rooms cannot be read: /);
    const scheduled = await post(secret, "/v1/schedules", {
      cron: "0 * * * *",
      path: `/v1/travel/hotel?url=${inward}`,
    });
    expect(scheduled.status).toBe(400);
    expect((await json(await call("/v1/jobs", withKey(secret)))).data).toEqual([]);
  });

  it("refuses a schedule and a dataset recipe on one", async () => {
    const { secret } = await newAccount({ plan: "enterprise" });
    expect((await post(secret, "/v1/schedules", { cron: "* * * * *", path: "/v1/nosuchshop?id=1" })).status).toBe(400);
    const recipe = await post(secret, "/v1/datasets", {
      name: "nowhere",
      recipe: { kind: "search", platforms: ["nosuchshop"], queries: ["kettle"] },
    });
    expect(recipe.status).toBe(400);
  });
});
