import { dailyUsageForAccount, peekAccount } from "../durable/rate-limit-client";
import { monthWindow, type WindowState } from "../durable/rate-limiter";
import type { KeyRow } from "../db/keys";
import type { SignedIn } from "./users";

export interface AccountUsage {
  perMinute: number;
  perMonth: number;
  month: WindowState;
  /** This calendar minute, for the whole account: every key draws from the same window. */
  minute: WindowState;
  liveKeys: KeyRow[];
}

/** Current counts from the account's RateLimiter without counting anything. */
export async function accountUsage(env: Env, signedIn: SignedIn, keys: KeyRow[]): Promise<AccountUsage> {
  const { account, plan } = signedIn;
  const perMinute = account.customRequestsPerMinute ?? plan.requestsPerMinute;
  const perMonth = account.customRequestsPerMonth ?? plan.requestsPerMonth;
  const peek = await peekAccount(env, account.id, perMinute, perMonth);
  return {
    perMinute,
    perMonth,
    month: peek.month!,
    minute: peek.minute,
    liveKeys: keys.filter((key) => !key.revokedAt),
  };
}

/** Requests per UTC day of the current month, every day present (zero when nothing was counted). */
export async function dailyUsageThisMonth(
  env: Env,
  accountId: string,
  now = Date.now(),
): Promise<{ day: string; count: number }[]> {
  const counted = new Map((await dailyUsageForAccount(env, accountId, 31)).map((row) => [row.day, row.count]));
  const { start, end } = monthWindow(now);
  const days: { day: string; count: number }[] = [];
  for (let t = start; t < end; t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.push({ day, count: counted.get(day) ?? 0 });
  }
  return days;
}
