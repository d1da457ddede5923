// A minimal browser for the dashboard's Workers tests: cookies, same-origin form posts, the CSRF field.
import { expect } from "vitest";
import { call } from "./helpers";

export const ORIGIN = "http://api.test";
let visitors = 0;

/** A minimal browser: keeps cookies, sends same-origin form posts, reads the CSRF field from pages. */
export class Visitor {
  /** Each visitor comes from its own address, so per-IP sign-up and sign-in limits stay apart. */
  ip = `192.0.2.${++visitors}`;
  cookies = new Map<string, string>();
  csrf = "";
  lastSetCookie: string[] = [];

  async get(path: string) {
    const response = await call(path, { headers: this.cookieHeader(), redirect: "manual" });
    return this.read(response);
  }

  /** A form post; a list is sent as one field per value, as checkboxes are. */
  async post(path: string, fields: Record<string, string | string[]>, { withToken = true, origin = ORIGIN } = {}) {
    const all = withToken ? { csrf: this.csrf, ...fields } : fields;
    const body = new URLSearchParams(
      Object.entries(all).flatMap(([name, value]) => [value].flat().map((one) => [name, one])),
    );
    const response = await call(path, {
      method: "POST",
      body,
      headers: { ...this.cookieHeader(), Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    return this.read(response);
  }

  private cookieHeader(): Record<string, string> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    return { "CF-Connecting-IP": this.ip, ...(cookie ? { Cookie: cookie } : {}) };
  }

  private async read(response: Response) {
    this.lastSetCookie = response.headers.getSetCookie();
    for (const line of this.lastSetCookie) {
      const [pair] = line.split(";");
      const [name, value] = pair!.split("=");
      if (/Max-Age=0/i.test(line)) this.cookies.delete(name!);
      else this.cookies.set(name!, value!);
    }
    const html = await response.text();
    const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
    if (token) this.csrf = token;
    return { status: response.status, location: response.headers.get("Location"), headers: response.headers, html };
  }
}

export const PASSWORD = "correct horse 42";
let counter = 0;
export const uniqueEmail = () => `user${Date.now()}-${++counter}@example.com`;

/** The key whose secret a page shows once. */
export function revealedKey(html: string) {
  const keyId = /id="secret-value" data-key-id="([^"]+)"/.exec(html)![1]!;
  const secret = /id="secret-value" data-key-id="[^"]+">(wdk_[^<]+)</.exec(html)![1]!;
  return { keyId, secret };
}

/** A new account, signed in; sign-up answers with its first key, shown once. */
export async function signedUp(email = uniqueEmail()) {
  const visitor = new Visitor();
  await visitor.get("/dashboard/signup");
  const answer = await visitor.post("/dashboard/signup", { email, password: PASSWORD });
  expect(answer.status).toBe(200);
  return { visitor, email, firstKey: revealedKey(answer.html) };
}

/** Every scope but `keys:write`, as the create form ticks them at first. */
export const DEFAULT_SCOPES = [
  "catalogue:read",
  "products:read",
  "travel:read",
  "events:write",
  "jobs:write",
  "datasets:write",
];

export async function createdKey(visitor: Visitor, name = "ci", scopes = DEFAULT_SCOPES) {
  const page = await visitor.post("/dashboard/keys", { name, scopes });
  expect(page.status).toBe(200);
  return revealedKey(page.html);
}
