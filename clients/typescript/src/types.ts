// The API's main objects by name, as the generated schema defines them.
import type { components } from "./schema.js";

type Schemas = components["schemas"];
export type Product = Schemas["Product"];
export type ProductSearchResult = Schemas["ProductSearchResult"];
export type Hotel = Schemas["Hotel"];
export type DatasetSummary = Schemas["DatasetSummary"];
export type Webhook = Schemas["Webhook"];
export type Watch = Schemas["Watch"];
