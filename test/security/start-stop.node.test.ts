// `npm start` stopped with SIGTERM, as `kill`, a process manager or a container runtime stops it,
// while it is still filling the datasets: nothing it started outlives it (wrangler runs in a process
// group of its own, so only npm start's own handling can stop it), and both of its ports are free.
// Needs no shared stack: it starts its own on ports of its own.
import { spawn, spawnSync } from "node:child_process";
import { connect } from "node:net";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const API_PORT = 9061;
const REPLICAS_PORT = 9062;

function descendantsOf(pid: number): number[] {
  const children = spawnSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
    .stdout.split("\n")
    .filter(Boolean)
    .map(Number);
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

const commandOf = (pid: number) => spawnSync("ps", ["-o", "args=", "-p", String(pid)], { encoding: "utf8" }).stdout;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => resolve(socket.end() !== undefined));
    socket.once("error", () => resolve(false));
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("npm start", () => {
  it("stops wrangler, workerd and everything under them on SIGTERM, leaving both ports free", async () => {
    expect(await listening(API_PORT)).toBe(false);
    const npm = spawn("npm", ["start"], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(API_PORT), REPLICAS_PORT: String(REPLICAS_PORT) },
      stdio: "ignore",
    });
    const exited = new Promise<number | null>((resolve) => npm.once("exit", (code) => resolve(code)));
    let started: number[] = [];
    try {
      // Up once the API answers; the datasets are still being filled then.
      const deadline = Date.now() + 150_000;
      while (!(await listening(API_PORT)) && Date.now() < deadline) await sleep(500);
      expect(await listening(API_PORT), "the API came up").toBe(true);
      started = descendantsOf(npm.pid!);
      expect(started.length).toBeGreaterThan(3);
      // The signal reaches the process that stops the stack, with nothing between: tsx's command relays a
      // signal to the script it runs and kills it outright should it not answer within 30 ms, as a busy
      // start-up may not, and then nothing stops wrangler's process group.
      expect(started.filter((pid) => commandOf(pid).includes("scripts/start.ts"))).toHaveLength(1);

      process.kill(npm.pid!, "SIGTERM");
      await Promise.race([exited, sleep(30_000)]);
      // The stop waits up to 5 s for wrangler to end on SIGTERM before it kills the group, and a browser
      // may take as long to close: what is still going is given that long, and a margin, on a busy machine.
      for (let tries = 0; tries < 60 && started.some(alive); tries++) await sleep(250);
      expect(started.filter(alive)).toEqual([]);
      expect(await listening(API_PORT)).toBe(false);
      expect(await listening(REPLICAS_PORT)).toBe(false);
    } finally {
      // Whatever outlived the stop is killed here, so that no later test meets its ports taken.
      for (const pid of [npm.pid!, ...descendantsOf(npm.pid!), ...started])
        if (alive(pid)) process.kill(pid, "SIGKILL");
    }
  }, 240_000);
});
