import { endpointUsageForAccount, peekAccount } from "../durable/account-meter-client";
import type { EndpointUsageRow } from "../durable/account-meter";
import { monthWindow, type WindowState } from "../durable/windows";
import type { KeyRow } from "../db/keys";
import type { SignedIn } from "../db/dashboard-users";
import { effectiveLimits } from "../db/plan-limits";

export interface AccountUsage {
  perMinute: number;
  perMonth: number;
  month: WindowState;
  /** This calendar minute, for the whole account: every key draws from the same window. */
  minute: WindowState;
  liveKeys: KeyRow[];
}

/** Current counts from the account's AccountMeter without counting anything. */
export async function accountUsage(env: Env, signedIn: SignedIn, keys: KeyRow[]): Promise<AccountUsage> {
  const { perMinute, perMonth } = effectiveLimits(signedIn);
  const peek = await peekAccount(env, signedIn.account.id, perMinute, perMonth);
  return {
    perMinute,
    perMonth,
    month: peek.month!,
    minute: peek.minute,
    liveKeys: keys.filter((key) => !key.revokedAt),
  };
}

/** This month's answered calls per day, endpoint and status class, from the account's AccountMeter. */
export function endpointUsageThisMonth(env: Env, accountId: string, now = Date.now()): Promise<EndpointUsageRow[]> {
  const firstDay = new Date(monthWindow(now).start).toISOString().slice(0, 10);
  return endpointUsageForAccount(env, accountId, firstDay);
}

export interface Forecast {
  used: number;
  quota: number;
  /** Requests by the month's end at this month's pace so far. */
  projected: number;
  /** The UTC day the quota runs out at that pace, when it does before the month ends. */
  runsOutOn: string | null;
}

/**
 * A straight-line forecast: this month's count over the time gone, carried to the month's end.
 * At least one hour counts as gone, so a call in the first minutes does not project thousands.
 */
export function quotaForecast(used: number, quota: number, now = Date.now()): Forecast {
  const { start, end } = monthWindow(now);
  const elapsed = Math.max(now - start, 3_600_000);
  const perMs = used / elapsed;
  const projected = Math.round(perMs * (end - start));
  let runsOutOn: string | null = null;
  if (projected > quota && perMs > 0) {
    const at = start + Math.ceil(quota / perMs);
    runsOutOn = new Date(Math.max(at, now)).toISOString().slice(0, 10);
  }
  return { used, quota, projected, runsOutOn };
}

/** Calls per endpoint over the rows, most first, with how many were errors (4xx and 5xx). */
export function topEndpoints(rows: EndpointUsageRow[], limit = 10) {
  const totals = new Map<string, { endpoint: string; group: string; count: number; errors: number }>();
  for (const row of rows) {
    const entry = totals.get(row.endpoint) ?? { endpoint: row.endpoint, group: row.group, count: 0, errors: 0 };
    entry.count += row.count;
    if (row.statusClass === "4xx" || row.statusClass === "5xx") entry.errors += row.count;
    totals.set(row.endpoint, entry);
  }
  return [...totals.values()].sort((a, b) => b.count - a.count || a.endpoint.localeCompare(b.endpoint)).slice(0, limit);
}
