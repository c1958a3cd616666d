import { Hono } from "hono";
import { localeFromLanguageTag, localisePath, routes, type LocaleCode, type LocaleSettings } from "../../../core";

export interface AuthActionRouteOptions {
  readonly locale: LocaleSettings;
}

/** Firebase's modes that have a page here; the pages read Firebase's code as their own `code`. */
const PAGES = {
  verifyEmail: (code: string) => routes.verifyEmail.path({ code }),
  resetPassword: (code: string) => routes.resetPassword.path({ code }),
  signIn: (code: string) => routes.login.path({ code }),
} as const;

/**
 * Firebase's mails link to one action URL for every kind of link
 * (`?mode=verifyEmail|resetPassword|signIn&oobCode=…&lang=…`); set it to `https://<site>/auth/action` in
 * the Firebase console and this sends each link to the site's own page, in the mail's language
 * (`lang`, Valencian being `ca`). Anything else goes to the home page: a mangled link is not an error page.
 */
export function authActionRoute(options: AuthActionRouteOptions): Hono {
  const app = new Hono();
  app.get("/", (c) => {
    const mode = c.req.query("mode");
    const oobCode = c.req.query("oobCode") ?? "";
    const locale: LocaleCode = localeFromLanguageTag(c.req.query("lang") ?? "") ?? options.locale.defaultLocale;
    const page = mode === "verifyEmail" || mode === "resetPassword" || mode === "signIn" ? PAGES[mode] : undefined;
    const path = page && /^[A-Za-z0-9_-]{1,2048}$/.test(oobCode) ? page(oobCode) : "/";
    return c.redirect(localisePath(path, locale, options.locale), 302);
  });
  return app;
}
