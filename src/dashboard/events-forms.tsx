// The create forms of the events page. Their fields carry the API's names, so the API's own
// validation answers for them (see events-actions.ts).
import { EVENT_TYPES } from "../events/config";
import type { KeyRow } from "../db/keys";
import { PRODUCT_PLATFORMS } from "../platforms";
import { TRAVEL_PLATFORMS } from "../platforms/index";
import { CsrfField, ErrorMessage } from "./layout";

export type FormValues = Record<string, string | string[]>;
const value = (values: FormValues, name: string, fallback = "") => {
  const v = values[name];
  return typeof v === "string" ? v : fallback;
};

export const INTERVALS: [number, string][] = [
  [300, "5 minutes"],
  [900, "15 minutes"],
  [3_600, "1 hour"],
  [21_600, "6 hours"],
  [86_400, "1 day"],
];

function KeySelect({ id, keys, values }: { id: string; keys: KeyRow[]; values: FormValues }) {
  return (
    <>
      <label for={id}>Runs as key</label>
      <select id={id} name="key_id" aria-describedby={`${id}-help`}>
        {keys.map((key) => (
          <option value={key.id} selected={value(values, "key_id") === key.id}>
            {key.name} ({key.start}…)
          </option>
        ))}
      </select>
      <p class="help" id={`${id}-help`}>
        Each run is one request of this key, counted against your quota; revoking the key stops it.
      </p>
    </>
  );
}

export function WebhookForm({ csrf, values, error }: { csrf: string; values: FormValues; error?: string }) {
  const chosen = Array.isArray(values.event_types) ? values.event_types : [];
  return (
    <form method="post" action="/dashboard/events/webhooks" id="new-webhook">
      <h3>Add an endpoint</h3>
      <ErrorMessage message={error} />
      <CsrfField token={csrf} />
      <label for="webhook-url">URL</label>
      <input id="webhook-url" name="url" type="url" required value={value(values, "url")} placeholder="https://" />
      <label for="webhook-description">Description (optional)</label>
      <input id="webhook-description" name="description" maxlength={200} value={value(values, "description")} />
      <fieldset>
        <legend>Events (all when none is ticked)</legend>
        {EVENT_TYPES.map((type) => (
          <label class="check">
            <input type="checkbox" name="event_types" value={type} checked={chosen.includes(type)} />
            {type}
          </label>
        ))}
      </fieldset>
      <button type="submit">Add endpoint</button>
    </form>
  );
}

type WatchKind = "hotel" | "product";
const watchKindOf = (values: FormValues): WatchKind => (value(values, "kind") === "product" ? "product" : "hotel");

/** Hotel or product: each kind has its own fields, so the form asks for one at a time (a link, no script). */
function KindChoice({ kind }: { kind: WatchKind }) {
  const choices: [WatchKind, string][] = [
    ["hotel", "A hotel's nightly rate"],
    ["product", "A product's price"],
  ];
  return (
    <nav aria-label="What to watch" class="tabs">
      {choices.map(([choice, label]) => (
        <a href={`/dashboard/events?watch=${choice}#new-watch`} aria-current={choice === kind ? "true" : undefined}>
          {label}
        </a>
      ))}
    </nav>
  );
}

