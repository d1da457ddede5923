import type { Challenge } from "./types";
import { CaptchaBudgetSpent, CaptchaFailed, SolverTimeout } from "./errors";

export interface SolverConfig {
  url: string;
  key: string;
  /** Poll interval for getTaskResult. */
  pollMs?: number;
  timeoutMs?: number;
}

const TASK_TYPES: Record<Challenge["kind"], string> = {
  recaptcha: "RecaptchaV2TaskProxyless",
  hcaptcha: "HCaptchaTaskProxyless",
  turnstile: "TurnstileTaskProxyless",
  amazon: "ImageToTextTask",
  generic: "RecaptchaV2TaskProxyless",
};

/** Form field each widget posts its token in. */
export const TOKEN_FIELDS: Record<Challenge["kind"], string> = {
  recaptcha: "g-recaptcha-response",
  hcaptcha: "h-captcha-response",
  turnstile: "cf-turnstile-response",
  amazon: "field-keywords",
  generic: "g-recaptcha-response",
};

async function call<T>(config: SolverConfig, method: string, body: Record<string, unknown>): Promise<T & { errorId: number; errorCode?: string }> {
  const response = await fetch(`${config.url.replace(/\/$/, "")}/${method}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ clientKey: config.key, ...body }),
    signal: AbortSignal.timeout(15_000),
  }).catch((err) => {
    throw new CaptchaFailed(`solver unreachable: ${err}`);
  });
  if (!response.ok) throw new CaptchaFailed(`solver answered HTTP ${response.status}`);
  return (await response.json()) as T & { errorId: number; errorCode?: string };
}

/**
 * Solves a challenge with a solver service speaking the common createTask / getTaskResult
 * JSON API. Returns the token and what the solver charged (in micro-dollars).
 */
export async function solveChallenge(config: SolverConfig, challenge: Challenge, pageUrl: string): Promise<{ token: string; costMicros: number }> {
  const created = await call<{ taskId?: string | number }>(config, "createTask", {
    task: { type: TASK_TYPES[challenge.kind], websiteURL: pageUrl, websiteKey: challenge.siteKey ?? "" },
  });
  if (created.errorId !== 0 || created.taskId === undefined) throw new CaptchaFailed(`solver refused the task: ${created.errorCode ?? "unknown error"}`);

  const timeoutMs = config.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    await new Promise((resolve) => setTimeout(resolve, Math.min(config.pollMs ?? 1_000, left)));
    const result = await call<{ status?: string; solution?: { gRecaptchaResponse?: string; token?: string; text?: string }; cost?: string }>(
      config,
      "getTaskResult",
      { taskId: created.taskId },
    );
    if (result.errorId !== 0) throw new CaptchaFailed(`solver could not solve it: ${result.errorCode ?? "unknown error"}`);
    if (result.status === "ready") {
      const token = result.solution?.gRecaptchaResponse ?? result.solution?.token ?? result.solution?.text;
      if (!token) throw new CaptchaFailed("solver answered without a token");
      return { token, costMicros: Math.round(Number(result.cost ?? 0) * 1_000_000) };
    }
  }
  throw new SolverTimeout(`the CAPTCHA solver gave no answer within ${+(timeoutMs / 1000).toFixed(1)} s`);
}

const month = (now = new Date()) => now.toISOString().slice(0, 7);

/**
 * Reserves one solve against the account's monthly cap in a single atomic statement;
 * throws when the cap is reached. Returns the month the solve was counted in.
 */
export async function reserveSolve(db: D1Database, accountId: string): Promise<string> {
  const reservedIn = month();
  const row = await db
    .prepare(
      `INSERT INTO captcha_spend (account_id, month, solves) SELECT ?1, ?2, 1
         WHERE (SELECT captcha_monthly_cap FROM accounts WHERE id = ?1) > 0
       ON CONFLICT (account_id, month) DO UPDATE SET solves = solves + 1
         WHERE solves < (SELECT captcha_monthly_cap FROM accounts WHERE id = ?1)
       RETURNING solves`,
    )
    .bind(accountId, reservedIn)
    .first<{ solves: number }>();
  if (!row) throw new CaptchaBudgetSpent("this account's CAPTCHA budget for the month is used up");
  return reservedIn;
}

/** Gives back a reserved solve that the solver never billed. */
async function releaseSolve(db: D1Database, accountId: string, reservedIn: string) {
  await db.prepare("UPDATE captcha_spend SET solves = solves - 1 WHERE account_id = ? AND month = ? AND solves > 0").bind(accountId, reservedIn).run();
}

export async function recordSolveCost(db: D1Database, accountId: string, costMicros: number, reservedIn = month()) {
  await db.prepare("UPDATE captcha_spend SET cost_micros = cost_micros + ? WHERE account_id = ? AND month = ?").bind(costMicros, accountId, reservedIn).run();
}

/**
 * Solves a challenge within the account's monthly cap and records what it cost. A solve the
 * solver refused, failed or never received is given back, since solvers bill only solved tasks;
 * one that timed out still counts: the task keeps running at the solver and is billed if it
 * finishes, and the cap exists to bound that spend.
 */
export async function solveWithinBudget(db: D1Database, accountId: string, config: SolverConfig, challenge: Challenge, pageUrl: string): Promise<string> {
  const reservedIn = await reserveSolve(db, accountId);
  try {
    const { token, costMicros } = await solveChallenge(config, challenge, pageUrl);
    await recordSolveCost(db, accountId, costMicros, reservedIn);
    return token;
  } catch (err) {
    if (!(err instanceof SolverTimeout)) await releaseSolve(db, accountId, reservedIn).catch((release) => console.error("captcha release failed", release));
    throw err;
  }
}

/** Hidden inputs of the challenge form, so the token post carries what the site expects (return_to, csrf…). */
export function hiddenFormFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input[^>]*type=["']?hidden["']?[^>]*>/gi)) {
    const name = /name=["']([^"']+)["']/i.exec(match[0])?.[1];
    const value = /value=["']([^"']*)["']/i.exec(match[0])?.[1] ?? "";
    if (name) fields[name] = value.replaceAll("&amp;", "&").replaceAll("&quot;", '"');
  }
  return fields;
}
