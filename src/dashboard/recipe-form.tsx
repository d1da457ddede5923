// The form that creates a dataset from a recipe, one kind at a time (`?kind=`): the fields of
// that kind's recipe (src/datasets/recipe.ts) as inputs, lists one per line, and the key the
// dataset's refreshes run as.
import type { KeyRow } from "../db/keys";
import type { RecipeKind } from "../datasets/recipe";
import { PRODUCT_PLATFORMS } from "../platforms";
import { TRAVEL_PLATFORMS } from "../platforms/index";
import { CsrfField } from "./layout";

export const RECIPE_KINDS = ["product", "search", "reviews", "hotels", "shop"] as const satisfies readonly RecipeKind[];
export type FormValues = Record<string, string | string[]>;

const KIND_NAMES: Record<RecipeKind, string> = {
  product: "Products by id",
  search: "Search results",
  reviews: "Reviews",
  hotels: "Hotel rates",
  shop: "A whole shop",
  pages: "Pages (a page monitor)",
};

/** What a new form starts with: a recipe that runs against the local sites as it is. */
export const STARTING_VALUES: Record<RecipeKind, FormValues> = {
  product: { platform: "amazon", inputs: "B0C1GHS4GF" },
  search: { platforms: ["amazon"], queries: "wireless earbuds", pages: "1" },
  reviews: { platform: "amazon", inputs: "B0C1GHS4GF", pages: "1" },
  hotels: { platforms: ["booking"], destinations: "Dublin", check_in_days: "30", nights: "2", adults: "2" },
  shop: { start_urls: "", max_products: "1000" },
  pages: { urls: "" },
};

const text = (values: FormValues, name: string) => {
  const value = values[name];
  return Array.isArray(value) ? value.join("\n") : (value ?? "");
};
const ticked = (values: FormValues, name: string, option: string) => [values[name] ?? []].flat().includes(option);

function Lines({ name, label, help, values }: { name: string; label: string; help: string; values: FormValues }) {
  return (
    <div>
      <label for={`recipe-${name}`}>{label}</label>
      <textarea id={`recipe-${name}`} name={name} rows={4} aria-describedby={`recipe-${name}-help`}>
        {text(values, name)}
      </textarea>
      <p class="help" id={`recipe-${name}-help`}>
        {help}
      </p>
    </div>
  );
}

function NumberField(props: { name: string; label: string; min: number; max: number; values: FormValues }) {
  return (
    <div>
      <label for={`recipe-${props.name}`}>{props.label}</label>
      <input
        id={`recipe-${props.name}`}
        name={props.name}
        type="number"
        min={props.min}
        max={props.max}
        value={text(props.values, props.name)}
      />
    </div>
  );
}

function PlatformChoice({ kind, values }: { kind: RecipeKind; values: FormValues }) {
  // A whole shop names its site by address, not by platform.
  if (kind === "shop") return null;
  const platforms = Object.keys(kind === "hotels" ? TRAVEL_PLATFORMS : PRODUCT_PLATFORMS);
  if (kind === "product" || kind === "reviews")
    return (
      <div>
        <label for="recipe-platform">Marketplace</label>
        <select id="recipe-platform" name="platform">
          {platforms.map((platform) => (
            <option value={platform} selected={text(values, "platform") === platform}>
              {platform}
            </option>
          ))}
        </select>
      </div>
    );
  return (
    <fieldset>
      <legend>{kind === "hotels" ? "Travel sites" : "Marketplaces"}</legend>
      {platforms.map((platform) => (
        <label class="check">
          <input type="checkbox" name="platforms" value={platform} checked={ticked(values, "platforms", platform)} />
          {platform}
        </label>
      ))}
    </fieldset>
  );
}

function KindFields({ kind, values }: { kind: RecipeKind; values: FormValues }) {
  const countries = (
    <div>
      <label for="recipe-countries">Marketplace countries</label>
      <input id="recipe-countries" name="countries" value={text(values, "countries")} placeholder="us, de" />
      <p class="help">Two-letter codes, separated by commas; empty for the platform's main site.</p>
    </div>
  );
  if (kind === "shop")
    return (
      <>
        <Lines
          name="start_urls"
          label="Start pages, one per line"
          help="The shop's home, category or sitemap addresses; every product is found from them (robots.txt honoured)."
          values={values}
        />
        <div class="grid">
          <NumberField name="max_products" label="Products at most" min={1} max={100_000} values={values} />
        </div>
        <Lines
          name="include"
          label="Only addresses matching, one pattern per line"
          help="Optional, e.g. /products/*; empty follows the whole shop."
          values={values}
        />
      </>
    );
  if (kind === "hotels")
    return (
      <>
        <Lines name="destinations" label="Destinations, one per line" help="Cities or areas." values={values} />
        <div class="grid">
          <div>
            <label for="recipe-check_in_days">Check-in, days ahead</label>
            <input id="recipe-check_in_days" name="check_in_days" value={text(values, "check_in_days")} />
            <p class="help">Days from each refresh to the stay's check-in, separated by commas (30, 60).</p>
          </div>
          <NumberField name="nights" label="Nights" min={1} max={30} values={values} />
          <NumberField name="adults" label="Adults" min={1} max={16} values={values} />
        </div>
      </>
    );
  const inputs =
    kind === "search" ? (
      <Lines
        name="queries"
        label="Search terms, one per line"
        help="Each is searched on each marketplace."
        values={values}
      />
    ) : (
      <Lines
        name="inputs"
        label="Products, one per line"
        help="The marketplace's own ids, or product links."
        values={values}
      />
    );
  return (
    <>
      {inputs}
      <div class="grid">
        {countries}
        {kind === "product" ? null : <NumberField name="pages" label="Pages each" min={1} max={10} values={values} />}
      </div>
    </>
  );
}

export function RecipeForm(props: { kind: RecipeKind; keys: KeyRow[]; values: FormValues; csrf: string }) {
  const { kind, keys, values } = props;
  return (
    <>
      <nav aria-label="Kinds of recipe" class="tabs">
        {RECIPE_KINDS.map((each) => (
          <a href={`/dashboard/datasets/new?kind=${each}`} aria-current={each === kind ? "page" : undefined}>
            {KIND_NAMES[each]}
          </a>
        ))}
      </nav>
      <form method="post" action="/dashboard/datasets" id="recipe-form">
        <CsrfField token={props.csrf} />
        <input type="hidden" name="kind" value={kind} />
        <label for="recipe-key">Refreshes run as key</label>
        <select id="recipe-key" name="key_id" aria-describedby="recipe-key-help">
          {keys.map((key) => (
            <option value={key.id} selected={text(values, "key_id") === key.id}>
              {key.name}
            </option>
          ))}
        </select>
        <p class="help" id="recipe-key-help">
          The key needs <code>datasets:write</code> and the scopes of the calls the recipe makes; each refresh is
          charged like those calls.
        </p>
        <label for="recipe-name">Name</label>
        <input id="recipe-name" name="name" required maxlength={100} value={text(values, "name")} />
        <PlatformChoice kind={kind} values={values} />
        <KindFields kind={kind} values={values} />
        <div class="grid">
          <div>
            <label for="recipe-schedule">Schedule (cron, UTC)</label>
            <input id="recipe-schedule" name="schedule" value={text(values, "schedule") || "0 3 * * *"} />
          </div>
          <NumberField name="max_age" label="Cached answers up to (seconds)" min={0} max={86_400} values={values} />
        </div>
        <button type="submit">Create dataset</button>
      </form>
    </>
  );
}
