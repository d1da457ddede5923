// POST /v1/admin/accounts/{id}/user: an account the operator made gets a person who signs in to
// the dashboard, under the sign-up page's password rules; once per account and email, admin only.
import { describe, expect, it } from "vitest";
import { admin, call, newAccount } from "./helpers";
import { Visitor } from "./dashboard-visitor";

let emails = 0;
const email = () => `operator-made-${Date.now()}-${++emails}@example.com`;

describe("a sign-in for an operator's account", () => {
  it("lets the person sign in and see the account the operator made", async () => {
    const account = await newAccount({ plan: "pro" });
    const address = email();
    const added = await admin(`/v1/admin/accounts/${account.accountId}/user`, "POST", {
      email: address,
      password: "Blue-kettle-4417",
    });
    expect(added.status).toBe(201);
    expect(((await added.json()) as any).data).toEqual({ account_id: account.accountId, email: address });

    const visitor = new Visitor();
    await visitor.get("/dashboard/login");
    const signedIn = await visitor.post("/dashboard/login", { email: address, password: "Blue-kettle-4417" });
    expect(signedIn.status).toBe(303);
    const keys = await visitor.get("/dashboard/keys");
    expect(keys.html).toContain(account.keyId);
    const overview = await visitor.get("/dashboard");
    expect(overview.html).toMatch(/pro/i);
  });

  it("refuses a second sign-in, a taken email, a weak password, an unknown account and a caller without the token", async () => {
    const account = await newAccount();
    const address = email();
    const path = `/v1/admin/accounts/${account.accountId}/user`;
    expect((await admin(path, "POST", { email: address, password: "Blue-kettle-4417" })).status).toBe(201);
    const again = await admin(path, "POST", { email: email(), password: "Blue-kettle-4417" });
    expect(again.status).toBe(409);
    const other = await newAccount();
    const taken = await admin(`/v1/admin/accounts/${other.accountId}/user`, "POST", {
      email: address,
      password: "Blue-kettle-4417",
    });
    expect(taken.status).toBe(409);
    const weak = await admin(`/v1/admin/accounts/${other.accountId}/user`, "POST", {
      email: email(),
      password: "password123",
    });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as any).error.message).toMatch(/common|password/i);
    const unknown = await admin("/v1/admin/accounts/acc_nobody/user", "POST", {
      email: email(),
      password: "Blue-kettle-4417",
    });
    expect(unknown.status).toBe(404);
    const anonymous = await call(`/v1/admin/accounts/${other.accountId}/user`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: email(), password: "Blue-kettle-4417" }),
    });
    expect(anonymous.status).toBe(401);
  });
});
