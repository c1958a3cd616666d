import type { UserProfile } from "../../ports/user-profile.port";
import type { NewProfilePayload } from "./account.schema";
import { CONSENT_TEXT_VERSIONS } from "./consent.settings";

/** The name the identity provider shows for the account: name and surname together. */
export function displayNameOf(name: string, surname: string): string {
  return `${name.trim()} ${surname.trim()}`;
}

/**
 * The profile stored right after sign-up, whichever way the form came (the API, a plain post):
 * what the registration form asked for, and the privacy consent with the text version agreed to.
 */
export function newUserProfile(uid: string, payload: NewProfilePayload, at: string): UserProfile {
  return {
    uid,
    name: payload.name,
    surname: payload.surname,
    phone: null,
    birthdate: null,
    address: null,
    preferredLanguage: payload.preferredLanguage,
    consents: { privacyPolicy: { acceptedAt: at, textVersion: CONSENT_TEXT_VERSIONS.privacyPolicy } },
    updatedAt: at,
  };
}
