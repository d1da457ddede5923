import type { Hook } from "@hono/zod-openapi";
import { ApiError, type ErrorDetail } from "../errors";

interface ZodIssueLike {
  path: PropertyKey[];
  message: string;
}

/** Turns zod issues into `details[]` that name each parameter and what is wrong with it. */
export function issuesToDetails(issues: readonly ZodIssueLike[], target: string): ErrorDetail[] {
  return issues.map((issue) => ({
    parameter: issue.path.map(String).join(".") || target,
    in: target,
    message: issue.message,
  }));
}

/**
 * `defaultHook` for every OpenAPI route: a failed validation becomes the same
 * `invalid_request` envelope as any other thrown `ApiError`.
 */
// biome-ignore lint/suspicious/noExplicitAny: the hook serves every route, whatever its environment, path and output types
export const validationHook: Hook<unknown, any, any, any> = (result) => {
  if (result.success) return;
  const details = issuesToDetails(result.error.issues, result.target);
  const names = [...new Set(details.map((d) => `\`${d.parameter}\``))].join(", ");
  throw new ApiError("invalid_request", `Invalid value for ${names}: ${details[0]?.message ?? "see details"}.`, {
    details,
  });
};
