// The request log: each call of the account, newest first, a page at a time, with its time, key,
// route, status, the units it kept and its latency (db/request-log.ts writes and bounds it).
import type { Hono } from "hono";
import { listKeys } from "../db/keys";
import { readRequestLog, REQUEST_LOG_DAYS, REQUEST_LOG_ROWS_PER_ACCOUNT } from "../db/request-log";
import type { DashboardEnv } from "./env";
import { Layout } from "./layout";

const PAGE_SIZE = 50;

const statusClass = (status: number) => `status-${String(status).charAt(0)}xx`;
const at = (date: Date) => `${date.toISOString().replace("T", " ").slice(0, 19)} UTC`;

export function registerRequestsPage(app: Hono<DashboardEnv>) {
  app.get("/requests", async (c) => {
    const { account } = c.get("signedIn")!;
    const keys = await listKeys(c.get("db"), account.id);
    const keyNames = new Map(keys.map((key) => [key.id, key.name]));
    const chosenKey = c.req.query("key") ?? "";
    // Only the account's own keys filter; anything else lists every call.
    const keyId = keyNames.has(chosenKey) ? chosenKey : undefined;
    const before = Number(c.req.query("before"));
    const { rows, olderBefore } = await readRequestLog(c.get("db"), account.id, {
      before: Number.isSafeInteger(before) && before > 0 ? before : undefined,
      keyId,
      limit: PAGE_SIZE,
    });
    const keyQuery = keyId ? `key=${encodeURIComponent(keyId)}&` : "";
    return c.html(
      <Layout
        title="Requests"
        csrfToken={c.get("csrfToken")}
        nonce={c.get("secureHeadersNonce")}
        email={c.get("signedIn")!.user.email}
        current="/dashboard/requests"
      >
        <section id="request-log">
          <h2>Each call, newest first</h2>
          <p class="help">
            Every call of your keys (and what the dashboard ran as them) with the units of the month it kept: errors and
            empty answers keep none. Kept {REQUEST_LOG_DAYS} days, at most{" "}
            {REQUEST_LOG_ROWS_PER_ACCOUNT.toLocaleString("en")} calls; a call shows a few seconds after its answer.
          </p>
          <form method="get" action="/dashboard/requests" class="actions">
            <div>
              <label for="log-key">Key</label>
              <select id="log-key" name="key">
                <option value="">Every key</option>
                {keys.map((key) => (
                  <option value={key.id} selected={key.id === keyId}>
                    {key.name}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit">Show</button>
          </form>
          {rows.length === 0 ? <p>No calls in the last {REQUEST_LOG_DAYS} days.</p> : null}
          <table class="stack">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Key</th>
                <th scope="col">Route</th>
                <th scope="col">Status</th>
                <th scope="col">Charged</th>
                <th scope="col">Latency</th>
                <th scope="col">Request id</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr data-request-id={row.requestId}>
                  <td data-label="Time">{at(row.at)}</td>
                  <td data-label="Key">{row.keyId ? (keyNames.get(row.keyId) ?? row.keyId) : "dashboard"}</td>
                  <td data-label="Route">
                    <code title={row.path}>{row.route}</code>
                  </td>
                  <td data-label="Status" class={statusClass(row.status)} data-status={row.status}>
                    {row.status}
                  </td>
                  <td data-label="Charged" data-units={row.units}>
                    {row.units === 1 ? "1 unit" : `${row.units} units`}
                  </td>
                  <td data-label="Latency">{row.latencyMs} ms</td>
                  <td data-label="Request id">
                    <code>{row.requestId}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p class="tabs">
            {c.req.query("before") ? <a href={`/dashboard/requests?${keyQuery.replace(/&$/, "")}`}>Newest</a> : null}
            {olderBefore ? (
              <a href={`/dashboard/requests?${keyQuery}before=${olderBefore}`} rel="next">
                Older calls
              </a>
            ) : null}
          </p>
        </section>
      </Layout>,
    );
  });
}
