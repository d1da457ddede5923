// Sign-in spraying and common passwords (issue 15, item 7), through the Worker's real fetch handler.
import { drizzle } from "drizzle-orm/d1";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isCommonPassword } from "../../src/sign-in/common-passwords";
import { admitLoginAttempt, LOGIN_BUDGETS, LOGIN_WINDOW_MS } from "../../src/db/login-attempts";
import { call, env } from "../workers/helpers";

const ORIGIN = "http://api.test";
const PASSWORD = "correct horse 42";
const run = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
let serial = 0;
const uniqueEmail = (who = "user") => `${who}-${run}-${++serial}@example.com`;
/** Addresses from TEST-NET-3 with a per-run prefix, so no other test shares a budget. */
const ipBase = 1 + (Date.now() % 200);
let ipSerial = 0;
const uniqueIp = () => `198.51.${ipBase}.${++ipSerial}`;

/** A pre-session CSRF cookie and its token: what the log-in page hands any visitor. */
async function loginForm() {
  const page = await call("/dashboard/login", { headers: { "CF-Connecting-IP": uniqueIp() } });
  const cookie = page.headers
    .getSetCookie()
    .find((line) => line.startsWith("wd_csrf="))!
    .split(";")[0]!;
  const token = /name="csrf" value="([^"]+)"/.exec(await page.text())![1]!;
  return { cookie, token };
}

async function post(path: string, fields: Record<string, string>, ip: string, form: { cookie: string; token: string }) {
  const response = await call(path, {
    method: "POST",
    body: new URLSearchParams({ csrf: form.token, ...fields }),
    headers: {
      Cookie: form.cookie,
      Origin: ORIGIN,
      "Content-Type": "application/x-www-form-urlencoded",
      "CF-Connecting-IP": ip,
    },
    redirect: "manual",
  });
  const html = await response.text();
  const error = /<p class="error" role="alert">([^<]*)<\/p>/.exec(html)?.[1] ?? null;
  return { status: response.status, retryAfter: response.headers.get("Retry-After"), error };
}

const logIn = (email: string, password: string, ip: string, form: { cookie: string; token: string }) =>
  post("/dashboard/login", { email, password }, ip, form);

async function signUp(email: string, password: string) {
  const form = await loginForm();
  return post("/dashboard/signup", { email, password }, uniqueIp(), form);
}

afterEach(() => vi.restoreAllMocks());

describe("sign-in spraying", () => {
  it("refuses a 21st email from one address within 15 minutes with 429, Retry-After and a sentence", async () => {
    const form = await loginForm();
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_BUDGETS.ip; i++)
      expect((await logIn(uniqueEmail("spray"), `guess ${i} Aa`, ip, form)).status).toBe(401);

    const refused = await logIn(uniqueEmail("spray"), "guess Aa", ip, form);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(LOGIN_WINDOW_MS / 1000 - 60);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(LOGIN_WINDOW_MS / 1000);
    expect(refused.error).toBe(
      "Too many failed sign-ins from your network, for several emails; wait 15 minutes and try again.",
    );

    // The budget is the address's: the same emails from another address are still checked.
    expect((await logIn(uniqueEmail("spray"), "guess Aa", uniqueIp(), form)).status).toBe(401);
  });

  it("refuses the second round of 12 emails from one address past the budget, then even an account's right password", async () => {
    const victim = uniqueEmail("victim");
    expect((await signUp(victim, PASSWORD)).status).toBe(200);
    const form = await loginForm();
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 12; i++) statuses.push((await logIn(uniqueEmail("spray"), "Summer2024!", ip, form)).status);
    }
    expect(statuses.slice(0, LOGIN_BUDGETS.ip).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(LOGIN_BUDGETS.ip)).toEqual([429, 429, 429, 429]);
    expect((await logIn(victim, PASSWORD, ip, form)).status).toBe(429);
  });

  it("refuses one email tried from 20 addresses at every address that failed for it, while other emails go on", async () => {
    const target = uniqueEmail("target");
    expect((await signUp(target, PASSWORD)).status).toBe(200);
    const form = await loginForm();
    const attackers = Array.from({ length: LOGIN_BUDGETS.email }, () => uniqueIp());
    for (const [i, ip] of attackers.entries())
      expect((await logIn(target, `wrong guess ${i}`, ip, form)).status).toBe(401);

    const refused = await logIn(target, PASSWORD, attackers[3]!, form);
    expect(refused.status).toBe(429);
    expect(refused.error).toBe(
      "Too many failed sign-ins for this email from several networks; wait 15 minutes and try again.",
    );
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await logIn(uniqueEmail("other"), "wrong guess", attackers[3]!, form)).status).toBe(401);
  });

  it("lets the victim in from a new address with the right password, while the guessing addresses stay refused", async () => {
    const victim = uniqueEmail("victim");
    expect((await signUp(victim, PASSWORD)).status).toBe(200);
    const form = await loginForm();
    // Four addresses spend the email's whole budget between them, each under its own per-email budget.
    const attackers = Array.from({ length: 4 }, () => uniqueIp());
    for (let i = 0; i < LOGIN_BUDGETS.email; i++)
      expect((await logIn(victim, `wrong guess ${i}`, attackers[i % 4]!, form)).status).toBe(401);
    for (const ip of attackers) expect((await logIn(victim, PASSWORD, ip, form)).status).toBe(429);

    const home = uniqueIp();
    expect((await logIn(victim, PASSWORD, home, form)).status).toBe(303);

    // A new address past the email's budget gets one guess, then is refused like the others.
    const newcomer = uniqueIp();
    expect((await logIn(victim, "wrong guess", newcomer, form)).status).toBe(401);
    expect((await logIn(victim, PASSWORD, newcomer, form)).status).toBe(429);
    for (const ip of attackers) expect((await logIn(victim, "wrong guess", ip, form)).status).toBe(429);
  });

  it("admits exactly the budget when attempts from one address arrive in parallel", async () => {
    const form = await loginForm();
    const ip = uniqueIp();
    const answers = await Promise.all(
      Array.from({ length: LOGIN_BUDGETS.ip + 8 }, () => logIn(uniqueEmail("burst"), "wrong guess", ip, form)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_BUDGETS.ip);
    expect(statuses.filter((status) => status === 429)).toHaveLength(8);
  });

  it("refuses before any password hashing: a refused attempt runs no PBKDF2", async () => {
    const form = await loginForm();
    const ip = uniqueIp();
    const target = uniqueEmail("costly");
    for (let i = 0; i < LOGIN_BUDGETS.emailAndIp; i++) await logIn(target, `wrong guess ${i}`, ip, form);

    const deriveBits = vi.spyOn(crypto.subtle, "deriveBits");
    expect((await logIn(target, "wrong guess", ip, form)).status).toBe(429);
    expect(deriveBits).not.toHaveBeenCalled();
    expect((await logIn(uniqueEmail("costly"), "wrong guess", ip, form)).status).toBe(401);
    expect(deriveBits).toHaveBeenCalledTimes(1);
  });
});

