// The plans' figures the docs quote are the figures of their one owner (src/db/plan-limits.ts,
// which the migrated plans table is held to): a plan changed without its docs fails here.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PLANS } from "../../src/db/plan-limits.ts";

/** A doc's text with its line breaks and indents as single spaces, as a reader sees it. */
const prose = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8").replace(/\s+/g, " ");
const n = (value: number) => value.toLocaleString("en-US");
const { free, pro, enterprise } = PLANS;
const freeAndPro =
  `free ${n(free.requestsPerMinute)} requests/minute and ${n(free.requestsPerMonth)}/month; ` +
  `pro ${n(pro.requestsPerMinute)}/minute and ${n(pro.requestsPerMonth)}/month;`;

describe("the plans' figures in the docs", () => {
  it("docs/reliability.md quotes each plan's two windows", () => {
    expect(prose("docs/reliability.md")).toContain(
      `${freeAndPro} enterprise ${n(enterprise.requestsPerMinute)}/minute and ${n(enterprise.requestsPerMonth)}/month`,
    );
  });

  it("docs/keys-and-limits.md quotes each plan's two windows, enterprise's as its default", () => {
    expect(prose("docs/keys-and-limits.md")).toContain(
      `${freeAndPro} enterprise custom (set by the admin API; default ${n(enterprise.requestsPerMinute)}/minute, ${n(enterprise.requestsPerMonth)}/month)`,
    );
  });

  it("docs/events.md quotes each plan's caps on webhooks, watches and schedules", () => {
    const three = (field: "maxWatches" | "maxSchedules") =>
      [free, pro, enterprise].map((plan) => n(plan[field])).join(", ");
    expect(prose("docs/events.md")).toContain(
      `webhook endpoints (free ${free.maxWebhooks}, pro ${pro.maxWebhooks}, enterprise ${enterprise.maxWebhooks}), ` +
        `watches (${three("maxWatches")}) and schedules (${three("maxSchedules")})`,
    );
  });

  it("docs/catalogue.md quotes each plan's cap on datasets", () => {
    expect(prose("docs/catalogue.md")).toContain(
      `free accounts hold ${free.maxDatasets}, pro ${pro.maxDatasets}, enterprise ${enterprise.maxDatasets}`,
    );
  });

  it("docs/jobs.md's table gives each plan's items per job and unfinished jobs at once", () => {
    const doc = readFileSync(new URL("../../docs/jobs.md", import.meta.url), "utf8");
    for (const [plan, { maxJobItems, maxRunningJobs }] of Object.entries(PLANS))
      expect(doc).toContain(`| ${plan} | ${n(maxJobItems)} | ${maxRunningJobs} |`);
  });
});
