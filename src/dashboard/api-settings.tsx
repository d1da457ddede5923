import type { Context, Hono } from "hono";
import { ABOVE_EVERY_KEY, createAccountKey, liveKeyOf, revokeAccountKey, rotateAccountKey } from "../db/key-management";
import { describeKey, type KeyRow, listKeys, MAX_GRACE_SECONDS, ROTATION_RECOMMENDED_DAYS } from "../db/keys";
import { ApiError } from "../errors";
import { CreateKeyBodySchema, RotateKeyBodySchema } from "../routes/account/key-schemas";
import { API_KEY_DEFAULT_SCOPES, SCOPES, type Scope } from "../scopes";
import { confirmPage, isConfirmed } from "./confirm";
import type { DashboardEnv } from "./env";
import { formField } from "./form";
import { CsrfField, ErrorMessage, Layout } from "./layout";

const MAX_GRACE_DAYS = MAX_GRACE_SECONDS / 86_400;
const date = (iso: string | null) => (iso ? iso.slice(0, 10) : "never");
const minute = (iso: string | null) => (iso ? `${iso.replace("T", " ").slice(0, 16)} UTC` : "never");

/** What each scope lets a key call, beside its checkbox. */
const SCOPE_HELP: Record<Scope, string> = {
  "catalogue:read": "datasets and their records",
  "products:read": "product pages, search and reviews",
  "travel:read": "hotel search and hotel pages",
  "events:write": "webhooks, watches and schedules",
  "jobs:write": "batch jobs",
  "keys:write": "list, create, rotate and revoke keys",
  "datasets:write": "create and refresh datasets",
};

interface Revealed {
  keyId: string;
  secret: string;
  message: string;
}

function SecretOnce({ revealed }: { revealed: Revealed }) {
  return (
    <section class="notice" id="new-secret">
      <p>
        <strong>{revealed.message}</strong> Copy the secret now: it is shown only this once.
      </p>
      <code class="secret" id="secret-value" data-key-id={revealed.keyId}>
        {revealed.secret}
      </code>
      <button type="button" class="secondary" data-copy="secret-value">
        Copy
      </button>
    </section>
  );
}

function KeyItem({ apiKey: key, csrfToken }: { apiKey: KeyRow; csrfToken: string }) {
  const view = describeKey(key);
  return (
    <div class="key" data-key-id={key.id}>
      <p>
        <strong>{view.name}</strong> <code>{view.start}…</code>
        <br />
        Created {date(view.created_at)}, rotated {date(view.rotated_at)}, last used{" "}
        <span class="last-used">{minute(view.last_used_at)}</span>. Secret age:{" "}
        <span class="age">{view.age_days} days</span>.
        <br />
        Scopes: <span class="scopes">{view.scopes.join(", ")}</span>
        {view.previous_secret_expires_at ? (
          <>
            <br />
            The previous secret works until {view.previous_secret_expires_at.replace("T", " ").slice(0, 16)} UTC.
          </>
        ) : null}
      </p>
      {view.rotation_recommended ? (
        <p class="warning" role="status">
          This secret is {view.age_days} days old: rotate it (we recommend every {ROTATION_RECOMMENDED_DAYS} days).
        </p>
      ) : null}
      <div class="actions">
        <form method="post" action={`/dashboard/keys/${key.id}/rotate`}>
          <CsrfField token={csrfToken} />
          <label for={`grace-${key.id}`}>Old secret keeps working for</label>
          <select id={`grace-${key.id}`} name="grace_days">
            {Array.from({ length: MAX_GRACE_DAYS + 1 }, (_, days) => (
              <option value={String(days)} selected={days === 1}>
                {days === 0 ? "0 days (stops at once)" : days === 1 ? "1 day" : `${days} days`}
              </option>
            ))}
          </select>
          <button type="submit" class="secondary">
            Rotate
          </button>
        </form>
        <form method="post" action={`/dashboard/keys/${key.id}/revoke`}>
          <CsrfField token={csrfToken} />
          <button type="submit" class="danger" aria-label={`Revoke ${view.name}`}>
            Revoke
          </button>
        </form>
      </div>
    </div>
  );
}

function ScopeChoice({ chosen }: { chosen: readonly Scope[] }) {
  return (
    <fieldset>
      <legend>Scopes: what the key may call</legend>
      {SCOPES.map((scope) => (
        <label class="check">
          <input type="checkbox" name="scopes" value={scope} checked={chosen.includes(scope)} />
          <code>{scope}</code> <span class="help">{SCOPE_HELP[scope]}</span>
        </label>
      ))}
    </fieldset>
  );
}

