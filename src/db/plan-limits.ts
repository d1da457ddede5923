// What an account may use, owned here: its plan's row of the `plans` table (the minute and month
// windows, the caps on standing objects, the batch-job limits) and the windows an admin set for the
// account itself. Everything that enforces or quotes a limit reads it from here.
import type { accounts, plans } from "./schema";

type PlanRow = typeof plans.$inferSelect;
type AccountRow = typeof accounts.$inferSelect;

/** What a batch job may hold, per plan. */
export interface JobLimits {
  /** Items in one job. */
  maxItems: number;
  /** Jobs of one account queued or running at once. */
  maxRunning: number;
}

/**
 * Every plan as the migrations seed its `plans` row: what descriptions and docs quote.
 * test/workers/db/plan-limits.test.ts holds the migrated table to these figures.
 */
export const PLANS = {
  free: {
    requestsPerMinute: 10,
    requestsPerMonth: 1_000,
    maxWebhooks: 3,
    maxWatches: 10,
    maxSchedules: 10,
    maxDatasets: 3,
    maxJobItems: 100,
    maxRunningJobs: 1,
  },
  pro: {
    requestsPerMinute: 100,
    requestsPerMonth: 10_000,
    maxWebhooks: 10,
    maxWatches: 100,
    maxSchedules: 100,
    maxDatasets: 25,
    maxJobItems: 10_000,
    maxRunningJobs: 3,
  },
  enterprise: {
    requestsPerMinute: 1_000,
    requestsPerMonth: 1_000_000,
    maxWebhooks: 25,
    maxWatches: 1_000,
    maxSchedules: 1_000,
    maxDatasets: 100,
    maxJobItems: 50_000,
    maxRunningJobs: 10,
  },
} as const satisfies Record<string, Omit<PlanRow, "id" | "name">>;

export type PlanId = keyof typeof PLANS;
type PlanFigure = keyof (typeof PLANS)[PlanId];

/** A plan's job limits, from its row. */
export const jobLimits = (plan: Pick<PlanRow, "maxJobItems" | "maxRunningJobs">): JobLimits => ({
  maxItems: plan.maxJobItems,
  maxRunning: plan.maxRunningJobs,
});

/** The limits an account works within: its own windows where an admin set them (enterprise), else its plan's. */
export function effectiveLimits(row: {
  account: Pick<AccountRow, "customRequestsPerMinute" | "customRequestsPerMonth">;
  plan: PlanRow;
}) {
  return {
    perMinute: row.account.customRequestsPerMinute ?? row.plan.requestsPerMinute,
    perMonth: row.account.customRequestsPerMonth ?? row.plan.requestsPerMonth,
    jobs: jobLimits(row.plan),
  };
}

/** One figure of every plan for a description, e.g. `free 10, pro 100, enterprise 1,000`. */
export function perPlan(figure: PlanFigure, plans: readonly PlanId[] = ["free", "pro", "enterprise"]): string {
  return plans.map((plan) => `${plan} ${PLANS[plan][figure].toLocaleString("en-US")}`).join(", ");
}
