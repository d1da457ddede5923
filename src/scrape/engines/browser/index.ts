import { BrowserHostBusy, BrowserHostLost } from "../../errors";
import { detectChallenge } from "../../extract/challenge";
import { shardName, shardOrder } from "./shards";
import { type BrowserRequest, fromWire } from "./wire";
import type { Engine, LoadedPage, PageLoad } from "../types";

/** Runs the load in one shard; a shard that fails without answering loses the load with it. */
async function runOn(load: PageLoad, shard: number, spill: boolean): Promise<LoadedPage> {
  const hosts = load.env.BROWSER_HOST;
  const host = hosts.get(hosts.idFromName(shardName(shard)));
  const request: BrowserRequest = {
    url: load.url,
    accountId: load.accountId,
    remainingMs: Math.max(1, load.deadline - Date.now()),
    shard,
    spill,
    ...(load.extras ? { extras: load.extras } : {}),
  };
  // The shared challenge detection (every platform's today) runs in the object itself; a platform
  // with its own stays here, and the object asks it back over RPC, a round trip per page read.
  const ownDetection =
    load.detectChallenge === detectChallenge
      ? undefined
      : (html: string, status: number) => load.detectChallenge(html, status);
  const answer = await host.load(request, ownDetection).catch((err: unknown) => {
    // The object itself failed (reset, evicted, overloaded): its answers are errors as values, so
    // anything thrown here is the runtime's, and the load went down with the object.
    throw new BrowserHostLost("the browser service did not answer", { cause: err });
  });
  if (answer.ok) return answer.page as LoadedPage;
  throw fromWire(answer.error);
}

/**
 * Chromium through Browser Rendering: runs the page's JavaScript in one of the `BrowserHost`
 * objects that hold the browsers. The load is offered to its site's shards in order, each taking it
 * only if it has a free slot; when all are full it queues where the fewest wait. A shard that is
 * lost is left out and the load runs again on another.
 */
export const browserEngine: Engine = {
  name: "browser",
  cost: 10,
  async load(load: PageLoad): Promise<LoadedPage> {
    const shards = shardOrder(new URL(load.url).host, load.config.browserShards);
    const waiting = new Map<number, number>();
    let lost: BrowserHostLost | null = null;
    while (shards.length > 0) {
      const spill = shards.some((shard) => !waiting.has(shard));
      const shard = spill
        ? shards.find((candidate) => !waiting.has(candidate))!
        : shards.reduce((best, candidate) => (waiting.get(candidate)! < waiting.get(best)! ? candidate : best));
      try {
        return await runOn(load, shard, spill);
      } catch (err) {
        if (err instanceof BrowserHostBusy) waiting.set(shard, err.waiting);
        else if (err instanceof BrowserHostLost) {
          lost = err;
          shards.splice(shards.indexOf(shard), 1);
        } else throw err;
      }
    }
    throw lost!;
  },
};
