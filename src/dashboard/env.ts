import type { AppEnv } from "../env";
import type { SignedIn } from "../db/dashboard-users";

/** What dashboard handlers read with `c.get`, on top of the API's variables. */
export interface DashboardEnv {
  Bindings: Env;
  Variables: AppEnv["Variables"] & {
    /** The signed-in user, account and plan; null on the sign-up and sign-in pages. */
    signedIn: SignedIn | null;
    /** The token every form on the page must send back in its `csrf` field. */
    csrfToken: string;
  };
}
