import type { Hono } from "hono";
import { desc, eq } from "drizzle-orm";
import { schedules, watches, webhookEndpoints } from "../db/schema-events";
import type { DashboardEnv } from "./env";
import { Layout } from "./layout";

const when = (date: Date | null) => (date ? `${date.toISOString().replace("T", " ").slice(0, 16)} UTC` : "never");

/** The account's webhook endpoints, watches and schedules; they are managed through the API. */
export function registerEvents(app: Hono<DashboardEnv>) {
  app.get("/events", async (c) => {
    const signedIn = c.var.signedIn!;
    const db = c.var.db;
    const accountId = signedIn.account.id;
    const [endpoints, watchList, scheduleList] = await Promise.all([
      db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.accountId, accountId))
        .orderBy(desc(webhookEndpoints.createdAt)),
      db.select().from(watches).where(eq(watches.accountId, accountId)).orderBy(desc(watches.createdAt)),
      db.select().from(schedules).where(eq(schedules.accountId, accountId)).orderBy(desc(schedules.createdAt)),
    ]);
    return c.html(
      <Layout
        title="Webhooks, watches and schedules"
        csrfToken={c.var.csrfToken}
        nonce={c.var.secureHeadersNonce}
        email={signedIn.user.email}
      >
        <section>
          <h2>Webhook endpoints</h2>
          {endpoints.length === 0 ? (
            <p>
              None yet. Create one with <code>POST /v1/webhooks</code>.
            </p>
          ) : (
            <ul id="webhooks">
              {endpoints.map((endpoint) => (
                <li>
                  <code>{endpoint.url}</code> — {(JSON.parse(endpoint.eventTypes) as string[]).join(", ")}
                  {endpoint.disabledAt ? (
                    <span class="warning">
                      {" "}
                      disabled {when(endpoint.disabledAt)}: {endpoint.disabledReason}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section>
          <h2>Price watches</h2>
          {watchList.length === 0 ? (
            <p>
              None yet. Create one with <code>POST /v1/watches</code>.
            </p>
          ) : (
            <ul id="watches">
              {watchList.map((watch) => (
                <li>
                  {watch.kind} on {watch.platform}:{" "}
                  {watch.condition === "below"
                    ? `below ${watch.threshold} ${watch.currency}`
                    : `drop of ${watch.threshold}%`}
                  ; last price {watch.lastPrice ?? "not seen yet"}, checked {when(watch.lastCheckedAt)}
                  {watch.consecutiveFailures > 0 ? (
                    <span class="warning"> ({watch.consecutiveFailures} failed checks)</span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section>
          <h2>Schedules</h2>
          {scheduleList.length === 0 ? (
            <p>
              None yet. Create one with <code>POST /v1/schedules</code>.
            </p>
          ) : (
            <ul id="schedules">
              {scheduleList.map((schedule) => (
                <li>
                  <code>{schedule.cron}</code> <code>{schedule.path}</code>, next run {when(schedule.nextRunAt)}
                </li>
              ))}
            </ul>
          )}
        </section>
      </Layout>,
    );
  });
}
