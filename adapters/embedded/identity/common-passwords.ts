import { dictionary } from "@zxcvbn-ts/language-common";

// zxcvbn-ts's list of the ≈ 49,000 most common passwords (lower case), loaded once per process.
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary["passwords-common"]);

/** Whether a password is one that attackers try first ('123456', 'qwerty', 'valencia'…). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
