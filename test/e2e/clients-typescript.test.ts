// The TypeScript client as a user gets it: `npm pack` of clients/typescript, installed offline from
// the tarball into an empty project, then a small program type-checked under `nodenext` and
// `bundler`, run by Node, and bundled by esbuild: a product, a hotel search paged to its end, a
// dataset's records by cursor pages and a batch job waited for, against the e2e stack; and its
// retries against a 127.0.0.1 server that fails first (503, 429 with Retry-After, a dropped connection).
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { envelopeError, ok, startFlakyServer } from "../../clients/typescript/test/flaky-server.ts";
import { createAccountKey, ROOT } from "../../scripts/local-stack.ts";

const run = promisify(execFile);
const baseUrl = inject("baseUrl");
const adminToken = inject("adminToken");
const replicasUrl = inject("replicasUrl");
const CLIENT = join(ROOT, "clients/typescript");
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");
const ESBUILD = join(ROOT, "node_modules/.bin/esbuild");
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

// What a user writes: named, typed methods, paging, a job waited for, the error class, retries.
const CONSUMER = `
import { createWebDataClient, WebDataError, type Hotel, type Job } from "@webdata-api/client";

declare const process: { env: Record<string, string | undefined> };
const client = createWebDataClient({ baseUrl: process.env.WEBDATA_URL!, apiKey: process.env.WEBDATA_KEY!, auth: "bearer" });

const search = await client.search("walmart", { q: "kettle" });
const first = search.data.results.find((item) => !item.sponsored)!;
const product = await client.product("walmart", { id: first.id!, maxAge: 3600 });

const query = { destination: "Dublin", checkIn: "${day(20)}", checkOut: "${day(22)}", limit: 5, currency: "USD" };
const firstPage = await client.hotels.search("booking", query);
const hotels: Hotel[] = [];
for await (const hotel of client.hotels.searchAll("booking", query)) hotels.push(hotel);
const ownPage = await client.hotels.page(process.env.HOTEL_PAGE_URL!, { currency: "EUR", fresh: "true" });

const [largest] = (await client.datasets.list({ sort: "-record_count", limit: 1 })).data;
const pageSize = Math.min(1000, Math.ceil(largest!.record_count / 3));
const keys: string[] = [];
for await (const record of client.datasets.records(largest!.slug, { fields: "key", limit: pageSize })) keys.push(String(record.key));

const created = await client.jobs.create({ requests: [{ path: "/v1/categories" }, { path: "/v1/datasets?limit=2" }] });
const progress: number[] = [];
const job: Job = await client.waitForJob(created.data.id, { pollInterval: 300, timeout: 60_000, onProgress: (j) => progress.push(j.progress) });
const results: string[] = [];
for await (const item of client.jobs.results(job.id)) results.push(item.status);

let error: { status: number; code: string; requestId: string } | undefined;
try {
  await client.datasets.get("no-such-dataset");
} catch (caught) {
  if (caught instanceof WebDataError) error = { status: caught.status, code: caught.code, requestId: caught.requestId };
}

// Retries, against a server that fails three times first.
const flaky = createWebDataClient({ baseUrl: process.env.FLAKY_URL!, apiKey: "wdk_x", retryBaseDelayMs: 20 });
const retried = (await flaky.usage()).data.account_id;

// The types are the API's: a wrong parameter does not compile.
// @ts-expect-error \`destination\` is a string
void client.hotels.search("booking", { destination: 1, checkIn: "", checkOut: "" }).catch(() => {});

console.log(JSON.stringify({
  product: { id: product.data.id, wanted: first.id, currency: product.data.price?.currency },
  hotels: { total: firstPage.meta.pagination.total, pages: firstPage.meta.pagination.total_pages, ids: hotels.map((h) => h.id) },
  ownPage: { name: ownPage.data.name, platforms: ownPage.data.platforms, price: ownPage.data.price_per_night },
  records: { count: largest!.record_count, keys },
  job: { status: job.status, total: job.total, lastProgress: progress.at(-1), results },
  error,
  retried,
}));
`;

const COMPILER_OPTIONS = { target: "ES2022", lib: ["ES2022", "DOM", "DOM.Iterable"], types: [], strict: true };

let project: string;
let secret: string;
let packed: { files: { path: string }[] };

