import type { Context } from "hono";

/** A text field of a parsed form body ("" when absent or a file). */
export async function formField(c: Context, name: string): Promise<string> {
  const value = (await c.req.parseBody())[name];
  return typeof value === "string" ? value : "";
}

// Deliberately loose: the address only has to be able to receive mail, and nothing is sent yet.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailProblem(email: string): string | null {
  if (!email) return "Enter your email address.";
  if (email.length > 254 || !EMAIL_PATTERN.test(email))
    return "That does not look like an email address (name@example.com).";
  return null;
}
