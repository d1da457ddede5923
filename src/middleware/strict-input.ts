// Refuses input a route does not declare, so a caller never believes an ignored filter or field
// was applied: unknown query parameters and JSON fields are a 400 naming each, a body in another
// format than the route reads is a 415.
import type { RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import leven from "leven";
import type { AppEnv } from "../env";
import { ApiError, type ErrorDetail } from "../errors";

/** The zod internals read here: an object's shape and the wrappers around it (optional, default, pipe…). */
interface SchemaLike {
  shape?: Record<string, SchemaLike>;
  element?: SchemaLike;
  options?: SchemaLike[];
  def?: { type?: string; innerType?: SchemaLike; in?: SchemaLike; element?: SchemaLike; options?: SchemaLike[] };
}

/** The object schema inside wrappers; null when the schema is not an object (nothing to check). */
function objectShape(schema: SchemaLike | undefined): Record<string, SchemaLike> | null {
  for (let current = schema, depth = 0; current && depth < 10; depth++) {
    if (current.shape && typeof current.shape === "object") return current.shape;
    current = current.def?.innerType ?? current.def?.in;
  }
  return null;
}

function arrayElement(schema: SchemaLike | undefined): SchemaLike | null {
  for (let current = schema, depth = 0; current && depth < 10; depth++) {
    if (current.def?.type === "array") return current.def.element ?? current.element ?? null;
    current = current.def?.innerType ?? current.def?.in;
  }
  return null;
}

/** Fields of `value` that `schema` does not declare, as dotted paths ("rules.0.colour"). */
export function undeclaredFields(value: unknown, schema: SchemaLike | undefined, path = ""): string[] {
  if (Array.isArray(value)) {
    const element = arrayElement(schema);
    return element ? value.flatMap((item, i) => undeclaredFields(item, element, `${path}${i}.`)) : [];
  }
  const shape = objectShape(schema);
  if (!shape || value === null || typeof value !== "object") return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    Object.hasOwn(shape, key) ? undeclaredFields(child, shape[key], `${path}${key}.`) : [`${path}${key}`],
  );
}

const plain = (name: string) => name.toLowerCase().replace(/[-_\s]/g, "");

/**
 * Why an unknown query parameter is refused, pointing to the fix: the header it should be
 * (`currency` → `X-Currency`), or the declared parameter it most likely means (`checkin` → `check_in`,
 * `country_code` → `country`): spelt alike but for case and separators, within two edits, or one
 * that begins the other.
 */
export function unknownParameter(name: string, declared: Iterable<string>, headers: string[] = []): string {
  const header = headers.find((candidate) => plain(candidate).replace(/^x/, "") === plain(name));
  if (header) {
    const spelt = header.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
    return `is not a parameter of this route; send it as the \`${spelt}\` header`;
  }
  const wanted = plain(name);
  const near = [...declared].find(
    (candidate) =>
      plain(candidate) === wanted ||
      (wanted.length >= 4 && leven(plain(candidate), wanted) <= 2) ||
      (plain(candidate).length >= 4 && wanted.startsWith(plain(candidate))),
  );
  return `is not a parameter of this route${near ? `; did you mean \`${near}\`?` : ""}`;
}

/** The fixes the details point to, as sentences for the message ("`checkin`: did you mean `check_in`?"). */
const hints = (details: ErrorDetail[]) =>
  details
    .flatMap((detail) => {
      const fix = /; (.*)$/.exec(detail.message)?.[1];
      return fix ? [` \`${detail.parameter}\`: ${fix.charAt(0).toUpperCase()}${fix.slice(1)}`] : [];
    })
    .map((hint) => (hint.endsWith("?") ? hint : `${hint}.`))
    .join("");

const isJson = (contentType: string | undefined) =>
  /^application\/([\w.+-]+\+)?json\b/i.test(contentType?.trim() ?? "");
const hasBody = (request: Request) => request.body !== null && request.headers.get("Content-Length") !== "0";

/**
 * The strict-input guard for one route, built from its own request schemas.
 *
 * @example
 * createRoute({ ..., middleware: [strictInput(route)] })
 */
export function strictInput(route: Pick<RouteConfig, "request">): MiddlewareHandler<AppEnv> {
  const queryShape = objectShape(route.request?.query as SchemaLike | undefined);
  const allowedQuery = new Set(Object.keys(queryShape ?? {}));
  const headers = Object.keys(objectShape(route.request?.headers as SchemaLike | undefined) ?? {});
  const jsonContent = route.request?.body?.content?.["application/json"];
  const bodySchema = (jsonContent && "schema" in jsonContent ? jsonContent.schema : undefined) as
    | SchemaLike
    | undefined;

  return async function refuseUndeclaredInput(c, next) {
    const details: ErrorDetail[] = [];
    for (const name of new Set(new URL(c.req.url).searchParams.keys())) {
      if (!allowedQuery.has(name))
        details.push({ parameter: name, in: "query", message: unknownParameter(name, allowedQuery, headers) });
    }
    if (bodySchema && hasBody(c.req.raw)) {
      const contentType = c.req.header("Content-Type");
      if (!isJson(contentType)) {
        throw new ApiError(
          "unsupported_media_type",
          `This route reads a JSON body; send it with \`Content-Type: application/json\` (got ${contentType ? `\`${contentType}\`` : "none"}).`,
        );
      }
      const body = await c.req.json().catch(() => {
        throw new ApiError("invalid_request", "The body is not valid JSON.", {
          details: [{ parameter: "body", in: "body", message: "is not valid JSON" }],
        });
      });
      for (const field of undeclaredFields(body, bodySchema))
        details.push({ parameter: field, in: "body", message: "is not a field of this route's body" });
    }
    if (details.length > 0) {
      const names = details.map((detail) => `\`${detail.parameter}\``).join(", ");
      throw new ApiError(
        "invalid_request",
        `Unknown ${details.length === 1 ? "parameter" : "parameters"} ${names}: this route does not read ${details.length === 1 ? "it" : "them"}, so nothing would be filtered or set by ${details.length === 1 ? "it" : "them"}.${hints(details)} See /docs for what it accepts.`,
        { details },
      );
    }
    return next();
  };
}
