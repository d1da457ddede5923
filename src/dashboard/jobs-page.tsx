// The jobs page: the account's batch jobs read through the API's own jobs routes (as the account),
// each with its progress, counts by outcome, times, downloads and Cancel; and a short-form job
// started as a chosen key (jobs-actions.ts).
import type { Context, Hono } from "hono";
import { type KeyRow, listKeys } from "../db/keys";
import { SHORT_KINDS } from "../routes/jobs/items";
import { jobLimits } from "../db/plan-limits";
import type { JobAnswer } from "../routes/jobs/schemas";
import { PRODUCT_PLATFORMS } from "../platforms";
import type { DashboardEnv } from "./env";
import { ActionButton } from "./action-button";
import { apiCall, sessionIdentity } from "./internal-api";
import { CsrfField, ErrorMessage, Layout } from "./layout";

const when = (iso: string | null) => (iso ? `${iso.replace("T", " ").slice(0, 19)} UTC` : "—");
const unfinished = (job: JobAnswer) => job.status === "queued" || job.status === "running";

/**
 * While a job is unfinished, reads the page again every 3 s and swaps in its job list, until none
 * is left running; reading it reads each unfinished job through the API, which keeps it moving.
 */
const FOLLOW_SCRIPT = `(function(){var list=document.getElementById("jobs-list");if(!list)return;
function tick(){fetch("/dashboard/jobs",{credentials:"same-origin"}).then(function(r){return r.ok?r.text():null;})
.then(function(html){if(!html)return;var next=new DOMParser().parseFromString(html,"text/html").getElementById("jobs-list");
if(!next)return;list.replaceChildren.apply(list,Array.from(next.childNodes));
if(list.querySelector("[data-unfinished]"))setTimeout(tick,3000);});}setTimeout(tick,3000);})();`;

export interface JobsExtra {
  notice?: string;
  error?: string;
  /** The start form as typed, kept when the API refuses it. */
  values?: Record<string, string>;
}

/** The account's jobs, newest first; unfinished ones are read one by one, which also keeps them moving. */
async function accountJobs(c: Context<DashboardEnv>): Promise<JobAnswer[]> {
  const identity = sessionIdentity(c.get("signedIn")!);
  const read = async (path: string) => {
    const response = await apiCall(c, identity, "GET", path);
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    return ((await response.json()) as { data: unknown }).data;
  };
  const list = (await read("/v1/jobs")) as JobAnswer[];
  return Promise.all(list.map((job) => (unfinished(job) ? (read(job.status_url) as Promise<JobAnswer>) : job)));
}

const OUTCOMES = [
  ["succeeded", "Succeeded"],
  ["failed", "Failed"],
  ["cancelled", "Cancelled"],
  ["running", "Running"],
  ["waiting", "Waiting"],
] as const;

function JobView({ job, csrf }: { job: JobAnswer; csrf: string }) {
  const { counts } = job;
  const byOutcome = { ...counts, waiting: counts.pending + counts.queued };
  const done = counts.succeeded + counts.failed + counts.cancelled;
  const eta = unfinished(job) && job.eta_seconds !== null ? `, about ${job.eta_seconds} s to go` : "";
  const results = `/dashboard/jobs/${job.id}/results`;
  return (
    <article
      class="item"
      data-job-id={job.id}
      data-unfinished={unfinished(job) ? "" : undefined}
      aria-labelledby={`job-${job.id}`}
    >
      <h3 id={`job-${job.id}`}>
        <code>{job.id}</code> — <span class="job-status">{job.status}</span>
      </h3>
      <label for={`progress-${job.id}`} class="job-progress-label">
        {done} of {job.total} items done ({job.progress}%){eta}
      </label>
      <progress id={`progress-${job.id}`} max={100} value={job.progress}>
        {job.progress}%
      </progress>
      <dl class="job-counts" aria-label="Items by outcome">
        {OUTCOMES.map(([name, label]) => (
          <div>
            <dt>{label}</dt>
            <dd data-count={name}>{byOutcome[name]}</dd>
          </div>
        ))}
      </dl>
      <p class="help job-times">
        Created {when(job.created_at)}, started {when(job.started_at)}, finished {when(job.finished_at)}. Results are
        kept until {when(job.expires_at)}.
      </p>
      <div class="actions">
        <a class="button" href={`${results}.csv`} download={`${job.id}.csv`}>
          Results as CSV
        </a>
        <a class="button" href={`${results}.ndjson`} download={`${job.id}.ndjson`}>
          Results as NDJSON
        </a>
        {unfinished(job) ? (
          <ActionButton
            action={`/dashboard/jobs/${job.id}/cancel`}
            label="Cancel"
            name={`job ${job.id}`}
            csrf={csrf}
            danger
          />
        ) : null}
      </div>
    </article>
  );
}

