import { BrowserHostBusy, BrowserHostLost } from "../../errors";
import { detectChallenge } from "../../extract/challenge";
import { shardName, shardOrder } from "./shards";
import { type BrowserRequest, fromWire } from "./wire";
import type { Engine, LoadedPage, LoadJob } from "../types";

/** Runs the job in one shard; a shard that fails without answering loses the job with it. */
async function runOn(job: LoadJob, shard: number, spill: boolean): Promise<LoadedPage> {
  const hosts = job.env.BROWSER_HOST;
  const host = hosts.get(hosts.idFromName(shardName(shard)));
  const request: BrowserRequest = {
    url: job.url,
    accountId: job.accountId,
    remainingMs: Math.max(1, job.deadline - Date.now()),
    shard,
    spill,
    ...(job.extras ? { extras: job.extras } : {}),
  };
  // The shared challenge detection (every platform's today) runs in the object itself; a platform
  // with its own stays here, and the object asks it back over RPC, a round trip per page read.
  const ownDetection =
    job.detectChallenge === detectChallenge
      ? undefined
      : (html: string, status: number) => job.detectChallenge(html, status);
  const answer = await host.load(request, ownDetection).catch((err: unknown) => {
    // The object itself failed (reset, evicted, overloaded): its answers are errors as values, so
    // anything thrown here is the runtime's, and the job went down with the object.
    throw new BrowserHostLost("the browser service did not answer", { cause: err });
  });
  if (answer.ok) return answer.page as LoadedPage;
  throw fromWire(answer.error);
}

/**
 * Chromium through Browser Rendering: runs the page's JavaScript in one of the `BrowserHost`
 * objects that hold the browsers. The job is offered to its site's shards in order, each taking it
 * only if it has a free slot; when all are full it queues where the fewest wait. A shard that is
 * lost is left out and the job runs again on another.
 */
export const browserEngine: Engine = {
  name: "browser",
  cost: 10,
  async load(job: LoadJob): Promise<LoadedPage> {
    const shards = shardOrder(new URL(job.url).host, job.config.browserShards);
    const waiting = new Map<number, number>();
    let lost: BrowserHostLost | null = null;
    while (shards.length > 0) {
      const spill = shards.some((shard) => !waiting.has(shard));
      const shard = spill
        ? shards.find((candidate) => !waiting.has(candidate))!
        : shards.reduce((best, candidate) => (waiting.get(candidate)! < waiting.get(best)! ? candidate : best));
      try {
        return await runOn(job, shard, spill);
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
