// What the two price-history routes (a product's, a hotel's) answer alike: daily points newest
// last, and in `meta.history` whether there are enough of them yet to show a trend.
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { csvResponse, schemaColumns, wantsCsv } from "../csv";
import { type HistoryItem, type PricePoint, readPriceHistory } from "../db/price-history";
import type { AppEnv } from "../env";
import { FormatQuery, MetaSchema, successBody } from "../envelope";

/** Days with a price before a history shows a trend. */
const ENOUGH_DAYS = 2;

export const HistoryQueryFields = {
  days: z.coerce
    .number()
    .int()
    .min(1)
    .max(365)
    .default(90)
    .openapi({ description: "How many UTC days back, today included (at most 365)", example: 90 }),
  format: FormatQuery,
};

const PricePointSchema = z
  .object({
    date: z.string().openapi({ description: "The UTC day, YYYY-MM-DD" }),
    low: z.number().openapi({ description: "Lowest price read that day" }),
    high: z.number().openapi({ description: "Highest price read that day" }),
    last: z.number().openapi({ description: "The day's last price read" }),
    currency: z
      .string()
      .nullable()
      .openapi({ description: "ISO 4217, as the site priced it; null when it named none" }),
    availability: z.string().nullable().openapi({ description: "As the day's last reading gave it" }),
  })
  .openapi("PricePoint");

const HistoryStatusSchema = z
  .object({
    days_observed: z.number().int().openapi({ description: "Days with a price among those answered" }),
    first_observed: z.string().nullable().openapi({ description: "The first UTC day it was ever read; null if never" }),
    enough: z.boolean().openapi({ description: `Whether there are at least ${ENOUGH_DAYS} days to compare` }),
    message: z.string().nullable().openapi({ description: "Why there is not enough history yet; null when there is" }),
  })
  .openapi("HistoryStatus");

/** The 200 of a history route: its `data` fields beside `days` and `points`, JSON or CSV. */
export function historyResponse<T extends z.ZodRawShape>(name: string, fields: T, example: object) {
  const schema = z
    .object({
      status: z.literal("success"),
      data: z.object({ ...fields, days: z.number().int(), points: z.array(PricePointSchema) }),
      meta: MetaSchema.extend({ history: HistoryStatusSchema }),
    })
    .openapi(name);
  return {
    description: "Daily price points, oldest first; `format=csv` for the points as CSV, one row per day",
    content: { "application/json": { schema, example }, "text/csv": { schema: z.string() } },
  };
}

/** Whether the points show a trend, and if not, a sentence saying why; `what` names the item. */
export function historyStatus(points: PricePoint[], firstObserved: string | null, days: number, what: string) {
  const daysObserved = new Set(points.map((point) => point.date)).size;
  const enough = daysObserved >= ENOUGH_DAYS;
  const message = enough
    ? null
    : firstObserved === null
      ? `Not enough history yet: the service has not read ${what}. Every answer that reads it live adds to that day's point.`
      : `Not enough history yet: ${what} has a price on ${daysObserved} of the last ${days} days (first read on ${firstObserved}); a trend needs ${ENOUGH_DAYS} days or more.`;
  return { days_observed: daysObserved, first_observed: firstObserved, enough, message };
}

/** Reads `item`'s history and answers it, as the envelope or as CSV. */
export async function answerHistory(
  c: Context<AppEnv>,
  item: HistoryItem,
  query: { days: number },
  answer: { what: string; data: Record<string, unknown> },
): Promise<Response> {
  const { points, firstObserved } = await readPriceHistory(c.get("db"), item, query.days);
  if (wantsCsv(c)) return csvResponse(c, points, `${item.platform}-history.csv`, schemaColumns(PricePointSchema));
  const history = historyStatus(points, firstObserved, query.days, answer.what);
  return c.json(successBody(c, { ...answer.data, days: query.days, points }, { history }), 200);
}
