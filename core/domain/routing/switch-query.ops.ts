import { pageStateQuery } from "./page-query.ops";
import { routes } from "./routes";

/**
 * The query a personal link's page needs to keep working in another language: the mailed code or
 * token (Firebase names its code `oobCode`). Those pages are rendered per visit, never shared, so
 * their links may carry it; every other page keeps its page state only.
 */
const LINK_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  [routes.verifyEmail.path()]: ["code", "oobCode"],
  [routes.resetPassword.path()]: ["code", "oobCode"],
  [routes.login.path()]: ["code", "oobCode"],
  [routes.newsletterConfirm.path()]: ["token"],
  [routes.newsletterUnsubscribe.path()]: ["token"],
  [routes.ticketCheck.path()]: ["t"],
};

/** The query the language switcher's links keep for the page at `logicalPath`. */
export function languageSwitchQuery(logicalPath: string, search: Readonly<Record<string, string>>): string {
  const kept = LINK_PARAMETERS[logicalPath];
  if (!kept) return pageStateQuery(search);
  const query = new URLSearchParams();
  for (const name of kept) if (Object.hasOwn(search, name) && search[name]) query.set(name, search[name]);
  const text = query.toString();
  return text ? `?${text}` : "";
}
