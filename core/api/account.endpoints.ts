import type { UserProfile } from "../ports/user-profile.port";
import { endpoint } from "./endpoint";

/** The signed-in user's own record (SPEC §6), scoped by the session's uid whatever the body says. */
export const base = "/api/account";

interface ProfileAnswer {
  readonly profile: UserProfile;
}

/** The profile, or null before it exists (not a 404, which the browser's console would report). */
export const profile = /* @__PURE__ */ endpoint<{ readonly profile: UserProfile | null }>()({ method: "GET", path: "/api/account/profile" });

/** Creates it after sign-up, with the privacy consent: 201, or 409 if it exists. */
export const createProfile = /* @__PURE__ */ endpoint<ProfileAnswer>()({
  method: "POST",
  path: "/api/account/profile",
  body: () => import("../domain/account/account.schema").then((schemas) => schemas.NewProfilePayload),
});

/** Updates it, keeping the consents (verified users only). */
export const updateProfile = /* @__PURE__ */ endpoint<ProfileAnswer>()({
  method: "PUT",
  path: "/api/account/profile",
  body: () => import("../domain/account/account.schema").then((schemas) => schemas.ProfileUpdatePayload),
});

/** The language preference alone (pending users too: mails go out in it); 404 before the profile exists. */
export const updateLanguage = /* @__PURE__ */ endpoint<ProfileAnswer>()({
  method: "PATCH",
  path: "/api/account/profile",
  body: () => import("../domain/account/account.schema").then((schemas) => schemas.LanguagePreferencePayload),
});

/** 'Download my data': everything kept about the user, as a JSON attachment (a link, authenticated by the session cookie). */
export const dataExport = /* @__PURE__ */ endpoint<unknown>()({ method: "GET", path: "/api/account/export" });
