// The jobs one BrowserHost runs at once: a fixed number of slots and a first-come queue behind them.
// Written by hand: it is a dozen lines, and a queued job must leave at its own deadline.
import { EngineUnavailable } from "../../errors";

export class Slots {
  #used = 0;
  readonly #queue: (() => void)[] = [];

  constructor(readonly capacity: number) {}

  /** Jobs waiting for a slot. */
  get waiting(): number {
    return this.#queue.length;
  }

  /** Takes a slot if one is free now. */
  tryTake(): boolean {
    if (this.#used >= this.capacity) return false;
    this.#used += 1;
    return true;
  }

  /** Takes a slot, waiting in turn; a job still waiting at `deadline` leaves the queue unavailable. */
  take(deadline: number): Promise<void> {
    if (this.tryTake()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(
        () => {
          this.#queue.splice(this.#queue.indexOf(grant), 1);
          reject(new EngineUnavailable("no browser became free in time"));
        },
        Math.max(1, deadline - Date.now()),
      );
      this.#queue.push(grant);
    });
  }

  /** Gives a slot back: to the first job waiting, else to the pool. */
  release(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#used -= 1;
  }
}
