/** CI sets CI (to "true", usually): there a test's missing emulator fails the run instead of skipping. */
export const inCi = (): boolean => !["", "0", "false"].includes((process.env.CI ?? "").toLowerCase());
