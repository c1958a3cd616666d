import { describe, expect, it } from "vitest";
import { openDatabase } from "../../../../../adapters/embedded/database/open-database";
import { createSqliteSpentTokens } from "../../../../../adapters/embedded/identity/sqlite-spent-tokens.adapter";
import { createSqliteUserProfiles } from "../../../../../adapters/embedded/user-profile/sqlite-user-profile.adapter";
import { createAccountMails, newUserProfile, PASSWORD_CHANGE_NOTICE_WINDOW_MS, type AccountActionCodesPort, type MailMessage } from "../../../../../core";

const NOW = new Date("2026-12-02T10:00:00Z");
const USER = { uid: "uid-ana", email: "ana@example.com" };

/** The service over real SQLite ports, with the provider's account record as a value the test moves. */
async function accountMails(validSince: Date | null) {
  const db = openDatabase(":memory:");
  const userProfiles = createSqliteUserProfiles(db);
  await userProfiles.upsert(newUserProfile(USER.uid, { name: "Ana", surname: "Puig", preferredLanguage: "val", privacyPolicy: true }, NOW.toISOString()));
  const mails: MailMessage[] = [];
  const provider = { validSince };
  const codes: AccountActionCodesPort = {
    register: () => Promise.reject(new Error("not used")),
    passwordResetCode: () => Promise.resolve(null),
    verificationCode: () => Promise.reject(new Error("not used")),
    signInsValidSince: async (uid) => (uid === USER.uid ? provider.validSince : null),
  };
  const service = createAccountMails(
    { codes, userProfiles, mail: { send: async (message) => `mail-${mails.push(message)}` }, toldChanges: createSqliteSpentTokens(db) },
    {
      links: { verifyEmail: () => "", resetPassword: () => "", signIn: () => "", forgotPassword: (locale) => `https://arena.example/${locale}/forgot-password/` },
      mayTellOwner: async () => true,
      defaultLocale: "es",
    },
  );
  return { service, mails, provider };
}

describe("the password-changed mail of a provider whose browser changes the password (Firebase; issue 49 item 17)", () => {
  it("tells the owner once, in the account's language, when the provider's record says the sign-ins moved a moment ago", async () => {
    const { service, mails } = await accountMails(new Date(NOW.getTime() - 2_000));
    await service.tellPasswordChanged(USER, NOW);
    await service.tellPasswordChanged(USER, new Date(NOW.getTime() + 1_000));
    expect(mails).toEqual([{ to: USER.email, locale: "val", template: "passwordChanged", params: { link: "https://arena.example/val/forgot-password/" } }]);
  });

  it("tells nothing for a change outside the window, or for an account the provider does not know", async () => {
    const old = await accountMails(new Date(NOW.getTime() - PASSWORD_CHANGE_NOTICE_WINDOW_MS - 1));
    await old.service.tellPasswordChanged(USER, NOW);
    expect(old.mails).toEqual([]);
    const unknown = await accountMails(null);
    await unknown.service.tellPasswordChanged(USER, NOW);
    expect(unknown.mails).toEqual([]);
  });

  it("tells the owner again for a later change", async () => {
    const { service, mails, provider } = await accountMails(new Date(NOW.getTime() - 1_000));
    await service.tellPasswordChanged(USER, NOW);
    provider.validSince = new Date(NOW.getTime() + 60_000);
    await service.tellPasswordChanged(USER, new Date(NOW.getTime() + 61_000));
    expect(mails).toHaveLength(2);
  });
});