export function WatchForm(props: { csrf: string; keys: KeyRow[]; values: FormValues; error?: string }) {
  const { csrf, keys, values, error } = props;
  const kind = watchKindOf(values);
  const platforms = Object.keys(kind === "hotel" ? TRAVEL_PLATFORMS : PRODUCT_PLATFORMS).filter((p) => p !== "generic");
  const text = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <div>
      <label for={`watch-${name}`}>{label}</label>
      <input id={`watch-${name}`} name={name} value={value(values, name)} {...extra} />
    </div>
  );
  return (
    <form method="post" action="/dashboard/events/watches" id="new-watch">
      <h3>Add a price watch</h3>
      <KindChoice kind={kind} />
      <ErrorMessage message={error} />
      <CsrfField token={csrf} />
      <input type="hidden" name="kind" value={kind} />
      <KeySelect id="watch-key" keys={keys} values={values} />
      <div class="grid">
        <div>
          <label for="watch-platform">{kind === "hotel" ? "Travel site" : "Marketplace"}</label>
          <select id="watch-platform" name="platform">
            {platforms.map((p) => (
              <option value={p} selected={value(values, "platform") === p}>
                {p}
              </option>
            ))}
          </select>
        </div>
        {kind === "hotel" ? (
          <>
            {text("destination", "Destination", { required: true })}
            {text("check_in", "Check-in", { type: "date", required: true })}
            {text("check_out", "Check-out", { type: "date", required: true })}
            {text("hotel_id", "Hotel id from hotel search (optional; else the cheapest)")}
          </>
        ) : (
          <>
            {text("id", "Product id, as the platform writes it (an ASIN, an item id, a SKU)", { required: true })}
            {text("country", "Country site (optional, two letters)", { maxlength: 2 })}
          </>
        )}
        <div>
          <label for="watch-condition">Fires when the price</label>
          <select id="watch-condition" name="condition">
            <option value="below">drops below a threshold</option>
            <option value="drop_percent" selected={value(values, "condition") === "drop_percent"}>
              drops by a percentage
            </option>
          </select>
        </div>
        {text(
          "threshold",
          kind === "hotel" ? "Threshold (a nightly amount, or percent)" : "Threshold (an amount, or percent)",
          {
            inputmode: "decimal",
            required: true,
          },
        )}
        {text("currency", "Currency (optional)", {
          maxlength: 3,
          placeholder: kind === "hotel" ? "EUR" : "the page's own",
        })}
        <div>
          <label for="watch-interval">Check every</label>
          <select id="watch-interval" name="interval_seconds">
            {INTERVALS.map(([seconds, label]) => (
              <option value={String(seconds)} selected={value(values, "interval_seconds", "3600") === String(seconds)}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p class="help">
        The first check arms the watch with the price it sees; it fires only when a later check finds a drop that meets
        the condition.
      </p>
      <button type="submit">Add watch</button>
    </form>
  );
}

export function ScheduleForm(props: { csrf: string; keys: KeyRow[]; values: FormValues; error?: string }) {
  const { csrf, keys, values, error } = props;
  return (
    <form method="post" action="/dashboard/events/schedules" id="new-schedule">
      <h3>Add a schedule</h3>
      <ErrorMessage message={error} />
      <CsrfField token={csrf} />
      <KeySelect id="schedule-key" keys={keys} values={values} />
      <label for="schedule-cron">Cron (minute hour day month weekday, UTC)</label>
      <input
        id="schedule-cron"
        name="cron"
        required
        value={value(values, "cron", "0 * * * *")}
        aria-describedby="cron-preview"
        autocomplete="off"
      />
      <div id="cron-preview" aria-live="polite" class="help">
        Next runs are listed here as you type (and under each schedule once it is saved).
      </div>
      <label for="schedule-path">Path (a v1 GET data path with its query)</label>
      <input
        id="schedule-path"
        name="path"
        required
        value={value(values, "path")}
        placeholder="/v1/amazon/search?q=power+bank"
      />
      <button type="submit">Add schedule</button>
    </form>
  );
}

/** Fills #cron-preview from /dashboard/events/cron-preview as the expression is typed. */
export const CRON_PREVIEW_SCRIPT = `(function(){var input=document.getElementById("schedule-cron");
var out=document.getElementById("cron-preview");if(!input||!out)return;var timer;
function show(){fetch("/dashboard/events/cron-preview?cron="+encodeURIComponent(input.value)).then(function(r){return r.json();})
.then(function(p){out.textContent="";if(p.error){out.textContent=p.error;return;}var head=document.createElement("span");
head.textContent="Next runs: ";out.append(head);var list=document.createElement("ol");p.runs.forEach(function(run){
var li=document.createElement("li");li.textContent=run;list.append(li);});out.append(list);});}
input.addEventListener("input",function(){clearTimeout(timer);timer=setTimeout(show,250);});show();})();`;
