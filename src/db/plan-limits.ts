// What an account may use, owned here: its plan's row of the `plans` table (the minute and month
// windows, the caps on standing objects), the windows an admin set for the account itself, and
// the batch-job limits of each plan. Everything that enforces or quotes a limit reads it from here.
import type { accounts, plans } from "./schema";

type PlanRow = typeof plans.$inferSelect;
type AccountRow = typeof accounts.$inferSelect;

/** What a batch job may hold, per plan (not a column of `plans` yet). */
export interface JobLimits {
  /** Items in one job. */
  maxItems: number;
  /** Jobs of one account queued or running at once. */
  maxRunning: number;
}

/**
 * Every plan as the migrations seed its `plans` row, with its job limits: what descriptions and
 * docs quote. test/workers/db-plan-limits.test.ts holds the migrated table to these figures.
 */
export const PLANS = {
  free: {
    requestsPerMinute: 10,
    requestsPerMonth: 1_000,
    maxWebhooks: 3,
    maxWatches: 10,
    maxSchedules: 10,
    maxDatasets: 3,
    jobs: { maxItems: 100, maxRunning: 1 },
  },
  pro: {
    requestsPerMinute: 100,
    requestsPerMonth: 10_000,
    maxWebhooks: 10,
    maxWatches: 100,
    maxSchedules: 100,
    maxDatasets: 25,
    jobs: { maxItems: 10_000, maxRunning: 3 },
  },
  enterprise: {
    requestsPerMinute: 1_000,
    requestsPerMonth: 1_000_000,
    maxWebhooks: 25,
    maxWatches: 1_000,
    maxSchedules: 1_000,
    maxDatasets: 100,
    jobs: { maxItems: 50_000, maxRunning: 10 },
  },
} as const satisfies Record<string, Omit<PlanRow, "id" | "name"> & { jobs: JobLimits }>;

export type PlanId = keyof typeof PLANS;
type PlanFigure = Exclude<keyof (typeof PLANS)[PlanId], "jobs">;

/** A plan's job limits; an unknown plan has the free plan's. */
export function jobLimits(planId: string): JobLimits {
  return (Object.hasOwn(PLANS, planId) ? PLANS[planId as PlanId] : PLANS.free).jobs;
}

/** The limits an account works within: its own windows where an admin set them (enterprise), else its plan's. */
export function effectiveLimits(row: {
  account: Pick<AccountRow, "customRequestsPerMinute" | "customRequestsPerMonth">;
  plan: PlanRow;
}) {
  return {
    perMinute: row.account.customRequestsPerMinute ?? row.plan.requestsPerMinute,
    perMonth: row.account.customRequestsPerMonth ?? row.plan.requestsPerMonth,
    jobs: jobLimits(row.plan.id),
  };
}

/** One figure of every plan for a description, e.g. `free 10, pro 100, enterprise 1,000`. */
export function perPlan(figure: PlanFigure, plans: readonly PlanId[] = ["free", "pro", "enterprise"]): string {
  return plans.map((plan) => `${plan} ${PLANS[plan][figure].toLocaleString("en-US")}`).join(", ");
}