describe("login attempt budgets over time", () => {
  const db = () => drizzle(env.DB);

  it("frees a budget when its oldest attempt leaves the 15-minute window, and a refusal does not extend it", async () => {
    const ip = uniqueIp();
    const start = Date.now() + 60_000;
    for (let i = 0; i < LOGIN_BUDGETS.ip; i++)
      expect(await admitLoginAttempt(db(), uniqueEmail("clock"), ip, start + i * 1000)).toBeNull();

    const fiveMinutesLater = start + 5 * 60_000;
    expect(await admitLoginAttempt(db(), uniqueEmail("clock"), ip, fiveMinutesLater)).toEqual({
      budget: "ip",
      retryAfterSeconds: 10 * 60,
    });
    // Refused again and again: the wait still ends when the first admitted attempt ages out.
    for (let i = 0; i < 5; i++) await admitLoginAttempt(db(), uniqueEmail("clock"), ip, fiveMinutesLater + 1000);
    expect(await admitLoginAttempt(db(), uniqueEmail("clock"), ip, start + LOGIN_WINDOW_MS - 1)).toMatchObject({
      retryAfterSeconds: 1,
    });
    expect(await admitLoginAttempt(db(), uniqueEmail("clock"), ip, start + LOGIN_WINDOW_MS + 1)).toBeNull();
  });

  it("names the budget that frees up last when several ran out", async () => {
    const email = uniqueEmail("both");
    const ip = uniqueIp();
    const start = Date.now() + 60_000;
    const spray = LOGIN_BUDGETS.ip - LOGIN_BUDGETS.emailAndIp;
    for (let i = 0; i < spray; i++) expect(await admitLoginAttempt(db(), uniqueEmail("both"), ip, start)).toBeNull();
    for (let i = 1; i <= LOGIN_BUDGETS.emailAndIp; i++)
      expect(await admitLoginAttempt(db(), email, ip, start + i * 60_000)).toBeNull();
    // Six minutes in: the address's oldest attempt ages out in 9 minutes, this email's in 10.
    expect(await admitLoginAttempt(db(), email, ip, start + 6 * 60_000)).toEqual({
      budget: "emailAndIp",
      retryAfterSeconds: 10 * 60,
    });
  });
});

describe("common passwords", () => {
  it("refuses a password from the common-password list at sign-up, in any letter case, with a sentence", async () => {
    for (const password of ["password123", "Password1234", "QWERTY12345"]) {
      const refused = await signUp(uniqueEmail("common"), password);
      expect(refused.status).toBe(400);
      expect(refused.error).toBe(
        "This password is on a list of the most common passwords, which attackers try first: choose another.",
      );
    }
    expect((await signUp(uniqueEmail("rare"), "Kettle-orbit 93")).status).toBe(200);
  });

  it("knows the list's well-known entries and not a passphrase", async () => {
    for (const password of ["123456", "iloveyou123", "1q2w3e4r5t", "football123"])
      expect(await isCommonPassword(password)).toBe(true);
    expect(await isCommonPassword("correct horse 42")).toBe(false);
  });
});
