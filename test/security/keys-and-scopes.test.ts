// A key acts only within its own strength (issue 27, findings 2 and 7): it manages keys no stronger
// than itself, and reaches another key's watch, schedule or job only holding the scopes that
// object's calls need. The dashboard's owner and the admin token stand above every key.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../src/index";
import { SCOPES } from "../../src/scopes";
import { createdKey, signedUp } from "../workers/dashboard-visitor";
import { admin, call, env, newAccount, type TestAccount, withKey, sendAs } from "../workers/helpers";

// A watch check scrapes a page the pool cannot reach; it fails within the scrape's own timeout.
vi.setConfig({ testTimeout: 60_000 });

const json = async (response: Response) => (await response.json()) as any;

const send = sendAs;

/** A key of the owner's account holding exactly `scopes`, made with the admin API. */
async function keyWithScopes(owner: TestAccount, scopes: string[]) {
  const created = await admin(`/v1/admin/accounts/${owner.accountId}/keys`, "POST", { name: scopes.join(" "), scopes });
  expect(created.status).toBe(201);
  const { key, secret } = (await json(created)).data;
  return { id: key.id as string, secret: secret as string };
}

/** The owner's key as the account lists it: its start shows whether its secret changed. */
async function listedKey(owner: TestAccount, keyId: string) {
  const account = await json(await admin(`/v1/admin/accounts/${owner.accountId}`, "GET"));
  return account.data.keys.find((key: any) => key.id === keyId);
}

describe("a key manages only keys no stronger than itself", () => {
  it("refuses a keys:write key rotating, revoking or creating a stronger key, and the stronger key works on", async () => {
    const owner = await newAccount();
    const weak = await keyWithScopes(owner, ["catalogue:read", "keys:write"]);
    const before = await listedKey(owner, owner.keyId);

    for (const grace_seconds of [0, 3600]) {
      const rotated = await send(weak.secret, "POST", `/v1/keys/${owner.keyId}/rotate`, { grace_seconds });
      expect(rotated.status).toBe(403);
      const body = await rotated.text();
      expect(body).not.toContain("wdk_");
      expect(JSON.parse(body).error.message).toMatch(
        /lacks `products:read`, `travel:read`, `events:write`, `jobs:write`/,
      );
    }
    expect((await send(weak.secret, "DELETE", `/v1/keys/${owner.keyId}`)).status).toBe(403);
    const escalated = await send(weak.secret, "POST", "/v1/keys", { name: "mine", scopes: ["products:read"] });
    expect(escalated.status).toBe(403);
    expect((await json(escalated)).error.message).toMatch(/lacks `products:read`/);
    // No route changes a key in place: its scopes are fixed at creation.
    expect((await send(weak.secret, "PATCH", `/v1/keys/${owner.keyId}`, { scopes: ["catalogue:read"] })).status).toBe(
      405,
    );

    expect(await listedKey(owner, owner.keyId)).toMatchObject({ start: before.start, revoked_at: null });
    expect((await call("/v1/keys", withKey(owner.secret))).status).toBe(200);
    expect((await send(owner.secret, "POST", "/v1/keys", { name: "still the owner's" })).status).toBe(201);
  });

  it("refuses a key whose scopes differ from the target's, even when it holds as many", async () => {
    const owner = await newAccount();
    const travel = await keyWithScopes(owner, ["travel:read", "keys:write"]);
    const catalogue = await keyWithScopes(owner, ["catalogue:read", "keys:write"]);
    expect((await send(travel.secret, "POST", `/v1/keys/${catalogue.id}/rotate`, {})).status).toBe(403);
    expect((await send(travel.secret, "DELETE", `/v1/keys/${catalogue.id}`)).status).toBe(403);
    expect((await call("/v1/categories", withKey(catalogue.secret))).status).toBe(200);
  });

  it("lets a key rotate and revoke itself, its equals and weaker keys", async () => {
    const owner = await newAccount();
    const writer = await keyWithScopes(owner, ["catalogue:read", "products:read", "keys:write"]);
    const equal = await keyWithScopes(owner, ["catalogue:read", "products:read", "keys:write"]);
    const weaker = await json(await send(writer.secret, "POST", "/v1/keys", { name: "w", scopes: ["catalogue:read"] }));
    expect(weaker.data.key.scopes).toEqual(["catalogue:read"]);

    const rotatedWeaker = await send(writer.secret, "POST", `/v1/keys/${weaker.data.key.id}/rotate`, {});
    expect(rotatedWeaker.status).toBe(200);
    expect((await call("/v1/categories", withKey((await json(rotatedWeaker)).data.secret))).status).toBe(200);
    expect((await send(writer.secret, "DELETE", `/v1/keys/${weaker.data.key.id}`)).status).toBe(200);
    expect((await send(writer.secret, "POST", `/v1/keys/${equal.id}/rotate`, {})).status).toBe(200);

    const self = await send(writer.secret, "POST", `/v1/keys/${writer.id}/rotate`, { grace_seconds: 3600 });
    expect(self.status).toBe(200);
    // The previous secret still only reads data.
    expect((await send(writer.secret, "DELETE", `/v1/keys/${equal.id}`)).status).toBe(401);
    expect((await call("/v1/categories", withKey(writer.secret))).status).toBe(200);
    expect((await send((await json(self)).data.secret, "DELETE", `/v1/keys/${equal.id}`)).status).toBe(200);
  });

  it("lets the admin token rotate and revoke a key holding every scope", async () => {
    const owner = await newAccount();
    const rotated = await admin(`/v1/admin/keys/${owner.keyId}/rotate`, "POST", { grace_seconds: 0 });
    expect(rotated.status).toBe(200);
    expect((await call("/v1/keys", withKey((await json(rotated)).data.secret))).status).toBe(200);
    expect((await admin(`/v1/admin/keys/${owner.keyId}/revoke`, "POST")).status).toBe(200);
  });
});

