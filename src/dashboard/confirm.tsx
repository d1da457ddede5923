// Destructive actions (revoke a key, delete an endpoint, a watch or a schedule, cancel a job) ask
// first: their button posts without `confirm`, which answers this page; its own button posts again
// with `confirm=yes`. No script is needed, so the step holds whatever the browser runs.
import type { Context } from "hono";
import type { DashboardEnv } from "./env";
import { formField } from "./form";
import { CsrfField, Layout } from "./layout";
import { RichText } from "./rich-text";

const CONFIRM_FIELD = "confirm";

/** Whether the form came from the confirmation page. */
export async function isConfirmed(c: Context<DashboardEnv>): Promise<boolean> {
  return (await formField(c, CONFIRM_FIELD)) === "yes";
}

export interface Confirmation {
  /** What is about to happen, as a question. */
  question: string;
  /** What follows from it, in a sentence. */
  consequence: string;
  /** The button's label, e.g. "Revoke the key". */
  label: string;
  /** Where Cancel goes back to. */
  back: string;
}

/** The page that asks before the action posted to this URL runs. */
export function confirmPage(c: Context<DashboardEnv>, confirmation: Confirmation) {
  const signedIn = c.get("signedIn")!;
  return c.html(
    <Layout
      title="Are you sure?"
      csrfToken={c.get("csrfToken")}
      nonce={c.get("secureHeadersNonce")}
      email={signedIn.user.email}
    >
      <section id="confirm">
        <h2>
          <RichText text={confirmation.question} />
        </h2>
        <p>
          <RichText text={confirmation.consequence} />
        </p>
        <div class="actions">
          <form method="post" action={new URL(c.req.url).pathname}>
            <CsrfField token={c.get("csrfToken")} />
            <input type="hidden" name={CONFIRM_FIELD} value="yes" />
            <button type="submit" class="danger">
              {confirmation.label}
            </button>
          </form>
          <a class="button secondary" href={confirmation.back}>
            Cancel
          </a>
        </div>
      </section>
    </Layout>,
  );
}
