import type { RequestIdVariables } from "hono/request-id";
import type { Db, KeyIdentity } from "./db/keys";
import type { LimitDecision } from "./durable/account-meter";
import type { InProcess } from "./in-process";

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
   * The month units an admitted call of an account holds until its answer says whether it is
   * charged (middleware/charge.ts), and the idempotency key its count used, which names it to the
   * account's limiter for a refund; absent for a job item's prepaid unit, which its runner settles.
   */
  charge: { units: number; idempotencyKey?: string };
  /** Whether this answer is one the month is charged for (charging.ts), as the envelope that built it decided. */
  chargeable: boolean;
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
