/**
 * The address a sign-in link was asked for, kept by the browser that asked, so that its landing
 * page there need not ask for it again (another browser or device types it: a link alone signs
 * nobody in).
 */
const KEY = "arena.signInLinkAddress";

export function rememberSignInLinkAddress(email: string): void {
  try {
    window.localStorage.setItem(KEY, email);
  } catch {
    // Storage refused (private mode, quota): the landing page asks for the address.
  }
}

export function rememberedSignInLinkAddress(): string {
  try {
    return window.localStorage.getItem(KEY) ?? "";
  } catch {
    return "";
  }
}

export function forgetSignInLinkAddress(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
