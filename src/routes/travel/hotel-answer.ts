// What the two hotel page routes share: their query (a stay, freshness, `explain`), their answer's
// shape, and the answer itself: a hotel page priced for the stay in the answer's currency, its
// completeness and, with `explain=true`, each field's reader.
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { exampleEnvelope, openApiErrorResponses, successBody } from "../../envelope";
import type { HotelPageReader } from "../../platforms/types";
import { completenessSchema, recordCompleteness } from "../../scrape/completeness";
import { hotelConfidence } from "../../scrape/extract/confidence";
import type { ScrapeMeta } from "../../scrape/scrape";
import { pricedDetail, unreadablePrices } from "../../travel/pricing";
import { answerSources, type HotelPage, pageReasons } from "../../travel/provenance";
import { freshnessQuery } from "../freshness";
import { HOTEL_DETAIL_EXAMPLE, HOTEL_DETAIL_META_EXAMPLE } from "./examples";
import { HotelDetailSchema } from "./hotel-schema";
import type { answerCurrency } from "./params";
import { ExplainQuery, isoDate, nightsBetween, STAY_EXAMPLE } from "./schemas";

/**
 * A hotel page's query: `fields` first, then the stay it is asked for (both dates or neither, at
 * least one night), freshness and `explain`.
 */
export function hotelPageQuery<Fields extends z.ZodRawShape>(fields: Fields) {
  return z
    .object({
      ...fields,
      check_in: isoDate("check_in").optional().openapi({ example: STAY_EXAMPLE.check_in }),
      check_out: isoDate("check_out").optional().openapi({ example: STAY_EXAMPLE.check_out }),
      ...freshnessQuery,
      explain: ExplainQuery,
    })
    .refine((q) => datesTogether(q as Stay), { message: "check_in and check_out go together", path: ["check_out"] })
    .refine((q) => atLeastOneNight(q as Stay), { message: "check_out must be after check_in", path: ["check_out"] });
}

type Stay = { check_in?: string; check_out?: string };
const datesTogether = (q: Stay) => (q.check_in === undefined) === (q.check_out === undefined);
const atLeastOneNight = (q: Stay) => !q.check_in || !q.check_out || nightsBetween(q.check_in, q.check_out) >= 1;

export const hotelResponses = {
  200: {
    description: "The hotel",
    content: {
      "application/json": {
        schema: z
          .object({
            status: z.literal("success"),
            data: HotelDetailSchema,
            meta: z
              .object({ request_id: z.string(), timestamp: z.string(), completeness: completenessSchema("hotel") })
              .passthrough(),
          })
          .openapi("HotelEnvelope"),
        example: exampleEnvelope(HOTEL_DETAIL_EXAMPLE, HOTEL_DETAIL_META_EXAMPLE),
      },
    },
  },
  ...openApiErrorResponses,
};

export const stayNights = (query: Stay) =>
  query.check_in && query.check_out ? nightsBetween(query.check_in, query.check_out) : null;

/** A hotel page's answer: priced for the stay in the answer's currency, its completeness, and its sources for `explain=true`. */
export function answerHotelPage(
  c: Context<AppEnv>,
  page: {
    reader: HotelPageReader;
    record: HotelPage;
    meta: ScrapeMeta;
    nights: number | null;
    currency: Awaited<ReturnType<typeof answerCurrency>>;
    explain: string | undefined;
  },
) {
  const { reader, meta, nights, currency } = page;
  const { sources, ...detail } = page.record;
  const data = pricedDetail(detail, reader, nights, currency.code, currency.rates);
  const reasons = pageReasons(reader, {
    dated: nights !== null,
    soldOut: detail.rooms.length > 0 && detail.rooms.every((room) => room.available === false),
    unreadable: unreadablePrices(detail, currency.rates),
  });
  const explained = { ...data, sources: answerSources(data, sources, `${reader.slug} hotel page`) };
  const counted = recordCompleteness("hotel", data, reasons);
  const completeness = { ...counted, confidence: hotelConfidence(counted.filled) };
  return c.json(
    successBody(c, page.explain === "true" ? explained : data, {
      scrape: meta,
      data_freshness: meta.cache === "hit" || meta.cache === "stale" ? ("cached" as const) : ("real-time" as const),
      completeness,
    }),
    200,
  );
}
