// What the records routes read: the query (cursor, fields, filters, as_of, changed_since) and the
// snapshot it names, checked against the dataset's declared fields.
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { datasetToRead } from "../../db/dataset-to-read";
import { type Condition, parseCondition, type Position } from "../../datasets/read";
import type { Recipe } from "../../datasets/recipe";
import { RECORD_FIELDS } from "../../datasets/records";
import { wholeNumber } from "./schemas";
import { assertMayUseDataset } from "./dataset-access";

const Instant = (name: string) =>
  z
    .string()
    .refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && Number.isFinite(Date.parse(value)), {
      message: `${name} must be an ISO 8601 date or date-time such as 2026-11-20T00:00:00Z`,
    })
    .optional();

export const RecordsQuery = z.object({
  fields: z.string().max(2_000).optional().openapi({ example: "key,title,price" }),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,120}$/, "cursor must be a value from meta.next_cursor")
    .optional()
    .openapi({ description: "`meta.next_cursor` of the previous page", example: "c25hcF84ZjJjLjAuMg" }),
  limit: wholeNumber("limit", 1, 10_000_000, 0).openapi({ example: 100 }),
  as_of: Instant("as_of").openapi({
    description: "Read the snapshot that was current at this time",
    example: "2026-11-20T00:00:00Z",
  }),
  changed_since: Instant("changed_since").openapi({
    description: "Only records whose tracked values changed (or that appeared) after this time",
    example: "2026-11-20T00:00:00Z",
  }),
  filter: z
    .union([z.string().max(300), z.array(z.string().max(300)).max(20)])
    .optional()
    .openapi({
      description: "`field<op>value` on a declared field; repeat for several (all must hold)",
      example: "price<=50",
    }),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "country is an ISO 3166-1 alpha-2 code")
    .optional()
    .openapi({ description: "Records of this marketplace country (datasets whose records carry one)", example: "us" }),
  platform: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, "platform is a platform slug")
    .optional()
    .openapi({ description: "Records read from this platform", example: "amazon" }),
});
type Query = z.infer<typeof RecordsQuery>;

const base64url = (text: string) => btoa(text).replaceAll("=", "").replaceAll("+", "-").replaceAll("/", "_");

export const encodeCursor = (snapshotId: string, position: Position) =>
  base64url(`${snapshotId}.${position.part}.${position.line}`);

export function decodeCursor(cursor: string | undefined): (Position & { snapshotId: string }) | null {
  if (cursor === undefined) return null;
  let decoded = "";
  try {
    decoded = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
  } catch {
    // Falls through to the error below.
  }
  const match = /^(snap_[A-Za-z0-9]{1,60})\.(\d{1,9})\.(\d{1,9})$/.exec(decoded);
  if (!match)
    throw new ApiError("invalid_request", "cursor is not one this API gave out; pass meta.next_cursor unchanged.", {
      details: [{ parameter: "cursor", in: "query", message: "unknown cursor" }],
    });
  return { snapshotId: match[1]!, part: Number(match[2]), line: Number(match[3]) };
}

/** Names one `fields=` may list; no dataset has nearly as many fields. */
const MAX_FIELD_NAMES = 100;

/** The fields `fields=` asks for, each once, in its order. */
export function chosenFields(requested: string | undefined, known: string[]): string[] {
  if (!requested) return known;
  const names = requested
    .split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  if (names.length > MAX_FIELD_NAMES) {
    throw new ApiError(
      "invalid_request",
      `\`fields\` lists at most ${MAX_FIELD_NAMES} names; it lists ${names.length}.`,
      {
        details: [{ parameter: "fields", in: "query", message: `at most ${MAX_FIELD_NAMES} names` }],
      },
    );
  }
  const fields = [...new Set(names)];
  const unknown = fields.filter((f) => !known.includes(f));
  if (unknown.length > 0 || fields.length === 0) {
    throw new ApiError(
      "invalid_request",
      `Unknown field(s) ${unknown.map((f) => `\`${f}\``).join(", ") || "(none given)"}; this dataset has: ${known.join(", ")}.`,
      { details: [{ parameter: "fields", in: "query", message: `unknown: ${unknown.join(", ")}` }] },
    );
  }
  return fields;
}

/** The query's filters as conditions on declared fields; a 400 naming each one that is not. */
export function conditionsOf(query: Query, declared: { name: string; type: string }[]): Condition[] {
  const texts = query.filter === undefined ? [] : Array.isArray(query.filter) ? query.filter : [query.filter];
  const conditions: Condition[] = [];
  const problems: string[] = [];
  for (const text of texts) {
    const parsed = parseCondition(text, declared as never);
    if (typeof parsed === "string") problems.push(parsed);
    else conditions.push(parsed);
  }
  if (problems.length > 0)
    throw new ApiError("invalid_request", `filter: ${problems.join("; ")}.`, {
      details: problems.map((message) => ({ parameter: "filter", in: "query" as const, message })),
    });
  const has = (name: string) => declared.some((field) => field.name === name);
  if (query.country) {
    if (!has("country")) throw new ApiError("invalid_request", "This dataset's records have no `country` field.");
    conditions.push({ field: "country", op: "=", value: query.country });
  }
  if (query.platform) conditions.push({ field: "platform", op: "=", value: query.platform });
  if (query.changed_since)
    conditions.push({ field: "changed_at", op: ">", value: new Date(Date.parse(query.changed_since)).toISOString() });
  return conditions;
}

/** The dataset (404 when the account may not see it), its declared fields, and the snapshot to read. */
export async function snapshotToRead(
  c: Context<AppEnv>,
  slug: string,
  asOf: string | undefined,
  cursorSnapshot?: string,
) {
  const at = asOf === undefined ? undefined : Date.parse(asOf);
  const found = await datasetToRead(c.get("db"), slug, c.get("identity").accountId, {
    snapshotId: cursorSnapshot,
    asOf: at,
  });
  if (!found) throw new ApiError("not_found", `No dataset \`${slug}\`; GET /v1/datasets lists them.`);
  const { dataset, snapshot } = found;
  assertMayUseDataset(c, dataset);
  const declared = RECORD_FIELDS[(JSON.parse(dataset.recipe) as Recipe).kind];
  if (cursorSnapshot && !snapshot)
    throw new ApiError(
      "invalid_request",
      "cursor belongs to another dataset or to a snapshot that is gone; start again without it.",
      {
        details: [{ parameter: "cursor", in: "query", message: "unknown snapshot" }],
      },
    );
  if (!snapshot && at !== undefined)
    throw new ApiError(
      "not_found",
      `\`${slug}\` has no snapshot finished by ${new Date(at).toISOString()}; try a later as_of.`,
      {
        details: [{ parameter: "as_of", in: "query", message: "before the first snapshot" }],
      },
    );
  return { dataset, declared, snapshot };
}
