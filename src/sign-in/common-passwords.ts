/**
 * Refusing passwords that attackers try first. The list is zxcvbn-ts's maintained "passwords-common"
 * dictionary (about 49,000 entries, lower-case, most common first). The package decompresses it
 * when imported (some 40 ms), so it is loaded on the first sign-up, not when the Worker starts.
 */
let commonPasswords: Promise<Set<string>> | undefined;

const loadCommonPasswords = () =>
  (commonPasswords ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set(dictionary["passwords-common"]),
  ));

/** Whether the password, in any letter case, is on the common-password list. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}

/** The sign-up form's sentence for a common password; null when the password is not on the list. */
export async function commonPasswordProblem(password: string): Promise<string | null> {
  if (!(await isCommonPassword(password))) return null;
  return "This password is on a list of the most common passwords, which attackers try first: choose another.";
}
