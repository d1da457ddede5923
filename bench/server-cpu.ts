// CPU time of the local Worker runtime, read from /proc: the workerd processes under wrangler dev
// (the Worker, its Durable Objects, local D1 and KV all run in them). Divided by the requests of a
// run, it is the runtime's CPU per request, an upper bound of what Workers would bill (the billed
// figure excludes HTTP parsing and the storage simulators). Linux only; elsewhere it reads NaN.
import { readdirSync, readFileSync } from "node:fs";

/** Kernel clock ticks per second (`getconf CLK_TCK`), 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

function stat(pid: number): { name: string; parent: number; ticks: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The name sits in parentheses and may hold spaces; the fields after it are space-separated.
    const close = text.lastIndexOf(")");
    const fields = text.slice(close + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime
    return { name: text.slice(text.indexOf("(") + 1, close), parent: Number(fields[1]), ticks };
  } catch {
    return null;
  }
}

/** The workerd processes descending from `rootPid`. */
export function workerdPids(rootPid: number): number[] {
  const all = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .map((pid) => ({ pid, info: stat(pid) }))
    .filter((entry) => entry.info !== null);
  const under = new Set([rootPid]);
  // Parents come before their children often but not always: repeat until nothing is added.
  for (let grew = true; grew; ) {
    grew = false;
    for (const { pid, info } of all) {
      if (!under.has(pid) && under.has(info!.parent)) {
        under.add(pid);
        grew = true;
      }
    }
  }
  return all.filter(({ pid, info }) => under.has(pid) && info!.name.startsWith("workerd")).map(({ pid }) => pid);
}

/** CPU milliseconds the processes have used so far (NaN when /proc cannot tell). */
export function cpuMs(pids: readonly number[]): number {
  if (pids.length === 0) return NaN;
  let ticks = 0;
  for (const pid of pids) ticks += stat(pid)?.ticks ?? 0;
  return (ticks / TICKS_PER_SECOND) * 1000;
}

/** The whole machine's CPU time so far, busy and in all, in ticks (`/proc/stat`); null when it cannot tell. */
export function machineTicks(): { busy: number; total: number } | null {
  try {
    // cpu  user nice system idle iowait irq softirq steal …
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    return { busy: total - fields[3]! - fields[4]!, total };
  } catch {
    return null;
  }
}

/** The share of the machine's CPU (all cores) that was busy between two `machineTicks` readings; NaN when unknown. */
export function busyShare(before: ReturnType<typeof machineTicks>, after: ReturnType<typeof machineTicks>): number {
  if (!before || !after || after.total === before.total) return NaN;
  return (after.busy - before.busy) / (after.total - before.total);
}
