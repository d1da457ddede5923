// A dataset's latest refresh on its page: running (with its job's progress) or finished, and for a
// whole shop what it found — products added, removed and re-priced, and how many the dataset holds.
import type { z } from "@hono/zod-openapi";
import type { RefreshStateSchema } from "../routes/catalogue/refresh-state";
import { when } from "./watch-view";

type RefreshState = z.infer<typeof RefreshStateSchema>;

const STATUS_WORDS: Record<RefreshState["status"], string> = {
  running: "Running",
  complete: "Finished",
  failed: "Failed",
};

/** The shop refresh's counts, in the table's order, with their column headings. */
const COUNTS = [
  ["added", "Added"],
  ["removed", "Removed"],
  ["price_changed", "Re-priced"],
  ["products", "Products"],
  ["pages", "Pages read"],
] as const satisfies readonly (readonly [keyof NonNullable<RefreshState["shop"]>, string])[];

/** A count, or a dash while the refresh has not closed. */
const shown = (value: number | null) => (value === null ? "—" : value.toLocaleString("en-US"));

export function RefreshSummary({ refresh }: { refresh: RefreshState }) {
  const { shop } = refresh;
  const progress =
    refresh.status === "running"
      ? `${refresh.items_done} of ${refresh.items_total ?? "?"} items done`
      : `finished ${when(refresh.finished_at)}`;
  return (
    <section id="last-refresh" data-status={refresh.status}>
      <h2>Last refresh</h2>
      <p>
        <strong class="refresh-status">{STATUS_WORDS[refresh.status]}</strong>: started {when(refresh.started_at)},{" "}
        {progress}.
      </p>
      {shop ? (
        <table class="stack refresh-counts">
          <caption class="help">
            Products this refresh found new, gone and re-priced
            {refresh.status === "running" ? " (counted when it ends)" : ""}
          </caption>
          <thead>
            <tr>
              {COUNTS.map(([, label]) => (
                <th scope="col">{label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              {COUNTS.map(([count, label]) => (
                <td data-label={label} data-count={count}>
                  {shown(shop[count])}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      ) : (
        <p>{refresh.records.toLocaleString("en-US")} records collected.</p>
      )}
      {refresh.shop && refresh.status !== "running" ? (
        <p class="help">
          The changed products are the records with <code>changed_since={refresh.started_at}</code>; removed ones carry{" "}
          <code>removed_at</code>.
        </p>
      ) : null}
    </section>
  );
}
