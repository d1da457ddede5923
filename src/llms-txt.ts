// /llms.txt and /llms-full.txt (the llmstxt.org convention): a plain-text map of the API for
// agents, written from the OpenAPI document the routes generate, so a new or changed route shows
// up here without anyone editing this file.
import { SCOPES } from "./scopes";

type Schema = { [key: string]: unknown };

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  "x-access"?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema; example?: unknown }> };
  responses?: Record<string, { content?: Record<string, { example?: unknown }> }>;
}

export interface LlmsDocument {
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, unknown> | undefined>;
  components?: { schemas?: Record<string, unknown> };
}

interface Entry {
  method: string;
  path: string;
  operation: Operation;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

function entriesOf(doc: LlmsDocument): Entry[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item?.[method]).map((method) => ({
      method: method.toUpperCase(),
      path,
      operation: item![method] as Operation,
    })),
  );
}

function accessText(access = "public"): string {
  if (access === "public") return "public, no key";
  if (access === "admin") return "operator only (X-Admin-Token)";
  if (access === "key") return "any API key";
  return `API key with the \`${access.slice("key:".length)}\` scope`;
}

const exampleOf = (parameter: Parameter) => parameter.schema?.example ?? parameter.schema?.default;

/** One call of the route: path parameters and the required query (or, with none required, the first) from the document's examples. */
function exampleCall(base: string, { method, path, operation }: Entry): string {
  const parameters = operation.parameters ?? [];
  let concrete = path;
  for (const p of parameters.filter((p) => p.in === "path")) {
    // Commas stay as they are: `booking,expedia` reads better than `booking%2Cexpedia` and means the same in a path.
    const value = encodeURIComponent(String(exampleOf(p) ?? p.name)).replaceAll("%2C", ",");
    concrete = concrete.replace(`{${p.name}}`, value);
  }
  const query = parameters.filter((p) => p.in === "query" && exampleOf(p) !== undefined);
  const chosen = query.some((p) => p.required) ? query.filter((p) => p.required) : query.slice(0, 1);
  const search = new URLSearchParams(chosen.map((p) => [p.name, String(exampleOf(p))])).toString();
  const url = `${base}${concrete}${search ? `?${search}` : ""}`;
  const access = operation["x-access"] ?? "public";
  const auth =
    access === "public" ? "" : access === "admin" ? '-H "X-Admin-Token: $ADMIN_TOKEN" ' : '-H "X-API-KEY: $KEY" ';
  const body = operation.requestBody?.content?.["application/json"]?.example;
  const data = body === undefined ? "" : `-H "Content-Type: application/json" -d '${JSON.stringify(body)}' `;
  const verb = method === "GET" || (method === "POST" && data) ? "" : `-X ${method} `;
  return `curl ${verb}${auth}${data}"${url}"`;
}

function sections(doc: LlmsDocument): { title: string; entries: Entry[] }[] {
  const entries = entriesOf(doc);
  const names = [...(doc.tags ?? []).map((t) => t.name), ...entries.flatMap((e) => e.operation.tags ?? [])];
  return [...new Set(names)]
    .map((name) => {
      const description = doc.tags?.find((t) => t.name === name)?.description;
      return {
        title: description ? `${name}: ${description}` : name,
        entries: entries.filter((e) => (e.operation.tags?.[0] ?? "other") === name),
      };
    })
    .concat([{ title: "other", entries: entries.filter((e) => !e.operation.tags?.length) }])
    .filter((s) => s.entries.length > 0);
}

function preamble(doc: LlmsDocument, base: string): string[] {
  // Every scope a key can hold, whether or not the document at hand lists a route needing it.
  const scopes = SCOPES;
  return [
    `# ${doc.info.title}`,
    "",
    `> ${doc.info.description ?? ""}`,
    "",
    `Version ${doc.info.version}. Base URL ${base}. OpenAPI document: ${base}/v1/openapi.json; reference: ${base}/docs; ` +
      `MCP server (Streamable HTTP): ${base}/mcp; every route with its parameters: ${base}/llms-full.txt.`,
    "",
    "## Auth",
    "",
    "- Send an API key as `X-API-KEY: <key>` or `Authorization: Bearer <key>`; never in the query string.",
    `- Each route needs one scope: ${scopes.map((s) => `\`${s}\``).join(", ")}. A missing scope is 403 \`forbidden\`, a missing or unknown key 401 \`unauthorized\`.`,
    "",
    "## Limits",
    "",
    "- Every account has a per-minute limit and a monthly volume, shared by all its keys; `GET /v1/usage` shows both.",
    "- Answers carry `RateLimit-Policy`, `RateLimit` and `X-RateLimit-Limit/Remaining/Reset`; a 429 (`rate_limited` or `quota_exceeded`) carries `Retry-After` in seconds. A 503 `unavailable` also says `Retry-After`.",
    "",
    "## Answers",
    "",
    '- JSON envelope: `{"status":"success","data":…,"meta":{"request_id":…}}` or `{"status":"error","error":{"code","message","details":[{"parameter","message"}]},"meta":…}`.',
    "- Lists also come as CSV with `format=csv`; unknown parameters are refused (400 naming them).",
    "",
  ];
}

/** The short map: every route with its access and one example call. */
export function llmsTxt(doc: LlmsDocument, base: string): string {
  const lines = preamble(doc, base);
  for (const section of sections(doc)) {
    lines.push(`## ${section.title}`, "");
    for (const entry of section.entries) {
      lines.push(
        `- ${entry.method} ${entry.path}: ${entry.operation.summary ?? ""} (${accessText(entry.operation["x-access"])}). ` +
          `Example: \`${exampleCall(base, entry)}\``,
      );
    }
    lines.push("");
  }
  return lines.join("\n");
}

function parameterLine(p: Parameter): string {
  const schema = p.schema ?? {};
  const type = Array.isArray(schema.enum)
    ? `one of ${(schema.enum as unknown[]).map(String).join(" | ")}`
    : String(schema.type ?? "string");
  const facts = [p.in, type, p.required ? "required" : "optional"];
  if (schema.default !== undefined) facts.push(`default ${JSON.stringify(schema.default)}`);
  const example = exampleOf(p);
  return `- \`${p.name}\` (${facts.join(", ")})${p.description ? `: ${p.description}` : ""}${
    example === undefined ? "" : ` Example: ${JSON.stringify(example)}.`
  }`;
}

/** Everything llms.txt has, plus each route's description, parameters, body and example answer. */
export function llmsFullTxt(doc: LlmsDocument, base: string): string {
  const lines = preamble(doc, base);
  for (const section of sections(doc)) {
    lines.push(`## ${section.title}`, "");
    for (const entry of section.entries) {
      const { operation } = entry;
      lines.push(`### ${entry.method} ${entry.path}: ${operation.summary ?? ""}`, "");
      if (operation.description) lines.push(operation.description, "");
      lines.push(`Access: ${accessText(operation["x-access"])}.`, "");
      for (const p of operation.parameters ?? []) lines.push(parameterLine(p));
      const body = operation.requestBody?.content?.["application/json"];
      if (body?.example !== undefined) lines.push(`- JSON body, for example: \`${JSON.stringify(body.example)}\``);
      lines.push("", "Example:", "", "```sh", exampleCall(base, entry), "```", "");
      const status = Object.keys(operation.responses ?? {}).find((code) => /^2\d\d$/.test(code));
      const answer = status ? operation.responses?.[status]?.content?.["application/json"]?.example : undefined;
      if (answer !== undefined) lines.push("Answer:", "", "```json", JSON.stringify(answer, null, 1), "```", "");
    }
  }
  return lines.join("\n");
}
