// What a new password must be (issue 22, decision 023): at least 12 characters
// (the contract's schema says so to the screen too) and not one of the common
// passwords of @zxcvbn-ts/language-common (about 49,000 from real leaks,
// shipped in npm, no network). Checked on the server only: the list stays out
// of the browser bundle, and is loaded on the first check, not at start.
import { PASSWORD_MIN_LENGTH } from "#contract/auth.ts";

export const PASSWORD_POLICY_MESSAGES = {
  tooShort: `密碼至少需要 ${PASSWORD_MIN_LENGTH} 個字元`,
  common: "這個密碼太常見，很容易被猜中，請改用其他密碼",
} as const;

let common: Promise<Set<string>> | undefined;
const commonPasswords = (): Promise<Set<string>> =>
  (common ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => new Set(dictionary["passwords-common"])));

/** The list is lower case; "Password1234" is as guessable as "password1234". */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.normalize("NFKC").toLowerCase());
}

/** The first rule the password breaks, in words for the person, or null. */
export async function passwordProblem(password: string): Promise<string | null> {
  if ([...password].length < PASSWORD_MIN_LENGTH) return PASSWORD_POLICY_MESSAGES.tooShort;
  if (await isCommonPassword(password)) return PASSWORD_POLICY_MESSAGES.common;
  return null;
}