function StartForm(props: { csrf: string; keys: KeyRow[]; values: Record<string, string>; maxItems: number }) {
  const { csrf, keys, values } = props;
  return (
    <form method="post" action="/dashboard/jobs" id="new-job">
      <CsrfField token={csrf} />
      <label for="job-key">Runs as key</label>
      <select id="job-key" name="key_id" aria-describedby="job-key-help">
        {keys.map((key) => (
          <option value={key.id} selected={values.key_id === key.id}>
            {key.name} ({key.start}…)
          </option>
        ))}
      </select>
      <p class="help" id="job-key-help">
        Every item runs as this key, with its scopes; each item that returns data counts once against your monthly
        quota.
      </p>
      <div class="grid">
        <div>
          <label for="job-platform">Marketplace</label>
          <select id="job-platform" name="platform">
            {Object.keys(PRODUCT_PLATFORMS).map((platform) => (
              <option value={platform} selected={values.platform === platform}>
                {platform}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for="job-kind">Each input is a</label>
          <select id="job-kind" name="kind">
            {SHORT_KINDS.map((kind) => (
              <option value={kind} selected={values.kind === kind}>
                {kind}
              </option>
            ))}
          </select>
        </div>
      </div>
      <label for="job-inputs">Inputs, one per line</label>
      <textarea id="job-inputs" name="inputs" rows={5} required aria-describedby="job-inputs-help">
        {values.inputs ?? ""}
      </textarea>
      <p class="help" id="job-inputs-help">
        Product ids or links for product and reviews, search terms for search; up to {props.maxItems} on your plan.
      </p>
      <button type="submit">Start job</button>
    </form>
  );
}

export async function renderJobs(c: Context<DashboardEnv>, extra: JobsExtra = {}, status: 200 | 400 | 409 | 429 = 200) {
  const signedIn = c.get("signedIn")!;
  const [jobList, keys] = await Promise.all([accountJobs(c), listKeys(c.get("db"), signedIn.account.id)]);
  const liveKeys = keys.filter((key) => !key.revokedAt);
  const limits = jobLimits(signedIn.plan);
  const csrf = c.get("csrfToken");
  return c.html(
    <Layout
      title="Batch jobs"
      csrfToken={csrf}
      nonce={c.get("secureHeadersNonce")}
      email={signedIn.user.email}
      current="/dashboard/jobs"
      script={jobList.some(unfinished) ? FOLLOW_SCRIPT : undefined}
    >
      {extra.notice ? (
        <p class="notice" role="status" id="jobs-notice">
          {extra.notice}
        </p>
      ) : null}
      <section id="jobs">
        <h2>Your jobs</h2>
        <p class="help">
          Newest first. While a job runs, its progress updates here by itself every few seconds (or{" "}
          <a href="/dashboard/jobs">reload</a>). Your {signedIn.plan.id} plan runs {limits.maxRunning} job
          {limits.maxRunning === 1 ? "" : "s"} at a time.
        </p>
        <div id="jobs-list">
          {jobList.length === 0 ? <p>None yet.</p> : null}
          {jobList.map((job) => (
            <JobView job={job} csrf={csrf} />
          ))}
        </div>
      </section>
      <section id="start-job">
        <h2>Start a job</h2>
        <ErrorMessage message={extra.error} />
        {liveKeys.length > 0 ? (
          <StartForm csrf={csrf} keys={liveKeys} values={extra.values ?? {}} maxItems={limits.maxItems} />
        ) : (
          <p>
            A job runs as one of your keys: <a href="/dashboard/keys">create a key</a> first.
          </p>
        )}
      </section>
    </Layout>,
    status,
  );
}

export function registerJobsPage(app: Hono<DashboardEnv>) {
  app.get("/jobs", (c) => renderJobs(c, { notice: noticeFor(c.req.query("started"), c.req.query("cancelled")) }));
}

/** After a redirect from a form: what just happened, named by job id only (nothing else is echoed). */
function noticeFor(started: string | undefined, cancelled: string | undefined): string | undefined {
  const id = /^job_[a-z0-9]+$/i;
  if (started && id.test(started)) return `Job ${started} started; its progress follows below.`;
  if (cancelled && id.test(cancelled))
    return `Job ${cancelled} cancelled: items not yet started will not run, and those running finish.`;
  return undefined;
}
