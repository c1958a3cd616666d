import type { PageContextServer } from "vike/types";
import { redirect, render } from "vike/abort";
import { guardRoute, localisePath, routes, type RouteAccess } from "../../core";

/**
 * SPEC §4's guard on a page for signed-in users (SPEC §6): anyone else signs in and comes back to
 * it (redirected). Answers whether the user is let in (allowed) or held back (blocked, on a page
 * for verified users), which the page shows in its own way.
 */
export function pageGuard(pageContext: PageContextServer, access: Exclude<RouteAccess, "public">): "allowed" | "blocked" {
  const settings = pageContext.globalContext.publicConfig.locale;
  const outcome = guardRoute(access, pageContext.sessionUser, {
    path: localisePath(pageContext.logicalPath, pageContext.locale, settings),
    loginPath: localisePath(routes.login.path(), pageContext.locale, settings),
  });
  if (outcome.outcome === "redirected") throw redirect(outcome.to);
  return outcome.outcome;
}

/** A page for signed-in users only: a Vike guard, for a page that has no blocked view of its own. */
export function signedInGuard(pageContext: PageContextServer): void {
  if (pageGuard(pageContext, "signed-in") === "blocked") throw render(403);
}
