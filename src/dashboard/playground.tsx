import type { Context, Hono } from "hono";
import { type KeyRow, listKeys } from "../db/keys";
import { readAtMost, sizeText } from "../net/read-body";
import { productPlatform } from "../platforms";
import type { DashboardEnv } from "./env";
import { ownKeyIdentity, runAsKey } from "./internal-api";
import { CsrfField, ErrorMessage, Layout } from "./layout";
import {
  type PlaygroundOperation,
  type PlaygroundParameter,
  playgroundOperations,
  requestPath,
} from "./openapi-operations";
import { AnswerView, type PlaygroundAnswer } from "./playground-result";
import { RichText } from "./rich-text";
import { requestSnippets } from "./snippets";

/** Choosing an endpoint reloads the form for it, so the page works without the script too. */
/** The most of one answer the playground reads and shows. */
const SHOWN_BYTES = 1024 * 1024;

const CHOOSE_SCRIPT = `(function(){var s=document.getElementById("operation");var b=document.getElementById("choose-operation");
if(!s||!b)return;b.hidden=true;s.addEventListener("change",function(){s.form.submit();});})();`;

function Field({ parameter, value }: { parameter: PlaygroundParameter; value: string }) {
  const id = `param-${parameter.name}`;
  const { schema } = parameter;
  const help = [parameter.description, schema.default !== undefined ? `Default: ${schema.default}.` : ""]
    .filter(Boolean)
    .join(" ");
  const common = {
    id,
    name: `p.${parameter.name}`,
    required: parameter.required,
    "aria-describedby": help ? `${id}-help` : undefined,
  };
  const choices = schema.enum ?? (schema.type === "boolean" ? ["true", "false"] : null);
  return (
    <div>
      <label for={id}>
        {parameter.name}
        {parameter.required ? " (required)" : ""}
      </label>
      {choices ? (
        <select {...common}>
          {parameter.required ? null : <option value="">—</option>}
          {choices.map((choice) => (
            <option value={String(choice)} selected={value === String(choice)}>
              {String(choice)}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          value={value}
          placeholder={parameter.example}
          type={schema.type === "integer" || schema.type === "number" ? "number" : "text"}
          step={schema.type === "number" ? "any" : undefined}
          min={schema.minimum}
          max={schema.maximum}
        />
      )}
      {help ? (
        <p class="help" id={`${id}-help`}>
          <RichText text={help} />
        </p>
      ) : null}
    </div>
  );
}

interface PageState {
  operation: PlaygroundOperation;
  values: Record<string, string>;
  keyId?: string;
  error?: string;
  answer?: PlaygroundAnswer;
}

function renderPage(c: Context<DashboardEnv>, operations: PlaygroundOperation[], keys: KeyRow[], state: PageState) {
  const { operation, values } = state;
  const groups = [...new Set(operations.map((op) => op.group))];
  const origin = new URL(c.req.url).origin;
  return c.html(
    <Layout
      title="Playground"
      csrfToken={c.get("csrfToken")}
      nonce={c.get("secureHeadersNonce")}
      email={c.get("signedIn")!.user.email}
      current="/dashboard/playground"
      script={CHOOSE_SCRIPT}
    >
      <section>
        <form method="get" action="/dashboard/playground">
          <label for="operation">Endpoint</label>
          <select id="operation" name="op">
            {groups.map((group) => (
              <optgroup label={group}>
                {operations
                  .filter((op) => op.group === group)
                  .map((op) => (
                    <option value={op.path} selected={op.path === operation.path}>
                      {op.summary.replaceAll("`", "")} — {op.path}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
          <button type="submit" id="choose-operation" class="secondary">
            Choose
          </button>
        </form>
      </section>
      <section>
        <h2>
          <code>GET {operation.path}</code>
        </h2>
        <p>
          <RichText text={operation.summary} />. The form is built from the API reference's schema for this route.
        </p>
        <ErrorMessage message={state.error} />
        {keys.length === 0 ? (
          <p>
            The playground calls the API as one of your keys: <a href="/dashboard/keys">create a key</a> first.
          </p>
        ) : (
          <form method="post" action="/dashboard/playground" id="playground-form">
            <CsrfField token={c.get("csrfToken")} />
            <input type="hidden" name="op" value={operation.path} />
            <label for="playground-key">Call as key</label>
            <select id="playground-key" name="key_id" aria-describedby="playground-key-help">
              {keys.map((key) => (
                <option value={key.id} selected={key.id === state.keyId}>
                  {key.name} ({key.start}…)
                </option>
              ))}
            </select>
            <p class="help" id="playground-key-help">
              The call runs on the server as this key, with its scopes, and counts against your quota like any call. Its
              secret is never needed here.
            </p>
            <div class="grid">
              {operation.parameters.map((parameter) => (
                <Field parameter={parameter} value={values[parameter.name] ?? ""} />
              ))}
            </div>
            <button type="submit">Run</button>
          </form>
        )}
      </section>
      {state.answer ? <AnswerView answer={state.answer} snippets={requestSnippets(origin, state.answer.path)} /> : null}
    </Layout>,
    state.error ? 400 : 200,
  );
}

/**
 * Every required parameter, and a product's id, starts from the reference's example (the local
 * replica sites hold the documented ids, and dates are far enough ahead), so the first Run already
 * answers; other optional ones start empty, showing their example as a placeholder.
 */
export function startingValues(operation: PlaygroundOperation): Record<string, string> {
  // A product is named by its platform's own id parameter (or `url`), so neither is required alone.
  const platform = operation.parameters.find((p) => p.name === "platform")?.example ?? "";
  const idParam = productPlatform(platform)?.idParam;
  const starts = (p: PlaygroundParameter) => (p.required || p.name === idParam) && p.example;
  return Object.fromEntries(operation.parameters.filter(starts).map((p) => [p.name, p.example]));
}

export function registerPlayground(dashboard: Hono<DashboardEnv>) {
  const find = (c: Context<DashboardEnv>, path: string | undefined) => {
    const operations = playgroundOperations(c.get("inProcess").app);
    return { operations, operation: operations.find((op) => op.path === path) ?? operations[0]! };
  };
  const liveKeys = async (c: Context<DashboardEnv>) =>
    (await listKeys(c.get("db"), c.get("signedIn")!.account.id)).filter((key) => !key.revokedAt);

  dashboard.get("/playground", async (c) => {
    const { operations, operation } = find(c, c.req.query("op"));
    return renderPage(c, operations, await liveKeys(c), { operation, values: startingValues(operation) });
  });

  dashboard.post("/playground", async (c) => {
    const form = await c.req.parseBody();
    const { operations, operation } = find(c, String(form.op ?? ""));
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(form))
      if (name.startsWith("p.") && typeof value === "string") values[name.slice(2)] = value;
    const keys = await liveKeys(c);
    const keyId = String(form.key_id ?? "");
    const state: PageState = { operation, values, keyId };
    const identity = await ownKeyIdentity(c.get("db"), keyId, c.get("signedIn")!.account.id);
    if (!identity) return renderPage(c, operations, keys, { ...state, error: "Choose one of your live keys." });
    const { path, missing } = requestPath(operation, values);
    if (missing.length > 0)
      return renderPage(c, operations, keys, { ...state, error: `Fill in ${missing.join(", ")}.` });

    const started = Date.now();
    const response = await runAsKey(c, identity, path);
    // A dataset streamed as CSV can be any size: the page shows its beginning.
    const { bytes, complete } = await readAtMost(response, SHOWN_BYTES);
    const cut = `\n… cut here: the playground shows the first ${sizeText(SHOWN_BYTES)} of an answer.`;
    const text = new TextDecoder().decode(bytes) + (complete ? "" : cut);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined; // CSV or NDJSON: shown as text
    }
    const answer: PlaygroundAnswer = {
      path,
      status: response.status,
      headers: [...response.headers],
      ms: Date.now() - started,
      text,
      json,
      keyName: identity.keyName,
    };
    return renderPage(c, operations, keys, { ...state, answer });
  });
}
