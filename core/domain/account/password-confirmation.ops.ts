/** SPEC §5: a repeated password must match the password ('Passwords do not match'). */
export const PASSWORD_MISMATCH_MESSAGE = "validation.password.mismatch";

/** The message for a password confirmation that differs from the password, however little. */
export function passwordConfirmationIssue(password: string, confirmation: string): string | undefined {
  return password === confirmation ? undefined : PASSWORD_MISMATCH_MESSAGE;
}
