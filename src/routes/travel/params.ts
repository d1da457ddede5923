// Path and header values every travel route reads the same way: which platforms, which currency.
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { platformSlugs } from "../../platforms/slugs";
import { TRAVEL_PLATFORMS, type TravelSlug } from "../../platforms/index";
import type { Rates } from "../../travel/conversion";
import { loadRates } from "../../travel/currency";

export const TRAVEL_SLUGS = Object.keys(TRAVEL_PLATFORMS) as TravelSlug[];

/** `{platform}` as one slug, a comma list or `all`; an unknown one is a 404 listing the valid ones. */
export function platformList(text: string): TravelSlug[] {
  const named = platformSlugs(text);
  const requested = named.length === 1 && named[0] === "all" ? TRAVEL_SLUGS : named;
  const unknown = requested.filter((slug) => !TRAVEL_SLUGS.includes(slug as TravelSlug));
  if (unknown.length > 0 || requested.length === 0) {
    throw new ApiError(
      "not_found",
      `Unknown travel platform ${unknown.map((u) => `\`${u}\``).join(", ")}; use ${TRAVEL_SLUGS.join(", ")}, a comma list of them, or all.`,
    );
  }
  return requested as TravelSlug[];
}

/** The `X-Currency` the answer is in (EUR by default) and today's rates; an unknown code is a 400. */
export async function answerCurrency(
  c: Context<AppEnv>,
  requested: string | undefined,
): Promise<{ code: string; rates: Rates }> {
  const rates = await loadRates(c.env.DB);
  const code = (requested ?? "EUR").toUpperCase();
  if (!Object.hasOwn(rates.perEur, code)) {
    throw new ApiError(
      "invalid_request",
      `X-Currency \`${code}\` is not a currency we have rates for; use one of ${Object.keys(rates.perEur).sort().join(", ")}.`,
      {
        details: [{ parameter: "X-Currency", in: "header", message: "unknown currency" }],
      },
    );
  }
  return { code, rates };
}
