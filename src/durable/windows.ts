// Fixed windows of an account's counts: the calendar minute and month (its rate limits) and the
// calendar day (its calls per day), in UTC.
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The state of one fixed window after a decision. */
export interface WindowState {
  limit: number;
  used: number;
  remaining: number;
  /** Epoch milliseconds when the window starts over. */
  resetAt: number;
}

export function minuteWindow(now: number) {
  const start = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  return { start, end: start + MINUTE_MS };
}

export function monthWindow(now: number) {
  const date = new Date(now);
  const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  const end = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  return { start, end };
}

type DayWindow = Readonly<{ start: number; end: number; name: string }>;
let lastDay: DayWindow = { start: Number.NEGATIVE_INFINITY, end: Number.NEGATIVE_INFINITY, name: "" };

/** The UTC day of `now`, named YYYY-MM-DD; the last day asked for is kept (shared, so read-only), as every call of a meter asks. */
export function dayWindow(now: number): DayWindow {
  if (now < lastDay.start || now >= lastDay.end) {
    const start = now - (((now % DAY_MS) + DAY_MS) % DAY_MS);
    lastDay = { start, end: start + DAY_MS, name: new Date(start).toISOString().slice(0, 10) };
  }
  return lastDay;
}

/** The UTC day of `epochMs` as YYYY-MM-DD. */
export const utcDay = (epochMs: number): string => dayWindow(epochMs).name;

export function windowState(limit: number, used: number, resetAt: number): WindowState {
  return { limit, used, remaining: Math.max(0, limit - used), resetAt };
}

/** Each UTC day (YYYY-MM-DD) of the calendar month `now` falls in. */
export function monthDays(now: number): string[] {
  const { start, end } = monthWindow(now);
  const days: string[] = [];
  for (let t = start; t < end; t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}
