import { EngineUnavailable } from "../../errors";
import { fromWire } from "./wire";
import type { Engine, LoadedPage, LoadJob } from "../types";

/** One object holds every browser, so any request can reuse a browser another request opened. */
const HOST_NAME = "browsers";

/** Chromium through Browser Rendering: runs the page's JavaScript, in the object that holds the browsers. */
export const browserEngine: Engine = {
  name: "browser",
  cost: 10,
  async load(job: LoadJob): Promise<LoadedPage> {
    const hosts = job.env.BROWSER_HOST;
    const host = hosts.get(hosts.idFromName(HOST_NAME));
    const request = { url: job.url, accountId: job.accountId, remainingMs: Math.max(1, job.deadline - Date.now()) };
    // The platform's challenge detection stays here; the object asks it back over RPC.
    const answer = await host
      .load(request, (html: string, status: number) => job.detectChallenge(html, status))
      .catch((err: unknown) => {
        // The object itself failed (reset, overloaded): no browser answered, which the scrape loop knows how to take.
        throw new EngineUnavailable("the browser service did not answer", { cause: err });
      });
    if (answer.ok) return answer.page as LoadedPage;
    throw fromWire(answer.error);
  },
};
