// src/db/plan-limits.ts: the one owner of what an account may use. Its seeded figures match the
// migrated `plans` table (job limits included), and an admin's own windows win over the plan's.
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { findAccount } from "../../../src/db/accounts";
import { effectiveLimits, jobLimits, PLANS, perPlan } from "../../../src/db/plan-limits";
import { admin, env, newAccount } from "../helpers";

describe("PLANS", () => {
  it("holds the figures the migrations seed into the plans table", async () => {
    const { results } = await env.DB.prepare("SELECT * FROM plans ORDER BY requests_per_minute").all();
    expect(results.map((row) => row["id"])).toEqual(["free", "pro", "enterprise"]);
    for (const row of results) {
      const plan = PLANS[row["id"] as keyof typeof PLANS];
      expect([
        row["requests_per_minute"],
        row["requests_per_month"],
        row["max_webhooks"],
        row["max_watches"],
        row["max_schedules"],
        row["max_datasets"],
        row["max_job_items"],
        row["max_running_jobs"],
      ]).toEqual([
        plan.requestsPerMinute,
        plan.requestsPerMonth,
        plan.maxWebhooks,
        plan.maxWatches,
        plan.maxSchedules,
        plan.maxDatasets,
        plan.maxJobItems,
        plan.maxRunningJobs,
      ]);
    }
  });

  it("quotes one figure of every plan for descriptions", () => {
    expect(perPlan("maxWatches")).toBe("free 10, pro 100, enterprise 1,000");
    expect(perPlan("requestsPerMonth", ["free", "pro"])).toBe("free 1,000, pro 10,000");
  });
});

describe("jobLimits", () => {
  it("gives each plan's row its items per job and jobs at once", async () => {
    const { results } = await env.DB.prepare("SELECT * FROM plans").all();
    const byPlan = Object.fromEntries(
      results.map((row) => [
        row["id"],
        jobLimits({ maxJobItems: Number(row["max_job_items"]), maxRunningJobs: Number(row["max_running_jobs"]) }),
      ]),
    );
    expect(byPlan).toEqual({
      free: { maxItems: 100, maxRunning: 1 },
      pro: { maxItems: 10_000, maxRunning: 3 },
      enterprise: { maxItems: 50_000, maxRunning: 10 },
    });
  });
});

describe("effectiveLimits", () => {
  it("takes the plan's windows, and an admin's own windows for the account over them", async () => {
    const account = await newAccount({ plan: "pro" });
    const db = drizzle(env.DB);
    expect(effectiveLimits((await findAccount(db, account.accountId))!)).toEqual({
      perMinute: 100,
      perMonth: 10_000,
      jobs: { maxItems: 10_000, maxRunning: 3 },
    });
    const res = await admin(`/v1/admin/accounts/${account.accountId}`, "PATCH", { requests_per_minute: 5_000 });
    expect(res.status).toBe(200);
    expect(effectiveLimits((await findAccount(db, account.accountId))!)).toMatchObject({
      perMinute: 5_000,
      perMonth: 10_000,
    });
  });
});
