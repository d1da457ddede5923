// A stand-in CAPTCHA solving service speaking the common createTask / getTaskResult JSON API
// (as anti-captcha, CapSolver and 2Captcha's v2 API do), for tests and local runs. Its tokens
// (`solved.<sitekey>.<hmac>`) are the ones the replica sites accept. Modes: "ok" answers
// "processing" once and then "ready"; "fail" answers ERROR_CAPTCHA_UNSOLVABLE; "slow" never
// gets ready. Run alone with `node replicas/solver.ts --port 8791 [--mode ok]`.
import { createServer, type IncomingMessage } from "node:http";
import { solvedToken } from "./challenge.ts";
import { closeServer, isMainModule, listen, option, readJson } from "./http.ts";

export type SolverMode = "ok" | "fail" | "slow";

/** The only client key the stand-in accepts. */
export const SOLVER_CLIENT_KEY = "test-solver-key";
const COST = "0.00299";

export interface Solver {
  url: string;
  stop(): Promise<void>;
  /** Tasks created so far. */
  tasks(): number;
  setMode(mode: SolverMode): void;
}

interface Task {
  websiteKey: string;
  polls: number;
  createdAt: number;
}

type Answer = Record<string, unknown> & { errorId: number };

const error = (errorCode: string, errorDescription: string): Answer => ({ errorId: 1, errorCode, errorDescription });

export async function startSolver(options: { port?: number; host?: string; mode?: SolverMode } = {}): Promise<Solver> {
  let mode: SolverMode = options.mode ?? "ok";
  let nextId = 1000;
  const tasks = new Map<number, Task>();

  function createTask(body: Record<string, unknown>): Answer {
    const task = body["task"] as Record<string, unknown> | undefined;
    if (!task || typeof task !== "object") return error("ERROR_TASK_ABSENT", "Task property is empty or not set");
    const websiteKey = typeof task["websiteKey"] === "string" ? task["websiteKey"] : "";
    if (!websiteKey) return error("ERROR_RECAPTCHA_INVALID_SITEKEY", "The websiteKey is missing");
    const taskId = nextId++;
    tasks.set(taskId, { websiteKey, polls: 0, createdAt: Math.floor(Date.now() / 1000) });
    return { errorId: 0, taskId };
  }

  function getTaskResult(body: Record<string, unknown>): Answer {
    const task = tasks.get(Number(body["taskId"]));
    if (!task) return error("ERROR_NO_SUCH_CAPCHA_ID", "Task with this ID was not found");
    if (mode === "fail") return error("ERROR_CAPTCHA_UNSOLVABLE", "Workers could not solve the CAPTCHA");
    task.polls++;
    if (mode === "slow" || task.polls < 2) return { errorId: 0, status: "processing" };
    const token = solvedToken(task.websiteKey);
    return {
      errorId: 0,
      status: "ready",
      solution: { gRecaptchaResponse: token, token },
      cost: COST,
      ip: "127.0.0.1",
      createTime: task.createdAt,
      endTime: Math.floor(Date.now() / 1000),
      solveCount: task.polls,
    };
  }

  async function answer(req: IncomingMessage, path: string): Promise<{ status: number; body: Answer }> {
    if (req.method !== "POST")
      return { status: 405, body: error("ERROR_METHOD_NOT_ALLOWED", "Use POST with a JSON body") };
    let body: Record<string, unknown>;
    try {
      body = await readJson(req);
    } catch {
      return { status: 400, body: error("ERROR_BAD_JSON", "The body is not a JSON object") };
    }
    if (body["clientKey"] !== SOLVER_CLIENT_KEY)
      return {
        status: 200,
        body: error("ERROR_KEY_DOES_NOT_EXIST", "Account authorization key not found in the system"),
      };
    if (path === "/createTask") return { status: 200, body: createTask(body) };
    if (path === "/getTaskResult") return { status: 200, body: getTaskResult(body) };
    if (path === "/getBalance") return { status: 200, body: { errorId: 0, balance: 10 } };
    return { status: 404, body: error("ERROR_NO_SUCH_METHOD", `No method ${path}`) };
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://solver");
    const path = url.pathname.replace(/\/+$/, "");
    // Control for tests in other processes: GET /_admin/stats, POST /_admin/mode?to=ok|fail|slow.
    if (path.startsWith("/_admin/")) {
      const next = url.searchParams.get("to");
      if (path === "/_admin/mode" && (next === "ok" || next === "fail" || next === "slow")) mode = next;
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ mode, tasks: tasks.size }));
      return;
    }
    answer(req, path)
      .then(({ status, body }) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(body));
      })
      .catch(() => {
        res.writeHead(500, { "Content-Type": "application/json" });
        res.end(JSON.stringify(error("ERROR_INTERNAL", "The solver failed")));
      });
  });
  const url = await listen(server, options.port ?? 0, options.host ?? "127.0.0.1");
  return {
    url,
    stop: () => closeServer(server),
    tasks: () => tasks.size,
    setMode(next) {
      mode = next;
    },
  };
}

if (isMainModule(import.meta.url)) {
  const solver = await startSolver({
    port: Number(option("port") ?? process.env.SOLVER_PORT ?? 8791),
    host: option("host"),
    mode: (option("mode") as SolverMode | undefined) ?? "ok",
  });
  console.log(solver.url);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void solver.stop().then(() => process.exit(0)));
  }
}
