// The curl commands a text shows its reader (fenced shell blocks, with `\` continuations, and inline
// code spans), read into requests. Hand-written: the handful of curl flags the docs use, and no shell
// library reads a command without running it.

export interface DocCurl {
  /** Where the command is written: `docs/travel.md:8`. */
  source: string;
  /** The command as written (continuations joined). */
  command: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** Shell words of one command: single and double quotes, an unquoted `#` starting a comment, `>` redirection dropped. */
function shellWords(command: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < command.length; i++) {
    const char = command[i]!;
    if (quote) {
      if (char === quote) quote = null;
      else word = (word ?? "") + char;
    } else if (char === "'" || char === '"') {
      quote = char;
      word ??= "";
    } else if (/\s/.test(char)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (char === "#" && word === null) {
      break;
    } else {
      word = (word ?? "") + char;
    }
  }
  if (word !== null) words.push(word);
  const redirect = words.indexOf(">");
  return redirect === -1 ? words : words.slice(0, redirect);
}

/** One curl command as a request; null for a line that only mentions curl. */
export function parseCurl(command: string, source: string): DocCurl | null {
  const words = shellWords(command);
  if (words[0] !== "curl") return null;
  const headers: Record<string, string> = {};
  let method: string | undefined;
  let body: string | undefined;
  let url: string | undefined;
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (word === "-H" || word === "--header") {
      const [name, ...value] = words[++i]!.split(":");
      headers[name!.trim()] = value.join(":").trim();
    } else if (word === "-X" || word === "--request") method = words[++i];
    else if (word === "-d" || word === "--data") body = words[++i];
    else if (word.startsWith("-")) throw new Error(`${source}: curl flag ${word} is not understood here`);
    else url = word;
  }
  if (!url) return null;
  return { source, command, method: method ?? (body === undefined ? "GET" : "POST"), url, headers, body };
}

/** Every curl command of a Markdown (or plain) text: in shell code blocks and in inline code spans. */
export function curlsIn(text: string, file: string): DocCurl[] {
  const found: DocCurl[] = [];
  const lines = text.split("\n");
  let fence = false;
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!;
    if (/^\s*```/.test(line)) {
      fence = !fence;
      continue;
    }
    if (fence) {
      if (!/^\s*curl\s/.test(line)) continue;
      let command = line;
      const start = n;
      while (/\\\s*$/.test(command) && n + 1 < lines.length) command = command.replace(/\\\s*$/, " ") + lines[++n];
      const curl = parseCurl(command.trim(), `${file}:${start + 1}`);
      if (curl) found.push(curl);
    } else {
      for (const [, span] of line.matchAll(/`(curl\s[^`]+)`/g)) {
        const curl = parseCurl(span!, `${file}:${n + 1}`);
        if (curl) found.push(curl);
      }
    }
  }
  return found;
}

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: { example?: unknown; default?: unknown };
  example?: unknown;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
}

const exampleOf = (parameter: OpenApiParameter) =>
  parameter.example ?? parameter.schema?.example ?? parameter.schema?.default;

/**
 * Each operation's example call, as /llms.txt prints it: path parameters and the required query
 * parameters from their examples (with none required, the first query parameter that has one), the
 * example body, and the key or admin token its access needs, as the docs write them ($KEY, $ADMIN_TOKEN).
 */
export function openApiExamples(document: { paths: Record<string, Record<string, unknown>> }, file: string) {
  const curls: DocCurl[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ["get", "post", "put", "patch", "delete"]) {
      const operation = item[method] as (OpenApiOperation & { "x-access"?: string }) | undefined;
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      let concrete = path;
      for (const parameter of parameters.filter((p) => p.in === "path"))
        concrete = concrete.replace(`{${parameter.name}}`, encodeURIComponent(String(exampleOf(parameter))));
      const query = parameters.filter((p) => p.in === "query" && exampleOf(p) !== undefined);
      const chosen = query.some((p) => p.required) ? query.filter((p) => p.required) : query.slice(0, 1);
      const search = new URLSearchParams(chosen.map((p) => [p.name, String(exampleOf(p))])).toString();
      const access = operation["x-access"] ?? "public";
      const headers: Record<string, string> =
        access === "public" ? {} : access === "admin" ? { "X-Admin-Token": "$ADMIN_TOKEN" } : { "X-API-KEY": "$KEY" };
      const example = operation.requestBody?.content?.["application/json"]?.example;
      if (example !== undefined) headers["Content-Type"] = "application/json";
      curls.push({
        source: `${file} ${method.toUpperCase()} ${path}`,
        command: "",
        method: method.toUpperCase(),
        url: `http://127.0.0.1:8787${concrete}${search ? `?${search}` : ""}`,
        headers,
        body: example === undefined ? undefined : JSON.stringify(example),
      });
    }
  }
  return curls;
}
