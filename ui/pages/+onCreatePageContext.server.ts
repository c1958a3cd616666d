import type { PageContextServer } from "vike/types";
import { SESSION_COOKIE, readCookie } from "../../core";

/** Resolves the request's session once; guards and data read `pageContext.sessionUser`. */
export async function onCreatePageContext(pageContext: PageContextServer) {
  const credential = readCookie(pageContext.headers?.cookie, SESSION_COOKIE);
  pageContext.sessionUser = credential ? await pageContext.globalContext.services.sessions.verify(credential) : null;
}
