// Creating a dataset from a recipe: the form's fields become the body of POST /v1/datasets, run
// in-process as the key chosen (so its scopes apply, `datasets:write` first), and the API's
// refusal is shown beside the form with what was typed.
import type { Context, Hono } from "hono";
import { listKeys } from "../db/keys";
import type { RecipeKind } from "../datasets/recipe";
import type { DashboardEnv } from "./env";
import { apiAnswer, apiErrorText, ownKeyIdentity, refusalStatus } from "./internal-api";
import { ErrorMessage, Layout } from "./layout";
import { type FormValues, RECIPE_KINDS, RecipeForm, STARTING_VALUES } from "./recipe-form";

const kindOf = (value: unknown): RecipeKind => RECIPE_KINDS.find((kind) => kind === value) ?? "product";

/** One entry per line or comma, blanks dropped. */
const listOf = (value: string | string[] | undefined, separator = /[\r\n]+/) =>
  [value ?? []]
    .flat()
    .flatMap((one) => one.split(separator))
    .map((one) => one.trim())
    .filter(Boolean);

/** A number as typed (the API says what is wrong with it), or left out when empty. */
const numberOf = (value: string | string[] | undefined) => {
  const typed = listOf(value)[0];
  return typed === undefined ? undefined : Number(typed);
};

/** The API's body from the form: lists split, numbers read, empty fields left to the API's defaults. */
export function recipeBody(kind: RecipeKind, values: FormValues) {
  const recipe: Record<string, unknown> = { kind, schedule: listOf(values.schedule)[0] };
  if (kind === "shop") {
    recipe.start_urls = listOf(values.start_urls);
    recipe.max_products = numberOf(values.max_products);
    const include = listOf(values.include);
    if (include.length > 0) recipe.include = include;
    const defined = Object.fromEntries(Object.entries(recipe).filter(([, value]) => value !== undefined));
    return { name: listOf(values.name)[0] ?? "", recipe: defined };
  }
  if (kind === "product" || kind === "reviews") recipe.platform = listOf(values.platform)[0];
  else recipe.platforms = listOf(values.platforms);
  if (kind === "search") recipe.queries = listOf(values.queries);
  if (kind === "product" || kind === "reviews") recipe.inputs = listOf(values.inputs);
  if (kind === "hotels") {
    recipe.destinations = listOf(values.destinations);
    const days = listOf(values.check_in_days, /[\s,]+/);
    if (days.length > 0) recipe.check_in_days = days.map(Number);
    recipe.nights = numberOf(values.nights);
    recipe.adults = numberOf(values.adults);
  } else {
    const countries = listOf(values.countries, /[\s,]+/);
    if (countries.length > 0) recipe.countries = countries;
  }
  if (kind === "search" || kind === "reviews") recipe.pages = numberOf(values.pages);
  recipe.max_age = numberOf(values.max_age);
  const defined = Object.fromEntries(Object.entries(recipe).filter(([, value]) => value !== undefined));
  return { name: listOf(values.name)[0] ?? "", recipe: defined };
}

async function renderForm(
  c: Context<DashboardEnv>,
  kind: RecipeKind,
  values: FormValues,
  error?: string,
  status: 200 | 400 | 409 | 429 = 200,
) {
  const keys = (await listKeys(c.get("db"), c.get("signedIn")!.account.id)).filter((key) => !key.revokedAt);
  return c.html(
    <Layout
      title="New dataset"
      csrfToken={c.get("csrfToken")}
      nonce={c.get("secureHeadersNonce")}
      email={c.get("signedIn")!.user.email}
      current="/dashboard/datasets"
    >
      <section id="new-dataset">
        <h2>Create a dataset from a recipe</h2>
        <p class="help">
          A private dataset, visible to your account only: what to collect, where and how often. Its first refresh
          starts at once, as a batch job.
        </p>
        <ErrorMessage message={error} />
        {keys.length > 0 ? (
          <RecipeForm kind={kind} keys={keys} values={values} csrf={c.get("csrfToken")} />
        ) : (
          <p>
            A dataset refreshes as one of your keys: <a href="/dashboard/keys">create a key</a> first.
          </p>
        )}
      </section>
    </Layout>,
    status,
  );
}

export function registerDatasetCreate(app: Hono<DashboardEnv>) {
  app.get("/datasets/new", (c) => {
    const kind = kindOf(c.req.query("kind"));
    return renderForm(c, kind, { ...STARTING_VALUES[kind], max_age: "3600" });
  });

  app.post("/datasets", async (c) => {
    const form = await c.req.parseBody({ all: true });
    const values: FormValues = {};
    for (const [name, value] of Object.entries(form))
      if (name !== "csrf") values[name] = [value].flat().filter((one): one is string => typeof one === "string");
    const kind = kindOf(listOf(values.kind)[0]);
    const identity = await ownKeyIdentity(c.get("db"), listOf(values.key_id)[0] ?? "", c.get("signedIn")!.account.id);
    if (!identity) return renderForm(c, kind, values, "Choose one of your live keys.", 400);
    const answer = await apiAnswer(c, identity, "POST", "/v1/datasets", recipeBody(kind, values));
    if (answer.status !== 201) return renderForm(c, kind, values, apiErrorText(answer), refusalStatus(c, answer));
    // Post/redirect/get: a reload must not create the dataset again.
    return c.redirect(`/dashboard/datasets?created=${encodeURIComponent(answer.body.data.slug)}`, 303);
  });
}
