// The TypeScript client as a user gets it: `npm pack` of clients/typescript, installed offline from
// the tarball into an empty project, then a small program type-checked under `nodenext` and
// `bundler`, run by Node, and bundled by esbuild, against the e2e stack.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAccountKey, ROOT } from "../../scripts/local-stack.ts";

const run = promisify(execFile);
const baseUrl = inject("baseUrl");
const adminToken = inject("adminToken");
const CLIENT = join(ROOT, "clients/typescript");
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");
const ESBUILD = join(ROOT, "node_modules/.bin/esbuild");
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

// What a user writes: typed calls, the documented header spelling, paging, streaming, the error class.
const CONSUMER = `
import { createWebDataClient, unwrap, WebDataError, type DatasetSummary } from "@webdata-api/client";

declare const process: { env: Record<string, string | undefined> };
const client = createWebDataClient({ baseUrl: process.env.WEBDATA_URL!, apiKey: process.env.WEBDATA_KEY!, auth: "bearer" });

const hotels = unwrap(
  await client.api.GET("/v1/travel/{platform}/hotels/search", {
    params: {
      path: { platform: "booking" },
      query: { destination: "Dublin", check_in: "${day(20)}", check_out: "${day(22)}" },
      header: { "X-Currency": "USD" },
    },
  }),
);
const currencies = [...new Set(hotels.data.hotels.map((hotel) => hotel.currency))];

const slugs: string[] = [];
for await (const dataset of client.datasets({ limit: 5 })) slugs.push((dataset satisfies DatasetSummary).slug);

const [largest] = unwrap(await client.api.GET("/v1/datasets", { params: { query: { sort: "-record_count", limit: 1 } } })).data;
const keys: string[] = [];
for await (const record of client.records(largest!.slug, { limit: 5, fields: "key" })) keys.push(String(record.key));

let error: { status: number; code: string; requestId: string } | undefined;
try {
  unwrap(await client.api.GET("/v1/datasets/{slug}", { params: { path: { slug: "no-such-dataset" } } }));
} catch (caught) {
  if (caught instanceof WebDataError) error = { status: caught.status, code: caught.code, requestId: caught.requestId };
}

// The types are the API's: a wrong parameter does not compile.
// @ts-expect-error \`destination\` is a string
void client.api.GET("/v1/travel/{platform}/hotels/search", { params: { path: { platform: "booking" }, query: { destination: 1 } } });

console.log(JSON.stringify({ hotels: hotels.data.hotels.length, currencies, datasets: slugs.length, keys, error }));
`;

const COMPILER_OPTIONS = { target: "ES2022", lib: ["ES2022", "DOM", "DOM.Iterable"], types: [], strict: true };

let project: string;
let secret: string;
let packed: { files: { path: string }[] };

beforeAll(async () => {
  ({ secret } = await createAccountKey(baseUrl, adminToken, { name: "e2e packed client", plan: "enterprise" }));
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

async function runConsumer(file: string) {
  const env = { ...process.env, WEBDATA_URL: baseUrl, WEBDATA_KEY: secret };
  const { stdout } = await run(process.execPath, [file], { cwd: project, env });
  return JSON.parse(stdout) as {
    hotels: number;
    currencies: string[];
    datasets: number;
    keys: string[];
    error: { status: number; code: string; requestId: string };
  };
}

function expectRealAnswers(answer: Awaited<ReturnType<typeof runConsumer>>, datasetCount: number) {
  expect(answer.hotels).toBeGreaterThan(0);
  expect(answer.currencies).toEqual(["USD"]);
  expect(answer.datasets).toBe(datasetCount);
  expect(answer.keys).toHaveLength(5);
  expect(new Set(answer.keys).size).toBe(5);
  for (const key of answer.keys) expect(key).not.toBe("undefined");
  expect(answer.error).toEqual({ status: 404, code: "not_found", requestId: expect.stringMatching(/^req_/) });
}

describe("the packed TypeScript client", () => {
  it("holds the built JavaScript and declarations, not the sources", async () => {
    const paths = packed.files.map((file) => file.path).sort();
    expect(paths).toEqual(["README.md", "dist/index.d.ts", "dist/index.js", "dist/schema.d.ts", "package.json"]);
    const manifest = JSON.parse(
      await readFile(join(project, "node_modules/@webdata-api/client/package.json"), "utf8"),
    ) as { exports: Record<string, Record<string, string>>; engines: { node: string } };
    expect(manifest.exports["."]).toEqual({
      types: "./dist/index.d.ts",
      import: "./dist/index.js",
      default: "./dist/index.js",
    });
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

  it("runs in Node, compiled by tsc, against the local stack", { timeout: 120_000 }, async () => {
    const datasets = (
      await (await fetch(`${baseUrl}/v1/datasets?limit=1`, { headers: { "X-API-KEY": secret } })).json()
    ).meta.pagination.total as number;
    expectRealAnswers(await runConsumer("out/consumer.js"), datasets);
  });

  it("runs bundled by esbuild, resolving the package through its exports", { timeout: 120_000 }, async () => {
    await run(ESBUILD, ["consumer.ts", "--bundle", "--format=esm", "--platform=neutral", "--outfile=bundle.mjs"], {
      cwd: project,
    });
    const bundle = await readFile(join(project, "bundle.mjs"), "utf8");
    expect(bundle).not.toMatch(/from\s+["']@webdata-api\/client["']/);
    const datasets = (
      await (await fetch(`${baseUrl}/v1/datasets?limit=1`, { headers: { "X-API-KEY": secret } })).json()
    ).meta.pagination.total as number;
    expectRealAnswers(await runConsumer("bundle.mjs"), datasets);
  });
});