describe("the dashboard manages keys as the account's owner, above every key", () => {
  it("creates keys holding every scope, rotates and revokes them, and a weaker key cannot touch them", async () => {
    const { visitor } = await signedUp();
    // Every scope ticked, `keys:write` included (the form leaves it unticked at first).
    const strong = await createdKey(visitor, "strong", [...SCOPES]);
    const listed = await json(await call("/v1/keys", withKey(strong.secret)));
    expect(listed.data.find((key: { id: string }) => key.id === strong.keyId).scopes).toEqual([...SCOPES]);
    const weak = await json(
      await send(strong.secret, "POST", "/v1/keys", { name: "weak", scopes: ["catalogue:read", "keys:write"] }),
    );
    expect((await send(weak.data.secret, "POST", `/v1/keys/${strong.keyId}/rotate`, {})).status).toBe(403);
    expect((await send(weak.data.secret, "DELETE", `/v1/keys/${strong.keyId}`)).status).toBe(403);

    const rotated = await visitor.post(`/dashboard/keys/${strong.keyId}/rotate`, { grace_days: "0" });
    expect(rotated.status).toBe(200);
    const secret = /id="secret-value" data-key-id="[^"]+">(wdk_[^<]+)</.exec(rotated.html)![1]!;
    expect((await call("/v1/keys", withKey(secret))).status).toBe(200);
    expect((await call("/v1/keys", withKey(strong.secret))).status).toBe(401);
    expect((await visitor.post(`/dashboard/keys/${strong.keyId}/revoke`, { confirm: "yes" })).status).toBe(303);
    expect((await call("/v1/keys", withKey(secret))).status).toBe(401);
  });
});

