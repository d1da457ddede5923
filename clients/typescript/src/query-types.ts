// A route's parameters and request body, picked from the generated types by path and method.
import type { paths } from "./core.js";

type Operation<Path extends keyof paths, Method extends string> = paths[Path] extends Record<Method, infer Op>
  ? Op
  : never;

/** The query parameters of `GET`-or-`Method` `Path`. */
export type Query<Path extends keyof paths, Method extends string = "get"> = Operation<Path, Method> extends {
  parameters: { query?: infer Q };
}
  ? NonNullable<Q>
  : never;

/** The JSON body of `POST`-or-`Method` `Path`. */
export type Body<Path extends keyof paths, Method extends string = "post"> = Operation<Path, Method> extends {
  requestBody?: { content: { "application/json": infer B } };
}
  ? B
  : never;
