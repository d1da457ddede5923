// The playground's request as code to copy. The secret is never known to the dashboard, so each
// snippet reads it from the environment variable WEBDATA_API_KEY.

const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

export interface Snippets {
  curl: string;
  javascript: string;
  python: string;
}

export function requestSnippets(origin: string, pathAndQuery: string): Snippets {
  const url = new URL(pathAndQuery, origin);
  const base = `${url.origin}${url.pathname}`;
  const params = [...url.searchParams];
  const pythonParams =
    params.length === 0
      ? ""
      : `,\n    params={\n${params.map(([k, v]) => `        ${JSON.stringify(k)}: ${JSON.stringify(v)},`).join("\n")}\n    }`;
  return {
    curl: `curl -H "X-API-KEY: $WEBDATA_API_KEY" ${shellQuote(url.toString())}`,
    javascript: [
      `const response = await fetch(${JSON.stringify(url.toString())}, {`,
      `  headers: { "X-API-KEY": process.env.WEBDATA_API_KEY },`,
      "});",
      "const body = await response.json();",
      'console.log(response.status, response.headers.get("RateLimit"), body);',
    ].join("\n"),
    python: [
      "import os",
      "import requests",
      "",
      "response = requests.get(",
      `    ${JSON.stringify(base)},`,
      `    headers={"X-API-KEY": os.environ["WEBDATA_API_KEY"]}${pythonParams},`,
      "    timeout=60,",
      ")",
      'print(response.status_code, response.headers.get("RateLimit"), response.json())',
    ].join("\n"),
  };
}
