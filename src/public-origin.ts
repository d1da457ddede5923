// Where clients reach the API, for the addresses it writes into answers (the MCP server's resource
// metadata and its 401, llms.txt). Read from PUBLIC_BASE_URL, never from the request's Host, which the
// client chooses: an address built from it would send the next reader wherever the sender wanted.
import { ApiError } from "./errors";
import { isDevelopment } from "./net/guard-options";

/**
 * The API's public origin (`https://api.example.com`). In development without PUBLIC_BASE_URL, the
 * request's own origin (a wrangler dev on any port); in production its absence is a 503.
 *
 * @example
 * c.json({ resource: `${publicOrigin(c.env, c.req.url)}/mcp` });
 */
export function publicOrigin(env: Env, requestUrl: string): string {
  const configured = env.PUBLIC_BASE_URL;
  if (configured && URL.canParse(configured)) return new URL(configured).origin;
  if (isDevelopment(env)) return new URL(requestUrl).origin;
  throw new ApiError("unavailable", "The service's public address (PUBLIC_BASE_URL) is not configured.");
}
