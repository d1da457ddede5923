// The API key a request presents, read from its headers: `X-API-KEY` or `Authorization: Bearer`.
import { KEY_PATTERN } from "../db/keys";
import { ApiError } from "../errors";

export const HOW_TO_SEND = "Send your API key in the `X-API-KEY` header or as `Authorization: Bearer <key>`.";

/** Reads the key from `X-API-KEY` or `Authorization: Bearer`, refusing ambiguous or malformed input. */
export function readKey(headers: Headers): { secret?: string; error?: ApiError } {
  const headerKey = headers.get("X-API-KEY")?.trim();
  const authorization = headers.get("Authorization")?.trim();
  let bearer: string | undefined;
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (!match) {
      return {
        error: new ApiError("unauthorized", `The Authorization header must read \`Bearer <key>\`. ${HOW_TO_SEND}`),
      };
    }
    bearer = match[1];
  }
  if (headerKey !== undefined && bearer !== undefined && headerKey !== bearer) {
    return {
      error: new ApiError(
        "invalid_request",
        "Two different API keys were sent (`X-API-KEY` and `Authorization`); send one.",
        {
          details: [{ parameter: "Authorization", in: "header", message: "differs from X-API-KEY" }],
        },
      ),
    };
  }
  const secret = headerKey || bearer;
  if (secret === undefined || secret === "")
    return headerKey === ""
      ? { error: new ApiError("unauthorized", `The X-API-KEY header is empty. ${HOW_TO_SEND}`) }
      : {};
  if (!KEY_PATTERN.test(secret)) {
    return {
      error: new ApiError(
        "unauthorized",
        `That is not an API key of this service (keys start with \`wdk_\` and have 36 characters). ${HOW_TO_SEND}`,
      ),
    };
  }
  return { secret };
}
