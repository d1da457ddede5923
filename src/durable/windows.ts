// Fixed rate-limit windows: the calendar minute and the calendar month, in UTC.
const MINUTE_MS = 60_000;

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

export function windowState(limit: number, used: number, resetAt: number): WindowState {
  return { limit, used, remaining: Math.max(0, limit - used), resetAt };
}

/** Each UTC day (YYYY-MM-DD) of the calendar month `now` falls in. */
export function monthDays(now: number): string[] {
  const { start, end } = monthWindow(now);
  const days: string[] = [];
  for (let t = start; t < end; t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}
