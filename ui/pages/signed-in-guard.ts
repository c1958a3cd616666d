import type { PageContextServer } from "vike/types";
import { redirect, render } from "vike/abort";
import { guardRoute, localisePath, routes } from "../../core";

/** A page for signed-in users only (SPEC §6): anyone else signs in and comes back to it. */
export function signedInGuard(pageContext: PageContextServer): void {
  const settings = pageContext.globalContext.publicConfig.locale;
  const outcome = guardRoute("signed-in", pageContext.sessionUser, {
    path: localisePath(pageContext.logicalPath, pageContext.locale, settings),
    loginPath: localisePath(routes.login.path(), pageContext.locale, settings),
  });
  if (outcome.outcome === "redirected") throw redirect(outcome.to);
  if (outcome.outcome === "blocked") throw render(outcome.status);
}
