import type { Hono } from "hono";
import { listKeys } from "../db/keys";
import type { DashboardEnv } from "./env";
import { Layout } from "./layout";
import { UsageChart } from "./usage-chart";
import { dailyUsageThisMonth } from "../durable/account-meter-client";
import { accountUsage } from "./usage";

const number = (n: number) => n.toLocaleString("en-US");
const utc = (epochMs: number) => `${new Date(epochMs).toISOString().replace("T", " ").slice(0, 16)} UTC`;

export function registerOverview(app: Hono<DashboardEnv>) {
  app.get("/", async (c) => {
    const signedIn = c.get("signedIn")!;
    const keys = await listKeys(c.get("db"), signedIn.account.id);
    const [usage, days] = await Promise.all([
      accountUsage(c.env, signedIn, keys),
      dailyUsageThisMonth(c.env, signedIn.account.id),
    ]);
    const liveKeys = keys.filter((key) => !key.revokedAt).length;

    return c.html(
      <Layout
        title="Overview"
        csrfToken={c.get("csrfToken")}
        nonce={c.get("secureHeadersNonce")}
        email={signedIn.user.email}
        current="/dashboard"
      >
        <section>
          <h2>Plan and usage</h2>
          <div class="stats">
            <div class="stat">
              Plan <b id="plan">{signedIn.plan.name}</b>
            </div>
            <div class="stat">
              This month <b id="month-used">{number(usage.month.used)}</b> of {number(usage.perMonth)} requests; renews{" "}
              {utc(usage.month.resetAt)}
            </div>
            <div class="stat">
              Per minute <b id="minute-limit">{number(usage.perMinute)}</b> requests, all keys together
            </div>
          </div>
        </section>
        <section>
          <h2>This minute</h2>
          {usage.liveKeys.length === 0 ? (
            <p>
              No API key yet. <a href="/dashboard/keys">Create one under API Settings</a> to start calling the API.
            </p>
          ) : (
            <p id="minute-usage">
              <span id="minute-used">{usage.minute.used}</span> of {usage.minute.limit} requests, across{" "}
              {usage.liveKeys.map((key) => `${key.name} (${key.start}…)`).join(", ")}
            </p>
          )}
          {liveKeys > 0 ? (
            <p>
              <a href="/dashboard/keys">Manage {liveKeys === 1 ? "your key" : `your ${liveKeys} keys`}</a>
            </p>
          ) : null}
        </section>
        <section>
          <h2>Requests per day this month (UTC)</h2>
          <UsageChart days={days} />
        </section>
        <section>
          <h2>Start calling the API</h2>
          <p>
            Send your key in the <code>X-API-KEY</code> header. The <a href="/docs">API reference</a> lists every route
            and lets you try them in the browser.
          </p>
        </section>
      </Layout>,
    );
  });
}
