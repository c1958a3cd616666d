import { readCookie } from "../locale/locale.ops";
import { HOST_SESSION_COOKIE, SESSION_COOKIE, type RequestSessionVerifier, type SessionVerifier } from "../../ports/session.port";

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
