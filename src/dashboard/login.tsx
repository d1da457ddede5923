import type { Context, Hono } from "hono";
import { clientIp } from "../middleware/auth";
import type { DashboardEnv } from "./env";
import { formField } from "./form";
import { CsrfField, ErrorMessage, Layout } from "./layout";
import { hashPassword, type PasswordHash, verifyPassword } from "../sign-in/password";
import { clearSessionCookie, sessionToken, startSession } from "./session";
import { admitLoginAttempt, clearLoginAttempts, type LoginRefusal } from "../db/login-attempts";
import { endSession, findUserByEmail, storedPassword } from "../db/dashboard-users";

function LogInPage({ c, email = "", error }: { c: Context<DashboardEnv>; email?: string; error?: string }) {
  return (
    <Layout title="Log in" csrfToken={c.get("csrfToken")} nonce={c.get("secureHeadersNonce")}>
      <section>
        <ErrorMessage message={error} />
        <form method="post" action="/dashboard/login">
          <CsrfField token={c.get("csrfToken")} />
          <label for="email">Email</label>
          <input id="email" name="email" type="email" autocomplete="email" required value={email} />
          <label for="password">Password</label>
          <input id="password" name="password" type="password" autocomplete="current-password" required />
          <button type="submit">Log in</button>
        </form>
        <p>
          No account yet? <a href="/dashboard/signup">Sign up</a>.
        </p>
      </section>
    </Layout>
  );
}

/** Why a sign-in was refused before the password was looked at, and when to try again. */
function refusalMessage({ budget, retryAfterSeconds }: LoginRefusal): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = `wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again`;
  if (budget === "ip") return `Too many failed sign-ins from your network, for several emails; ${wait}.`;
  if (budget === "email") return `Too many failed sign-ins for this email from several networks; ${wait}.`;
  return `Too many sign-in attempts for this email; ${wait}.`;
}

let unknownUserHash: Promise<PasswordHash> | undefined;
/** Unknown emails still cost one PBKDF2 run, so response time does not reveal which emails exist. */
const decoyHash = () => (unknownUserHash ??= hashPassword(crypto.randomUUID()));

export function registerLogIn(app: Hono<DashboardEnv>) {
  app.get("/login", (c) => (c.get("signedIn") ? c.redirect("/dashboard", 303) : c.html(<LogInPage c={c} />)));

  app.post("/login", async (c) => {
    const email = (await formField(c, "email")).trim();
    const password = await formField(c, "password");
    const db = c.get("db");
    const ip = clientIp(c.req.raw);

    // Budgets first: a refused attempt costs one D1 batch, never a PBKDF2 run.
    const refusal = await admitLoginAttempt(db, email, ip);
    if (refusal) {
      c.header("Retry-After", String(refusal.retryAfterSeconds));
      return c.html(<LogInPage c={c} email={email} error={refusalMessage(refusal)} />, 429);
    }
    const user = await findUserByEmail(db, email);
    const matches = await verifyPassword(password, user ? storedPassword(user) : await decoyHash());
    if (!user || !matches) {
      return c.html(<LogInPage c={c} email={email} error="Wrong email or password." />, 401);
    }
    await clearLoginAttempts(db, email, ip);
    await startSession(c, user.id);
    return c.redirect("/dashboard", 303);
  });

  app.post("/logout", async (c) => {
    const token = sessionToken(c);
    if (token) await endSession(c.get("db"), token);
    clearSessionCookie(c);
    return c.redirect("/dashboard/login", 303);
  });
}
