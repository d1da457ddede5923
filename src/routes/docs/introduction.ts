// The OpenAPI document's `info.description`: what a reader of /docs needs before the first call.
// The error table and the platform lists are written from the error codes and the platform
// registries themselves, and the plans' windows from the plans' one owner, so they cannot drift from them.
import { PLANS } from "../../db/plan-limits";
import { codeToStatus } from "../../errors";
import { PRODUCT_PLATFORMS } from "../../platforms";
import { TRAVEL_PLATFORMS } from "../../platforms/index";

const productRows = Object.values(PRODUCT_PLATFORMS)
  .map((platform) => `| \`${platform.slug}\` | ${platform.name} | \`${platform.idParam}\` |`)
  .join("\n");
const travelSlugs = Object.keys(TRAVEL_PLATFORMS)
  .map((slug) => `\`${slug}\``)
  .join(", ");

const errorRows = Object.entries(codeToStatus)
  .map(([code, status]) => `| ${status} | \`${code}\` |`)
  .join("\n");

export const INTRODUCTION = `Structured, fresh web data: a dataset catalogue, marketplace products and hotel search.

## Getting a key
Sign up at [/dashboard](/dashboard) and create a key there (it is shown once); locally, \`npm run key -- create --plan free\`
prints one. Send it as \`X-API-KEY: <key>\` or \`Authorization: Bearer <key>\`, never in the query string.
Each key holds scopes (\`catalogue:read\`, \`products:read\`, \`travel:read\`, \`events:write\`, \`jobs:write\`, \`keys:write\`);
each operation below names the one it needs.

## Limits
Every key of an account shares its plan's two windows: free ${PLANS.free.requestsPerMinute} requests a minute and ${PLANS.free.requestsPerMonth.toLocaleString("en-US")} a month, pro ${PLANS.pro.requestsPerMinute} and ${PLANS.pro.requestsPerMonth.toLocaleString("en-US")}.
The month is charged only for answers with data (an error or an empty answer gives its unit back); reading your own
usage (\`GET /v1/usage\`) and keys (\`GET /v1/keys\`) never takes a unit of the month. Every answer carries
\`RateLimit\`, \`RateLimit-Policy\` and \`X-RateLimit-*\` headers; a refusal is a 429 with \`Retry-After\`.

## Answers
Every JSON answer is an envelope: \`{"status": "success", "data": …, "meta": {…}}\` or
\`{"status": "error", "error": {"code", "message", "details"?}, "meta": {…}}\`. \`meta.request_id\` equals the
\`X-Request-Id\` header; \`meta.charged\` says whether the call took a unit of the month; data answers add
\`meta.completeness\` (which fields are there, and why the others are not).

## Platforms: the \`{platform}\` path parameter
Product routes (\`/v1/{platform}\` and the routes under it) take one marketplace, named by its slug; a product is named by the platform's id parameter or by \`url\`. \`GET /v1/platforms\` lists them with examples.

| \`{platform}\` | site | product id parameter |
|---|---|---|
${productRows}

Hotel routes (\`/v1/travel/{platform}/hotels/…\`) take one of ${travelSlugs}; a search also takes a comma list of them,
or \`all\`. \`GET /v1/travel/platforms\` lists them.

## Errors
\`error.code\` is one of these, each always with its status; \`error.message\` is a sentence saying what to change.

| status | code |
|---|---|
${errorRows}
`;
