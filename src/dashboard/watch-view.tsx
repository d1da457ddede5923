// A price watch (or a watch over a whole dataset) on the events page, in words: what it watches, when it fires, and every price with
// its currency.
import type { z } from "@hono/zod-openapi";
import type { WatchSchema } from "../routes/events/schemas";
import { INTERVALS } from "./events-forms";
import { ActionButton } from "./action-button";

type Watch = z.infer<typeof WatchSchema>;

export const when = (iso: string | null) => (iso ? `${iso.replace("T", " ").slice(0, 16)} UTC` : "never");
const every = (seconds: number) => INTERVALS.find(([s]) => s === seconds)?.[1] ?? `${Math.round(seconds / 60)} minutes`;

/** An amount with its currency; a product watch made without one shows its page's once it is read. */
const money = (amount: number, currency: string | null) =>
  `${amount.toFixed(2)} ${currency ?? "(the page's currency)"}`;

/** What the watch watches, in words. */
function target(watch: Watch): string {
  const t = watch.target as Record<string, string | undefined>;
  if (watch.kind === "hotel") {
    const which = t.hotel_id ? `hotel ${t.hotel_id}` : t.hotel_name ? `“${t.hotel_name}”` : "the cheapest hotel";
    return `${which} in ${t.destination}, ${t.check_in} to ${t.check_out}, on ${watch.platform}`;
  }
  return `product ${t.id} on ${watch.platform}${t.country ? ` (${t.country.toUpperCase()} site)` : ""}`;
}

const DATASET_CONDITIONS: Record<string, (threshold: number) => string> = {
  drop_percent: (threshold) => `any product's price drops by ${threshold}% or more`,
  below: (threshold) => `any product's price drops below ${threshold.toFixed(2)} (in its own currency)`,
  added: () => "a product is added",
  removed: () => "a product is removed",
};

/** A watch over a whole dataset: checked after each refresh, never on its own. */
function DatasetWatchItem({ watch, csrf }: { watch: Watch; csrf: string }) {
  return (
    <div class="item" data-watch-id={watch.id}>
      <p>
        <strong>Dataset</strong>: every product of{" "}
        <a href={`/dashboard/catalogue/${watch.platform}`}>{watch.platform}</a>
        .
        <br />
        Fires when {DATASET_CONDITIONS[watch.condition]?.(watch.threshold)}, after each refresh; last refresh checked{" "}
        {when(watch.last_checked_at)}
        {watch.last_fired_at ? `, last fired ${when(watch.last_fired_at)}` : ""}.
      </p>
      <div class="actions">
        <ActionButton action={`/dashboard/events/watches/${watch.id}/delete`} label="Delete" csrf={csrf} danger />
      </div>
    </div>
  );
}

export function WatchItem({ watch, csrf }: { watch: Watch; csrf: string }) {
  if (watch.kind === "dataset") return <DatasetWatchItem watch={watch} csrf={csrf} />;
  const condition =
    watch.condition === "below"
      ? `drops below ${money(watch.threshold, watch.currency)}${watch.kind === "hotel" ? " a night" : ""}`
      : `drops by ${watch.threshold}% or more`;
  return (
    <div class="item" data-watch-id={watch.id}>
      <p>
        <strong>{watch.kind === "hotel" ? "Hotel rate" : "Product price"}</strong>: {target(watch)}.
        <br />
        Fires when the price {condition}; checked every {every(watch.interval_seconds)}.
        <br />
        Last price{" "}
        <span class="last-price">
          {watch.last_price === null
            ? "not seen yet (the first check arms the watch)"
            : money(watch.last_price, watch.currency)}
        </span>
        , last check {when(watch.last_checked_at)}, next {when(watch.next_check_at)}
        {watch.last_fired_at ? `, last fired ${when(watch.last_fired_at)}` : ""}.
        {watch.consecutive_failures > 0 ? (
          <span class="warning">
            {" "}
            {watch.consecutive_failures} failed checks: {watch.last_error}
          </span>
        ) : null}
      </p>
      <div class="actions">
        <ActionButton action={`/dashboard/events/watches/${watch.id}/check`} label="Check now" csrf={csrf} />
        <ActionButton action={`/dashboard/events/watches/${watch.id}/delete`} label="Delete" csrf={csrf} danger />
      </div>
    </div>
  );
}
