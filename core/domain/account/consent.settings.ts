import type { ConsentKind } from "../../ports/user-profile.port";

/**
 * The version of each consent's text in force: a consent records the version the person
 * accepted, so changing a text means a new version here (and asking again where the law needs it).
 */
export const CONSENT_TEXT_VERSIONS: Readonly<Record<ConsentKind, string>> = {
  privacyPolicy: "2026-01",
  communication: "2026-01",
  marketing: "2026-01",
};