export async function renderSettings(
  c: Context<DashboardEnv>,
  extra: { revealed?: Revealed; error?: string; notice?: string; scopes?: readonly Scope[] } = {},
  status: 200 | 400 | 409 = 200,
) {
  const signedIn = c.get("signedIn")!;
  const keys = await listKeys(c.get("db"), signedIn.account.id);
  const live = keys.filter((key) => !key.revokedAt);
  const revoked = keys.filter((key) => key.revokedAt);
  return c.html(
    <Layout
      title="API Settings"
      csrfToken={c.get("csrfToken")}
      nonce={c.get("secureHeadersNonce")}
      email={signedIn.user.email}
      current="/dashboard/keys"
    >
      {extra.revealed ? <SecretOnce revealed={extra.revealed} /> : null}
      {extra.notice ? (
        <p class="notice" role="status">
          {extra.notice}
        </p>
      ) : null}
      <section>
        <h2>Create a key</h2>
        <ErrorMessage message={extra.error} />
        <form method="post" action="/dashboard/keys">
          <CsrfField token={c.get("csrfToken")} />
          <label for="key-name">Name</label>
          <input id="key-name" name="name" maxlength={100} placeholder="production" />
          <ScopeChoice chosen={extra.scopes ?? API_KEY_DEFAULT_SCOPES} />
          <button type="submit">Create key</button>
        </form>
      </section>
      <section id="keys">
        <h2>Your keys</h2>
        {live.length === 0 ? (
          <p>No live keys.</p>
        ) : (
          live.map((key) => <KeyItem apiKey={key} csrfToken={c.get("csrfToken")} />)
        )}
      </section>
      {revoked.length > 0 ? (
        <section id="revoked-keys">
          <h2>Revoked</h2>
          <ul>
            {revoked.map((key) => (
              <li data-key-id={key.id}>
                {key.name} <code>{key.start}…</code>, revoked {date(key.revokedAt!.toISOString())}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        Send a key in the <code>X-API-KEY</code> header; see the <a href="/docs">API reference</a>.
      </p>
    </Layout>,
    status,
  );
}

/** A live key of the signed-in account; another account's answers exactly like a key that does not exist. */
const ownLiveKey = (c: Context<DashboardEnv>) =>
  liveKeyOf(c.get("db"), c.req.param("id") ?? "", c.get("signedIn")!.account.id);

/** The signed-in user owns the account: they manage every key of it, and the keys they make hold every scope. */
export function registerApiSettings(app: Hono<DashboardEnv>) {
  app.get("/keys", (c) =>
    renderSettings(c, {
      notice: c.req.query("revoked") ? "The key is revoked; calls with it are refused within seconds." : undefined,
    }),
  );

  app.post("/keys", async (c) => {
    const form = await c.req.parseBody({ all: true });
    const name = typeof form.name === "string" ? form.name.trim() : "";
    const scopes = [form.scopes ?? []].flat().filter((scope): scope is Scope => SCOPES.includes(scope as Scope));
    if (scopes.length === 0) return renderSettings(c, { error: "Choose at least one scope for the key.", scopes }, 400);
    const parsed = CreateKeyBodySchema.safeParse({ name: name || undefined, scopes });
    if (!parsed.success) return renderSettings(c, { error: "A key name has at most 100 characters.", scopes }, 400);
    try {
      const { key, secret } = await createAccountKey(
        c.get("db"),
        ABOVE_EVERY_KEY,
        c.get("signedIn")!.account.id,
        parsed.data.name,
        scopes,
      );
      return renderSettings(c, { revealed: { keyId: key.id, secret, message: `Key “${key.name}” created.` } });
    } catch (err) {
      // The cap on live keys: the form again, with its sentence.
      if (err instanceof ApiError && err.code === "conflict") return renderSettings(c, { error: err.message }, 409);
      throw err;
    }
  });

  app.post("/keys/:id/rotate", async (c) => {
    const key = await ownLiveKey(c);
    const graceDays = Number(await formField(c, "grace_days"));
    const parsed = RotateKeyBodySchema.safeParse({ grace_seconds: graceDays * 86_400 });
    if (!parsed.success)
      return renderSettings(c, { error: `Choose a grace period of 0 to ${MAX_GRACE_DAYS} days.` }, 400);
    const rotated = await rotateAccountKey(c.get("db"), ABOVE_EVERY_KEY, key, parsed.data.grace_seconds);
    const until =
      graceDays > 0
        ? `The old secret keeps working for ${graceDays === 1 ? "1 day" : `${graceDays} days`}.`
        : "The old secret no longer works.";
    return renderSettings(c, {
      revealed: { keyId: key.id, secret: rotated.secret, message: `Key “${key.name}” rotated. ${until}` },
    });
  });

  app.post("/keys/:id/revoke", async (c) => {
    const key = await ownLiveKey(c);
    if (!(await isConfirmed(c)))
      return confirmPage(c, {
        question: `Revoke the key “${key.name}” (\`${key.start}…\`)?`,
        consequence:
          "Calls with it are refused within seconds, and the watches, schedules and jobs it runs stop. This cannot be undone.",
        label: "Revoke the key",
        back: "/dashboard/keys",
      });
    await revokeAccountKey(c.get("db"), ABOVE_EVERY_KEY, key);
    return c.redirect("/dashboard/keys?revoked=1", 303);
  });
}
