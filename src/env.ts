import type { RequestIdVariables } from "hono/request-id";
import type { Db, KeyIdentity } from "./db/keys";
import type { LimitDecision } from "./durable/account-meter";
import type { InProcess } from "./in-process";
import type { AnswerOutcome, Charge } from "./charging";

/** Per-request values set by middleware and read by handlers through `c.get`. */
export type Variables = RequestIdVariables & {
  /** The drizzle client over D1, built once per request. */
  db: Db;
  /** Runs a v1 request as a stored identity through this same app (src/in-process.ts). */
  inProcess: InProcess;
  /** The verified caller; set on every route that needs a key. */
  identity: KeyIdentity;
  /** The rate-limit decision for this request (counts include it). */
  limits: LimitDecision;
  /**
   * An admitted account call's month units: held until its answer is made, then settled once by
   * `settleCharge` (middleware/charge.ts), the one place that decides whether the month keeps them.
   */
  charge: Charge;
  /**
   * The answer as far as its charge goes, as the code that built it knew it (an envelope, a CSV with
   * its completeness); an answer built otherwise is judged by its status.
   */
  outcome: AnswerOutcome;
  /**
   * Settles when the limiter admits this request (rejects with its 429 or 503), on routes that
   * read their cache while the limiter decides; see `admitted` in middleware/auth.ts.
   */
  admission: Promise<void>;
};

export interface AppEnv {
  Bindings: Env;
  Variables: Variables;
}
