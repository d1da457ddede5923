import { nextRunAfter } from "../events/schedules";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Mon 24 Nov 2026, 13:00 UTC (in 42 min)": how a person reads a run time. */
export function readableRun(at: Date, now = Date.now()): string {
  const hhmm = at.toISOString().slice(11, 16);
  const date = `${WEEKDAYS[at.getUTCDay()]} ${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
  const minutes = Math.round((at.getTime() - now) / 60_000);
  const until =
    minutes < 60
      ? `in ${minutes} min`
      : minutes < 48 * 60
        ? `in ${Math.round(minutes / 60)} h`
        : `in ${Math.round(minutes / 1440)} days`;
  return `${date}, ${hhmm} UTC (${until})`;
}

/**
 * The next `count` runs of a cron expression, read by the same parser the schedules API uses, or
 * why it cannot be read. Five fields only, as the API requires.
 */
export function previewRuns(cron: string, count = 5, now = Date.now()): { runs: string[]; error: string | null } {
  const trimmed = cron.trim();
  if (!trimmed) return { runs: [], error: "Type a cron expression: minute hour day month weekday." };
  if (trimmed.split(/\s+/).length !== 5)
    return { runs: [], error: "Use five fields: minute hour day month weekday (UTC)." };
  const runs: string[] = [];
  try {
    let after = new Date(now);
    for (let i = 0; i < count; i++) {
      after = nextRunAfter(trimmed, after);
      runs.push(readableRun(after, now));
    }
  } catch (err) {
    return { runs: [], error: `Not a cron expression: ${err instanceof Error ? err.message : String(err)}.` };
  }
  return { runs, error: null };
}