/** Runs the minute cron at `scheduledTime`, as the Worker's scheduled handler. */
async function cron(scheduledTime: number) {
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController({ cron: "* * * * *", scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("another key's watch, schedule or job answers only a key holding the scopes of its calls", () => {
  const productWatch = { kind: "product", platform: "amazon", id: "B0057OC5O8", condition: "below", threshold: 10 };
  const hotelWatch = {
    kind: "hotel",
    platform: "booking",
    destination: "Dublin",
    check_in: "2030-01-10",
    check_out: "2030-01-12",
    condition: "below",
    threshold: 100,
  };

  it("refuses a product watch's check, read and removal to a key without products:read", async () => {
    const owner = await newAccount();
    const watch = (await json(await send(owner.secret, "POST", "/v1/watches", productWatch))).data;
    const eventsOnly = await keyWithScopes(owner, ["events:write"]);
    const checked = await send(eventsOnly.secret, "POST", `/v1/watches/${watch.id}/check`);
    expect(checked.status).toBe(403);
    expect((await json(checked)).error.message).toMatch(/`products:read`/);
    expect((await send(eventsOnly.secret, "GET", `/v1/watches/${watch.id}`)).status).toBe(403);
    expect((await send(eventsOnly.secret, "DELETE", `/v1/watches/${watch.id}`)).status).toBe(403);
    expect((await json(await send(eventsOnly.secret, "GET", "/v1/watches"))).data).toEqual([]);
    expect((await send(eventsOnly.secret, "POST", "/v1/watches", productWatch)).status).toBe(403);
    // Nothing ran: the watch was never checked.
    expect((await json(await send(owner.secret, "GET", `/v1/watches/${watch.id}`))).data.last_checked_at).toBeNull();

    const withProducts = await keyWithScopes(owner, ["events:write", "products:read"]);
    expect((await json(await send(withProducts.secret, "GET", "/v1/watches"))).data.map((w: any) => w.id)).toEqual([
      watch.id,
    ]);
    const allowed = await send(withProducts.secret, "POST", `/v1/watches/${watch.id}/check`);
    expect(allowed.status).toBe(200);
    expect((await json(allowed)).data.watch.last_checked_at).not.toBeNull();
  });

  it("refuses a hotel watch to a key without travel:read and shows it to one with it", async () => {
    const owner = await newAccount();
    const watch = (await json(await send(owner.secret, "POST", "/v1/watches", hotelWatch))).data;
    const products = await keyWithScopes(owner, ["events:write", "products:read"]);
    expect((await send(products.secret, "GET", `/v1/watches/${watch.id}`)).status).toBe(403);
    expect((await send(products.secret, "POST", `/v1/watches/${watch.id}/check`)).status).toBe(403);
    const travel = await keyWithScopes(owner, ["events:write", "travel:read"]);
    expect((await json(await send(travel.secret, "GET", `/v1/watches/${watch.id}`))).data.id).toBe(watch.id);
    expect((await send(travel.secret, "DELETE", `/v1/watches/${watch.id}`)).status).toBe(200);
  });

  it("refuses a schedule's runs and their stored answers to a key without its path's scope", async () => {
    const owner = await newAccount();
    const created = (
      await json(await send(owner.secret, "POST", "/v1/schedules", { cron: "* * * * *", path: "/v1/categories" }))
    ).data;
    await cron(Date.parse(created.next_run_at) + 500);
    const [run] = (await json(await send(owner.secret, "GET", `/v1/schedules/${created.id}`))).data.runs;
    expect(run.status).toBe("succeeded");
    const runPath = `/v1/schedules/${created.id}/runs/${run.id}`;

    const eventsOnly = await keyWithScopes(owner, ["events:write"]);
    const download = await send(eventsOnly.secret, "GET", runPath);
    expect(download.status).toBe(403);
    expect((await json(download)).error.message).toMatch(/`catalogue:read`/);
    expect((await send(eventsOnly.secret, "GET", `/v1/schedules/${created.id}`)).status).toBe(403);
    expect((await send(eventsOnly.secret, "DELETE", `/v1/schedules/${created.id}`)).status).toBe(403);
    expect((await json(await send(eventsOnly.secret, "GET", "/v1/schedules"))).data).toEqual([]);
    const stored = await send(eventsOnly.secret, "POST", "/v1/schedules", {
      cron: "0 * * * *",
      path: "/v1/categories",
    });
    expect(stored.status).toBe(403);

    const withCatalogue = await keyWithScopes(owner, ["events:write", "catalogue:read"]);
    expect((await json(await send(withCatalogue.secret, "GET", `/v1/schedules/${created.id}`))).data.runs).toHaveLength(
      1,
    );
    const allowed = await send(withCatalogue.secret, "GET", runPath);
    expect(allowed.status).toBe(200);
    expect((await json(allowed)).data.length).toBeGreaterThan(0);
  });

  it("refuses a job's progress, results and cancel to a key without its items' scopes", async () => {
    const owner = await newAccount();
    const job = await send(owner.secret, "POST", "/v1/jobs", {
      requests: [{ path: "/v1/categories" }, { path: "/v1/platforms" }],
    });
    expect(job.status).toBe(202);
    const { id } = (await json(job)).data;

    const catalogueOnly = await keyWithScopes(owner, ["jobs:write", "catalogue:read"]);
    for (const [method, path] of [
      ["GET", `/v1/jobs/${id}`],
      ["GET", `/v1/jobs/${id}/results?format=json`],
      ["GET", `/v1/jobs/${id}/results`],
      ["POST", `/v1/jobs/${id}/cancel`],
    ] as const) {
      const refused = await send(catalogueOnly.secret, method, path);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect((await json(refused)).error.message).toMatch(/`products:read`/);
    }
    expect((await json(await send(catalogueOnly.secret, "GET", "/v1/jobs"))).data).toEqual([]);

    const both = await keyWithScopes(owner, ["jobs:write", "catalogue:read", "products:read"]);
    expect((await json(await send(both.secret, "GET", "/v1/jobs"))).data.map((j: any) => j.id)).toEqual([id]);
    expect((await json(await send(both.secret, "GET", `/v1/jobs/${id}`))).data.total).toBe(2);
    const results = await send(both.secret, "GET", `/v1/jobs/${id}/results?format=json`);
    expect(results.status).toBe(200);
    expect((await json(results)).data.map((item: any) => item.path)).toEqual(["/v1/categories", "/v1/platforms"]);
  });
});

describe("another key's dataset answers only a key holding the scopes of its recipe's calls", () => {
  const recipes = [
    { scope: "products:read", recipe: { kind: "search", platforms: ["walmart"], queries: ["kettle"] } },
    {
      scope: "travel:read",
      recipe: { kind: "hotels", platforms: ["booking"], destinations: ["Dublin"], check_in_days: [60] },
    },
  ];

  for (const { scope, recipe } of recipes) {
    it(`refuses a ${recipe.kind} dataset's refresh, reads and removal to a key without ${scope}`, async () => {
      const owner = await newAccount({ plan: "pro" });
      const created = await send(owner.secret, "POST", "/v1/datasets", { name: `${recipe.kind} scopes`, recipe });
      expect(created.status).toBe(201);
      const { slug } = (await json(created)).data;

      const without = await keyWithScopes(owner, ["catalogue:read", "datasets:write"]);
      for (const [method, path] of [
        ["POST", `/v1/datasets/${slug}/refresh`],
        ["GET", `/v1/datasets/${slug}`],
        ["GET", `/v1/datasets/${slug}/records`],
        ["GET", `/v1/datasets/${slug}/records/some-key/history`],
        ["DELETE", `/v1/datasets/${slug}`],
      ] as const) {
        const refused = await send(without.secret, method, path);
        expect(refused.status, `${method} ${path}`).toBe(403);
        expect((await json(refused)).error.message).toContain(`\`${scope}\``);
      }

      const holding = await keyWithScopes(owner, ["catalogue:read", "datasets:write", scope]);
      // The first refresh, started at creation, may still be collecting: a 409, never a 403.
      expect([202, 409]).toContain((await send(holding.secret, "POST", `/v1/datasets/${slug}/refresh`)).status);
      expect((await send(holding.secret, "GET", `/v1/datasets/${slug}`)).status).toBe(200);
    });
  }

  it("leaves the public catalogue to catalogue:read alone", async () => {
    const owner = await newAccount();
    const catalogueOnly = await keyWithScopes(owner, ["catalogue:read"]);
    const listed = await json(await send(catalogueOnly.secret, "GET", "/v1/datasets?limit=1"));
    const [publicOne] = listed.data;
    expect(publicOne.visibility).toBe("public");
    expect((await send(catalogueOnly.secret, "GET", `/v1/datasets/${publicOne.slug}`)).status).toBe(200);
  });
});
