// What the e2e files share to drive the stack global-setup started: the API called with a key, and
// the admin switches of the replica sites, the forward proxies and the solver stand-in.
import { inject } from "vitest";
import type { ProxyMode } from "../support/proxies.ts";

const baseUrl = inject("baseUrl");
const replicasUrl = inject("replicasUrl");
const solverUrl = inject("solverUrl");

/** A GET of the API with `secret`: the response, its JSON body (null if none) and how long it took. */
export async function callApi(secret: string, path: string) {
  const started = Date.now();
  const response = await fetch(`${baseUrl}${path}`, { headers: { "X-API-KEY": secret } });
  return { response, body: (await response.json().catch(() => null)) as any, ms: Date.now() - started };
}

/** `GET /_admin/{path}` of the replicas, or a POST when there is a body; their JSON answer. */
export async function replicaAdmin(path: string, body?: unknown): Promise<any> {
  const init =
    body === undefined
      ? {}
      : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  return (await fetch(`${replicasUrl}/_admin/${path}`, init)).json();
}

/** Requests the replicas served, per path (query strings left out). */
export const replicaCounts = () => replicaAdmin("counts") as Promise<Record<string, number>>;

/** Requests to `path` between two `replicaCounts()`. */
export const hits = (before: Record<string, number>, after: Record<string, number>, path: string) =>
  (after[path] ?? 0) - (before[path] ?? 0);

export async function proxyStats(adminUrl: string) {
  return (await (await fetch(`${adminUrl}/_admin/stats`)).json()) as {
    mode: ProxyMode;
    connects: number;
    refused: number;
    dropped: number;
  };
}

export const setProxyMode = (adminUrl: string, mode: ProxyMode) => fetch(`${adminUrl}/_admin/mode?to=${mode}`);

export const setSolverMode = (mode: "ok" | "fail" | "slow") =>
  fetch(`${solverUrl}/_admin/mode?to=${mode}`, { method: "POST" });

export async function solverTasks(): Promise<number> {
  return ((await (await fetch(`${solverUrl}/_admin/stats`)).json()) as { tasks: number }).tasks;
}
