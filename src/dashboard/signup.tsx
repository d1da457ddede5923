import type { Context, Hono } from "hono";
import { consumeForIp } from "../durable/account-meter-client";
import { clientIp } from "../middleware/auth";
import type { DashboardEnv } from "./env";
import { emailProblem, formField } from "./form";
import { commonPasswordProblem } from "../sign-in/common-passwords";
import { CsrfField, ErrorMessage, Layout } from "./layout";
import { hashPassword, MIN_PASSWORD_LENGTH, passwordProblem } from "../sign-in/password";
import { startSession } from "./session";
import { EmailTakenError, signUp } from "../db/dashboard-users";
import { ABOVE_EVERY_KEY, createAccountKey } from "../db/key-management";
import { API_KEY_DEFAULT_SCOPES } from "../scopes";
import { renderSettings } from "./api-settings";

/** The key a new account starts with, shown once on the page sign-up answers with. */
const FIRST_KEY_NAME = "default";

const SIGNUPS_PER_MINUTE_PER_IP = 10;

function SignUpPage({ c, email = "", error }: { c: Context<DashboardEnv>; email?: string; error?: string }) {
  return (
    <Layout title="Create your account" csrfToken={c.get("csrfToken")} nonce={c.get("secureHeadersNonce")}>
      <section>
        <ErrorMessage message={error} />
        <form method="post" action="/dashboard/signup">
          <CsrfField token={c.get("csrfToken")} />
          <label for="email">Email</label>
          <input id="email" name="email" type="email" autocomplete="email" required value={email} />
          <label for="password">Password</label>
          <input
            id="password"
            name="password"
            type="password"
            autocomplete="new-password"
            required
            minlength={MIN_PASSWORD_LENGTH}
            aria-describedby="password-help"
          />
          <p id="password-help">
            At least {MIN_PASSWORD_LENGTH} characters, mixing letters with digits, capitals or symbols, and not one of
            the well-known common passwords.
          </p>
          <button type="submit">Sign up</button>
        </form>
        <p>
          You start on the free plan with a first API key, shown once when you sign up. Already have an account?{" "}
          <a href="/dashboard/login">Log in</a>.
        </p>
      </section>
    </Layout>
  );
}

export function registerSignUp(app: Hono<DashboardEnv>) {
  app.get("/signup", (c) => (c.get("signedIn") ? c.redirect("/dashboard", 303) : c.html(<SignUpPage c={c} />)));

  app.post("/signup", async (c) => {
    const email = (await formField(c, "email")).trim();
    const password = await formField(c, "password");
    const refuse = (status: 400 | 409 | 429, error: string) =>
      c.html(<SignUpPage c={c} email={email} error={error} />, status);

    const problem = emailProblem(email) ?? passwordProblem(password) ?? (await commonPasswordProblem(password));
    if (problem) return refuse(400, problem);
    const limit = await consumeForIp(c.env, clientIp(c.req.raw), "signup", SIGNUPS_PER_MINUTE_PER_IP);
    if (!limit.allowed)
      return refuse(429, "Too many sign-ups from your network this minute; wait a minute and try again.");

    try {
      const user = await signUp(c.get("db"), email, await hashPassword(password));
      await startSession(c, user.id);
    } catch (err) {
      if (err instanceof EmailTakenError)
        return refuse(409, "An account with this email already exists. Log in instead.");
      throw err;
    }
    // Answered here rather than redirected: the first key's secret exists only in this answer.
    const { key, secret } = await createAccountKey(
      c.get("db"),
      ABOVE_EVERY_KEY,
      c.get("signedIn")!.account.id,
      FIRST_KEY_NAME,
      API_KEY_DEFAULT_SCOPES,
    );
    return renderSettings(c, {
      revealed: {
        keyId: key.id,
        secret,
        message: `Welcome! Your account is ready, with a first key “${key.name}”.`,
      },
    });
  });
}