beforeAll(async () => {
  ({ secret } = await createAccountKey(baseUrl, adminToken, {
    name: "e2e packed client",
    plan: "enterprise",
    requests_per_minute: 10_000,
  }));
  project = await mkdtemp(join(tmpdir(), "webdata-client-"));
  const tarballs = join(project, "tarballs");
  await mkdir(tarballs);
  // `prepack` builds dist/ first. The client's one dependency and its own are packed from the root's
  // node_modules, so the install below needs no registry.
  const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", tarballs], { cwd: CLIENT });
  packed = (JSON.parse(stdout) as { filename: string; files: { path: string }[] }[])[0]!;
  const dependencies = ["openapi-fetch", "openapi-typescript-helpers"].map((name) => join(ROOT, "node_modules", name));
  const { stdout: packedDependencies } = await run(
    "npm",
    ["pack", "--json", "--ignore-scripts", "--pack-destination", tarballs, ...dependencies],
    { cwd: project },
  );
  const filenames = [
    (JSON.parse(stdout) as { filename: string }[])[0]!.filename,
    ...(JSON.parse(packedDependencies) as { filename: string }[]).map((entry) => entry.filename),
  ];
  await writeFile(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  await run(
    "npm",
    ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", ...filenames.map((f) => join(tarballs, f))],
    { cwd: project },
  );
  await writeFile(join(project, "consumer.ts"), CONSUMER);
}, 240_000);

afterAll(async () => {
  if (project) await rm(project, { recursive: true, force: true });
});

async function typeCheck(name: string, options: Record<string, unknown>) {
  const config = { compilerOptions: { ...COMPILER_OPTIONS, ...options }, files: ["consumer.ts"] };
  await writeFile(join(project, `tsconfig.${name}.json`), JSON.stringify(config));
  return run(process.execPath, [TSC, "-p", `tsconfig.${name}.json`], { cwd: project }).then(
    () => "no errors",
    (failure: { stdout: string }) => failure.stdout,
  );
}

interface ConsumerAnswer {
  product: { id: string; wanted: string; currency: string };
  hotels: { total: number; pages: number; ids: string[] };
  ownPage: { name: string; platforms: string[]; price: number };
  records: { count: number; keys: string[] };
  job: { status: string; total: number; lastProgress: number; results: string[] };
  error: { status: number; code: string; requestId: string };
  retried: string;
}

/** Runs the program with a fresh flaky server: 503, 429 (Retry-After: 1), a dropped connection, then 200. */
async function runConsumer(file: string) {
  const flaky = await startFlakyServer([
    envelopeError(503, "unavailable", "busy"),
    envelopeError(429, "rate_limited", "slow down", { "Retry-After": "1" }),
    { drop: true },
    ok({ account_id: "acc_after_three_failures" }),
  ]);
  try {
    const env = {
      ...process.env,
      WEBDATA_URL: baseUrl,
      WEBDATA_KEY: secret,
      FLAKY_URL: flaky.url,
      HOTEL_PAGE_URL: `${replicasUrl}/real/nostructured/hotelscraper_hotel_includio_regensburg_ibe.html`,
    };
    const { stdout } = await run(process.execPath, [file], { cwd: project, env });
    return { answer: JSON.parse(stdout) as ConsumerAnswer, attempts: flaky.attempts };
  } finally {
    await flaky.stop();
  }
}

function expectRealAnswers({ answer, attempts }: Awaited<ReturnType<typeof runConsumer>>) {
  expect(answer.product.id).toBe(answer.product.wanted);
  expect(answer.product.currency).toBe("USD");
  expect(answer.hotels.pages).toBeGreaterThan(1);
  expect(answer.hotels.ids).toHaveLength(answer.hotels.total);
  expect(new Set(answer.hotels.ids).size).toBe(answer.hotels.total);
  // A hotel's own booking engine, read by the generic reader (the capture's room from 91,00 €).
  expect(answer.ownPage).toEqual({ name: "Hotel INCLUDiO", platforms: ["generic"], price: 91 });
  // A third of the records a page: every record of the largest dataset, each once.
  expect(answer.records.keys).toHaveLength(answer.records.count);
  expect(new Set(answer.records.keys).size).toBe(answer.records.count);
  expect(answer.job).toEqual({ status: "completed", total: 2, lastProgress: 100, results: ["succeeded", "succeeded"] });
  expect(answer.error).toEqual({ status: 404, code: "not_found", requestId: expect.stringMatching(/^req_/) });
  expect(answer.retried).toBe("acc_after_three_failures");
  expect(attempts).toHaveLength(4);
  // The 429's Retry-After was waited out before the third attempt.
  expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(950);
}

describe("the packed TypeScript client", () => {
  it("holds the built JavaScript and declarations, not the sources", async () => {
    const paths = packed.files.map((file) => file.path).sort();
    expect(paths).toEqual(expect.arrayContaining(["dist/index.d.ts", "dist/index.js", "dist/schema.d.ts"]));
    expect(paths.filter((path) => !path.startsWith("dist/"))).toEqual(["README.md", "package.json"]);
    expect(paths.filter((path) => /\.ts$/.test(path) && !path.endsWith(".d.ts"))).toEqual([]);
    // Each module compiled beside its declarations.
    for (const path of paths.filter((p) => p.endsWith(".js"))) expect(paths).toContain(path.replace(/\.js$/, ".d.ts"));
    const manifest = JSON.parse(
      await readFile(join(project, "node_modules/@webdata-api/client/package.json"), "utf8"),
    ) as { exports: Record<string, Record<string, string>>; engines: { node: string }; types: string };
    expect(manifest.exports["."]).toEqual({
      types: "./dist/index.d.ts",
      import: "./dist/index.js",
      default: "./dist/index.js",
    });
    expect(manifest.types).toBe("./dist/index.d.ts");
    expect(manifest.engines.node).toBe(">=18");
  });

  it("type-checks under moduleResolution nodenext and bundler", { timeout: 240_000 }, async () => {
    expect(await typeCheck("nodenext", { module: "NodeNext", moduleResolution: "NodeNext", outDir: "out" })).toBe(
      "no errors",
    );
    expect(await typeCheck("bundler", { module: "ESNext", moduleResolution: "Bundler", noEmit: true })).toBe(
      "no errors",
    );
  });

  it("runs in Node, compiled by tsc, against the local stack and a failing server", { timeout: 180_000 }, async () => {
    expectRealAnswers(await runConsumer("out/consumer.js"));
  });

  it("runs bundled by esbuild, resolving the package through its exports", { timeout: 180_000 }, async () => {
    await run(ESBUILD, ["consumer.ts", "--bundle", "--format=esm", "--platform=neutral", "--outfile=bundle.mjs"], {
      cwd: project,
    });
    const bundle = await readFile(join(project, "bundle.mjs"), "utf8");
    expect(bundle).not.toMatch(/from\s+["']@webdata-api\/client["']/);
    expectRealAnswers(await runConsumer("bundle.mjs"));
  });
});
