import type { UserProfile } from "../../ports/user-profile.port";
import type { LocaleCode } from "../locale/locale.settings";

/**
 * The language of a mail to an account's address (issue 49 item 16): the language the account
 * chose for its mails, whatever page the request came from; the page's when it has no profile.
 */
export function accountMailLocale(profile: Pick<UserProfile, "preferredLanguage"> | null, pageLocale: LocaleCode): LocaleCode {
  return profile?.preferredLanguage ?? pageLocale;
}
