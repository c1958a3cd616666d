import type { PageContextServer } from "vike/types";
import { redirect, render } from "vike/abort";
import { guardRoute, localisePath, routes } from "../../../../core";

/** Only signed-in users reach the dashboard (SPEC §6); anyone else goes to sign in and comes back. */
export function guard(pageContext: PageContextServer) {
  const settings = pageContext.globalContext.publicConfig.locale;
  const outcome = guardRoute("signed-in", pageContext.sessionUser, {
    path: localisePath(pageContext.logicalPath, pageContext.locale, settings),
    loginPath: localisePath(routes.login.path(), pageContext.locale, settings),
  });
  if (outcome.outcome === "redirected") throw redirect(outcome.to);
  if (outcome.outcome === "blocked") throw render(outcome.status);
}
