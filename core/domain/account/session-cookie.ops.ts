import { readCookie } from "../locale/locale.ops";
import { HOST_SESSION_COOKIE, SESSION_COOKIE, type RequestSessionVerifier, type SessionUser, type SessionVerifier } from "../../ports/session.port";

/** The session cookie's name: `__Host-` where the cookie is Secure, the plain name where it cannot be. */
export function sessionCookieName(secure: boolean): string {
  return secure ? HOST_SESSION_COOKIE : SESSION_COOKIE;
}

/**
 * A request's user from the session cookie alone, for providers with nothing to bind it to in the
 * request (Firebase keeps its sign-in in the browser's storage): only the `__Host-` name guards it.
 * Where cookies are Secure, a cookie under the plain name is never read: anyone may set that one.
 */
export function cookieSessionVerifier(verifier: SessionVerifier, { secure }: { readonly secure: boolean }): RequestSessionVerifier {
  const name = sessionCookieName(secure);
  return {
    async userOf(cookieHeader) {
      const credential = readCookie(cookieHeader, name);
      return credential ? verifier.verify(credential) : null;
    },
  };
}

/**
 * The signed-in hint cookie's value for a session's user: a digest of what the session holds of
 * them (uid, address, verification, name). The page's script compares it with its provider's
 * user, so that a page opened on a session already its user's posts no ID token (SPEC §7: only
 * when the signed-in user changes). A change detector, never trusted by the server, so a fast
 * non-cryptographic hash (cyrb53, 53 bits) does.
 */
export function signedInHintOf(user: SessionUser): string {
  const text = JSON.stringify([user.uid, user.email, user.emailVerified, user.displayName]);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * Whether the server's session, as the hint cookie tells it, is already `user`'s as the provider
 * knows them now (for no user: whether there is no session): a page then trades no ID token.
 */
export function sessionIsOf(hint: string | undefined, user: SessionUser | null): boolean {
  return user === null ? !hint : hint === signedInHintOf(user);
}
