// The error answers a route's declaration implies, added to its OpenAPI operation by defineRoute so
// that the reference lists every status a route can answer without each route listing them: a key
// can be missing (401) or lack the scope (403); a body can be of the wrong type (415); a create can
// meet a cap or an Idempotency-Key used for another request (409); a route reading a site can meet
// a page without data (422), a block (502) or a site too slow (504).
import type { Access } from "../middleware/auth";
import { errorAnswer } from "../envelope";

/** What a route's declaration says about the errors it can answer. */
export interface ErrorFacts {
  access: Access;
  readsBody: boolean;
  /** Its success answer is 201 or 202: it makes an object, within a cap. */
  creates: boolean;
  readsSites: boolean;
  /** When the route answers 409 other than as a create: the sentence the reference shows. */
  conflict?: string;
}

const UNAUTHORIZED = errorAnswer(
  "No valid API key in `X-API-KEY` or `Authorization: Bearer`.",
  "unauthorized",
  "This route needs an API key. Send it in the `X-API-KEY` header or as `Authorization: Bearer <key>`.",
);
const ADMIN_UNAUTHORIZED = errorAnswer(
  "No valid `X-Admin-Token`.",
  "unauthorized",
  "Admin routes need the `X-Admin-Token` header set to the ADMIN_TOKEN secret.",
);
const forbidden = (scope: string) =>
  errorAnswer(
    `The key lacks the \`${scope}\` scope, or would act on something stronger than itself.`,
    "forbidden",
    `This key lacks the \`${scope}\` scope this route needs; create a key that holds it (see GET /v1/keys for this key's scopes).`,
  );
const CREATE_CONFLICT = errorAnswer(
  "The account holds the most its plan allows of these, or an `Idempotency-Key` already made another.",
  "conflict",
  "This account already holds as many of these as its plan allows; delete one first.",
);
const UNSUPPORTED_MEDIA_TYPE = errorAnswer(
  "The body is not sent as `application/json`.",
  "unsupported_media_type",
  "This route reads a JSON body; send it with `Content-Type: application/json` (got `text/plain`).",
);
const NO_DATA = errorAnswer(
  "The page was read but holds no such data (a search page, a sign-in wall, an empty shell).",
  "no_data",
  "The page https://www.amazon.com/s?k=kettle holds no product: it is a search results page. Pass a product page, or use GET /v1/amazon/search.",
);
const UPSTREAM_BLOCKED = errorAnswer(
  "The site refused the read (a block, a CAPTCHA that could not be solved); see `Retry-After`.",
  "upstream_blocked",
  "The page could not be fetched: the site answered 403 to every engine. Retry later.",
);
const UPSTREAM_TIMEOUT = errorAnswer(
  "The site did not answer in time; see `Retry-After`.",
  "upstream_timeout",
  "The site did not answer in time: no answer within 15 s.",
);

/** The error answers `facts` imply, by status. */
export function impliedErrorResponses(facts: ErrorFacts) {
  const { access } = facts;
  return {
    ...(access.kind === "key" && { 401: UNAUTHORIZED }),
    ...(access.kind === "admin" && { 401: ADMIN_UNAUTHORIZED }),
    ...(access.kind === "key" && access.scope && { 403: forbidden(access.scope) }),
    ...(facts.creates && { 409: CREATE_CONFLICT }),
    ...(facts.conflict && { 409: errorAnswer(facts.conflict, "conflict", facts.conflict) }),
    ...(facts.readsBody && { 415: UNSUPPORTED_MEDIA_TYPE }),
    ...(facts.readsSites && { 422: NO_DATA, 502: UPSTREAM_BLOCKED, 504: UPSTREAM_TIMEOUT }),
  };
}
