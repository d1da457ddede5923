// Everything a script that runs a local stack started (wrangler dev and the workerd and Chromium
// under it, the replica sites), stopped together on SIGINT, SIGTERM and SIGHUP whenever the signal
// comes, start-up included, and killed at once should the script exit any other way. wrangler runs
// in a process group of its own (local-stack.ts), so a signal to `npm start`'s group never reaches it:
// without this, a process manager's SIGTERM left it serving on the port, and its browsers running.

export interface Stoppable {
  /** Stops it gracefully, and for good. */
  stop(): Promise<void>;
  /** Kills it now, synchronously: all an `exit` handler may do. */
  kill(): void;
}

const running = new Set<Stoppable>();
let stopping: Promise<void> | undefined;

/** Keeps `thing` to be stopped on a signal or at exit; `forget` once it was stopped otherwise. */
export function stopWithProcess(thing: Stoppable): { forget(): void } {
  running.add(thing);
  return { forget: () => running.delete(thing) };
}

/** Stops everything kept, the most recently started first. */
export function stopAll(): Promise<void> {
  stopping ??= Promise.allSettled([...running].reverse().map((thing) => thing.stop())).then(() => running.clear());
  return stopping;
}

const EXIT_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

/** From now on, a signal stops everything kept and ends the process; an exit kills what is left. */
export function stopOnSignals(): void {
  for (const signal of Object.keys(EXIT_CODES) as (keyof typeof EXIT_CODES)[]) {
    process.once(signal, () => void stopAll().then(() => process.exit(EXIT_CODES[signal])));
  }
  process.once("exit", () => {
    for (const thing of running) thing.kill();
  });
}
