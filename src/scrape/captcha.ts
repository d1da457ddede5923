import { database } from "../db/client";
import { recordSolveCost, releaseSolve, reserveSolve, spendMonth } from "../db/captcha-spend";
import type { SolverConfig } from "./config";
import type { Challenge } from "./types";
import { within, type PageLoad } from "./engines/types";
import { CaptchaBudgetSpent, CaptchaFailed, CaptchaUnsolved, SolverTimeout, UpstreamBlocked } from "./errors";
import { log } from "../log";
import { readJson } from "../net/read-body";

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

/** A solver's answer is a small JSON object (a token, a status); more is not one. */
const MAX_SOLVER_ANSWER_BYTES = 256 * 1024;

/** One solver call, given up after `timeoutMs` (at most 15 s). */
async function call<T>(
  config: SolverConfig,
  method: string,
  body: Record<string, unknown>,
  timeoutMs: number,
): Promise<T & { errorId: number; errorCode?: string }> {
  const response = await fetch(`${config.url.replace(/\/$/, "")}/${method}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ clientKey: config.key, ...body }),
    signal: AbortSignal.timeout(Math.max(1, Math.min(15_000, timeoutMs))),
  }).catch((err) => {
    log.error("solver call failed", { method, error: err });
    throw new CaptchaFailed(
      err instanceof Error && err.name === "TimeoutError"
        ? "the solver did not answer in time"
        : "the solver could not be reached",
    );
  });
  if (!response.ok) throw new CaptchaFailed(`solver answered HTTP ${response.status}`);
  return readJson<T & { errorId: number; errorCode?: string }>(response, MAX_SOLVER_ANSWER_BYTES).catch(() => {
    throw new CaptchaFailed("the solver's answer could not be read");
  });
}

/**
 * Solves a challenge with a solver service speaking the common createTask / getTaskResult
 * JSON API. Returns the token and what the solver charged (in micro-dollars).
 */
export async function solveChallenge(
  config: SolverConfig,
  challenge: Challenge,
  pageUrl: string,
): Promise<{ token: string; costMicros: number }> {
  const timeoutMs = config.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  const gaveUp = () =>
    new SolverTimeout(`the CAPTCHA solver gave no answer within ${+(timeoutMs / 1000).toFixed(1)} s`);
  const created = await call<{ taskId?: string | number }>(
    config,
    "createTask",
    { task: { type: TASK_TYPES[challenge.kind], websiteURL: pageUrl, websiteKey: challenge.siteKey ?? "" } },
    timeoutMs,
  );
  if (created.errorId !== 0 || created.taskId === undefined)
    throw new CaptchaUnsolved(`solver refused the task: ${created.errorCode ?? "unknown error"}`);

  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    await scheduler.wait(Math.min(config.pollMs ?? 1_000, left));
    const result = await call<{
      status?: string;
      solution?: { gRecaptchaResponse?: string; token?: string; text?: string };
      cost?: string;
    }>(config, "getTaskResult", { taskId: created.taskId }, deadline - Date.now()).catch((err) => {
      throw Date.now() >= deadline ? gaveUp() : err;
    });
    if (result.errorId !== 0)
      throw new CaptchaUnsolved(`solver could not solve it: ${result.errorCode ?? "unknown error"}`);
    if (result.status === "ready") {
      const token = result.solution?.gRecaptchaResponse ?? result.solution?.token ?? result.solution?.text;
      if (!token) throw new CaptchaFailed("solver answered without a token");
      return { token, costMicros: Math.round(Number(result.cost ?? 0) * 1_000_000) };
    }
  }
  throw gaveUp();
}

/**
 * Solves a challenge within the account's monthly cap and records what it cost. Only a solve the
 * solver refused or declared unsolvable is given back, since solvers bill nothing for those; any
 * other failure (a timeout, a lost answer) still counts: the task may still be billed, and the
 * cap exists to bound that spend.
 */
export async function solveWithinBudget(
  d1: D1Database,
  accountId: string,
  config: SolverConfig,
  challenge: Challenge,
  pageUrl: string,
): Promise<string> {
  const db = database(d1);
  const reservedIn = spendMonth();
  if (!(await reserveSolve(db, accountId, reservedIn)))
    throw new CaptchaBudgetSpent("this account's CAPTCHA budget for the month is used up");
  let solved: { token: string; costMicros: number };
  try {
    solved = await solveChallenge(config, challenge, pageUrl);
  } catch (err) {
    if (err instanceof CaptchaUnsolved)
      await releaseSolve(db, accountId, reservedIn).catch((release) =>
        log.error("captcha release failed", { error: release }),
      );
    throw err;
  }
  // The token is paid for: a failed write of its cost must not waste it.
  await recordSolveCost(db, accountId, solved.costMicros, reservedIn).catch((err) =>
    log.error("captcha cost not recorded", { error: err }),
  );
  return solved.token;
}

/** A load's CAPTCHA solved within the account's cap and what is left of the scrape's deadline. */
export async function solveForLoad(load: PageLoad, challenge: Challenge, pageUrl: string): Promise<string> {
  const { solver } = load.config;
  if (!solver) throw new UpstreamBlocked("the site answered with a CAPTCHA and no solver is configured");
  return solveWithinBudget(
    load.env.DB,
    load.accountId,
    { ...solver, timeoutMs: within(load, solver.timeoutMs ?? 60_000) },
    challenge,
    pageUrl,
  );
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
