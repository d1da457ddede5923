import type { Hono } from "hono";
import { toCsv } from "../csv";
import { dailyUsageThisMonth } from "../durable/account-meter-client";
import { monthDays } from "../durable/windows";
import { listKeys } from "../db/keys";
import type { DashboardEnv } from "./env";
import { Layout } from "./layout";
import { accountUsage, endpointUsageThisMonth, quotaForecast, topEndpoints } from "./usage";
import { UsageChart } from "./usage-chart";
import { seriesOf, StackedUsageChart } from "./usage-stacked-chart";

const number = (n: number) => n.toLocaleString("en-US");

export function registerUsagePage(app: Hono<DashboardEnv>) {
  app.get("/usage", async (c) => {
    const signedIn = c.get("signedIn")!;
    const [usage, rows, daily] = await Promise.all([
      accountUsage(c.env, signedIn, await listKeys(c.get("db"), signedIn.account.id)),
      endpointUsageThisMonth(c.env, signedIn.account.id),
      dailyUsageThisMonth(c.env, signedIn.account.id),
    ]);
    const forecast = quotaForecast(usage.month.used, usage.perMonth);
    const top = topEndpoints(rows);
    const days = monthDays(Date.now());
    const attempted = daily.reduce((sum, d) => sum + d.attempted, 0);
    const charged = daily.reduce((sum, d) => sum + d.charged, 0);
    const series = seriesOf(rows);
    return c.html(
      <Layout
        title="Usage"
        csrfToken={c.get("csrfToken")}
        nonce={c.get("secureHeadersNonce")}
        email={signedIn.user.email}
        current="/dashboard/usage"
      >
        <section id="forecast">
          <h2>Quota this month</h2>
          <p>
            <b id="forecast-used">{number(forecast.used)}</b> of {number(forecast.quota)} requests used. At this month's
            pace: about <b id="forecast-projected">{number(forecast.projected)}</b> by the month's end (
            {Math.round((100 * forecast.projected) / Math.max(1, forecast.quota))}% of the quota).
          </p>
          <p id="forecast-verdict" class={forecast.runsOutOn ? "warning" : undefined}>
            {forecast.runsOutOn
              ? `At this pace the quota runs out on ${forecast.runsOutOn} (UTC); calls are refused with 429 from then until the 1st.`
              : "At this pace the quota lasts the month."}
          </p>
        </section>
        <section id="charged">
          <h2>Attempted and charged calls (UTC)</h2>
          <p>
            <b id="calls-attempted">{number(attempted)}</b> calls attempted this month,{" "}
            <b id="calls-charged">{number(charged)}</b> charged. Only answers with data are charged; an error or an
            empty answer gives its request back to the quota (it still counts in the minute's limit).
          </p>
          <UsageChart days={daily} />
        </section>
        <section>
          <h2>Calls per day by endpoint group and status (UTC)</h2>
          <StackedUsageChart days={days} rows={rows} />
          <details>
            <summary>The figures as a table</summary>
            <div class="table">
              <table id="usage-table">
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    {series.map((s) => (
                      <th scope="col">
                        {s.group} {s.statusClass}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {days
                    .filter((day) => rows.some((row) => row.day === day))
                    .map((day) => (
                      <tr>
                        <th scope="row">{day}</th>
                        {series.map((s) => (
                          <td>
                            {rows
                              .filter((r) => r.day === day && r.group === s.group && r.statusClass === s.statusClass)
                              .reduce((sum, r) => sum + r.count, 0)}
                          </td>
                        ))}
                      </tr>
                    ))}
                </tbody>
              </table>
            </div>
          </details>
          <p>
            <a href="/dashboard/usage.csv" download>
              Download this month as CSV
            </a>{" "}
            (one row per day, endpoint and status class).
          </p>
        </section>
        <section>
          <h2>Top endpoints this month</h2>
          {top.length === 0 ? (
            <p>No calls yet this month.</p>
          ) : (
            <div class="table">
              <table id="top-endpoints">
                <thead>
                  <tr>
                    <th scope="col">Endpoint</th>
                    <th scope="col">Group</th>
                    <th scope="col">Calls</th>
                    <th scope="col">Errors (4xx, 5xx)</th>
                  </tr>
                </thead>
                <tbody>
                  {top.map((entry) => (
                    <tr data-endpoint={entry.endpoint}>
                      <td>
                        <code>{entry.endpoint}</code>
                      </td>
                      <td>{entry.group}</td>
                      <td class="calls">{number(entry.count)}</td>
                      <td>{number(entry.errors)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <p class="help">
            Every answer to a call with one of your keys is counted here, refusals at the limit (429) included; the
            quota counts admitted calls whose answer held data.
          </p>
        </section>
      </Layout>,
    );
  });

  app.get("/usage.csv", async (c) => {
    const rows = await endpointUsageThisMonth(c.env, c.get("signedIn")!.account.id);
    const month = new Date().toISOString().slice(0, 7);
    const records = rows.map((row) => ({
      day: row.day,
      endpoint: row.endpoint,
      group: row.group,
      status_class: row.statusClass,
      calls: row.count,
    }));
    return c.body(toCsv(records, ["day", "endpoint", "group", "status_class", "calls"]), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="usage-${month}.csv"`,
    });
  });
}
