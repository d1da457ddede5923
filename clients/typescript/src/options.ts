// Named methods take the API's query parameters in camelCase and with booleans (`maxAge`,
// `fresh: true`), typed from the generated ones (`max_age`, `fresh: "true"`), and send them as the
// API spells them.
import type { CallOptions } from "./transport.js";

/** `max_age` → `maxAge`. */
type Camel<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : Name;

/** A `"true" | "false"` parameter also as a boolean. */
type Loose<Value> = [Exclude<Value, undefined>] extends ["true" | "false"] ? Value | boolean : Value;

/** A route's query parameters as a named method takes them; `format` is the method's own business. */
export type Options<Query> = {
  [Name in keyof Query as Name extends "format" ? never : Camel<Name & string>]: Loose<Query[Name]>;
};

/**
 * `{ maxAge: 60, fresh: true, q: undefined }` → `{ max_age: 60, fresh: "true" }`. Typed `never`,
 * which fits the route's query wherever it is passed: the method's own signature checked the names.
 */
export function toQuery(options: object): never {
  const query: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined || value === null) continue;
    const snake = name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    query[snake] = typeof value === "boolean" ? String(value) : (value as string | number | string[]);
  }
  return query as never;
}

/** The per-call options (`timeout`, `signal`) split from a method's parameters. */
export function splitCall<Rest extends object>(
  options: Rest & CallOptions,
): [Omit<Rest, "timeout" | "signal">, CallOptions] {
  const { timeout, signal, ...rest } = options;
  return [rest, { timeout, signal }];
}
