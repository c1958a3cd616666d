import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountErrorOf, type AccountErrorKey, type AccountUser, type IdentityPort, type LocaleCode, type SessionUser, type UserProfile } from "../../core";

/*
 * The identity port's contract (core/ports/identity.port.ts), checked through the port only, on
 * the pattern of content.contract.ts. A runner supplies the provider: the local identity server
 * (local-identity.contract.test.ts) or Firebase's Auth emulator (firebase-identity.contract.test.ts).
 * What the port cannot do itself — read the mails the provider sends, check an ID token on the
 * server, see the session cookie server rendering reads, let time pass — the fixture offers; what
 * a provider cannot show on a test machine (the emulator never asks for a recent sign-in) its
 * fixture declares, with the reason, instead of the suite asking less of every provider.
 * Provider-specific behaviour (rate limits, the common-password list) stays in each adapter's own
 * tests.
 */

export interface IdentityBrowser {
  readonly identity: IdentityPort;
  /** The user server rendering sees from this browser's `__session` cookie, or null. */
  serverSession(): Promise<SessionUser | null>;
  /**
   * The same browser's next page: a new adapter on this one's cookies and the provider's kept
   * sign-in; `withoutSessionCookies`: once the session cookie and its hint have expired.
   */
  nextPage(options?: { readonly withoutSessionCookies?: boolean }): Promise<IdentityBrowser>;
  /** How many times this browser (all its pages) has posted to `/api/__session`. */
  sessionPosts(): number;
}

export interface IdentityFixture {
  /** A browser nobody has signed in to yet, with cookies and storage of its own. */
  browser(): IdentityBrowser;
  /** The code of the last verification mail sent to `email`, once it has been sent. */
  verificationCode(email: string): Promise<string>;
  /** The code of the last password-reset mail sent to `email`, once it has been sent. */
  resetCode(email: string): Promise<string>;
  /**
   * The mails of `template` sent to `email` so far, each in its language, waiting a little for
   * `atLeast` of them (default none).
   */
  mailsTo(email: string, template: "verifyEmail" | "resetPassword" | "registrationAttempt" | "passwordChanged", atLeast?: number): Promise<readonly { readonly locale: LocaleCode }[]>;
  /** The site's profile of a user, as registration stored it. */
  profile(uid: string): Promise<UserProfile | null>;
  /** The code of the last sign-in link mailed to `email`; undefined when the provider mails none to it. */
  signInLinkCode(email: string): Promise<string | undefined>;
  /** The server's check of an ID token. */
  verifyIdToken(token: string): Promise<SessionUser | null>;
  /**
   * Deletion needs a recent sign-in (requires-recent-login): how the runner makes every sign-in so
   * far an old one, or why its provider cannot show it (Firebase's Auth emulator never asks).
   */
  readonly recentSignIn: { readonly ageSignIns: () => Promise<void> } | { readonly unsupported: string };
  /** The uids whose data the site's server has forgotten after their deletion (profile, orders). */
  forgotten(): readonly string[];
  /** Lets the provider's clock move on where revocation compares whole seconds (Firebase). */
  readonly pause?: () => Promise<void>;
  close(): Promise<void>;
}

export interface ContractOptions {
  /** Why this runner cannot run here; printed, and the suite is skipped. */
  readonly skip?: string;
}

const PASSWORD = "Túria-arena-2031";
const NEW_PASSWORD = "Albufera-sunset-77";

let accounts = 0;
/** A new address for each account, so that tests share no user. */
const newEmail = (label: string) => `${label}-${Date.now().toString(36)}-${++accounts}@arena.example`;

async function failure(operation: Promise<unknown>): Promise<AccountErrorKey> {
  const error: unknown = await operation.then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  expect(error, "the operation should have failed").toBeDefined();
  return accountErrorOf(error);
}

const signInRefusals: AccountErrorKey[] = ["account.error.wrongPassword", "account.error.invalidCredential"];
const goneAccountRefusals: AccountErrorKey[] = ["account.error.userNotFound", "account.error.invalidCredential"];

export function identityContract(name: string, makeFixture: () => Promise<IdentityFixture>, options: ContractOptions = {}): void {
  if (options.skip !== undefined) {
    console.warn(`[contract] ${name}: skipped, ${options.skip}`);
    describe.skip(`${name} (skipped: ${options.skip})`, () => {
      it("fulfils the identity port's contract", () => {});
    });
    return;
  }

  describe(`${name} fulfils the identity port's contract`, () => {
    let fixture: IdentityFixture;
    beforeAll(async () => {
      fixture = await makeFixture();
    });
    afterAll(() => fixture?.close());

    const registration = (email: string, password = PASSWORD) => ({ email, password, name: "Ana", surname: "García", privacyPolicy: true }) as const;

    /** Registered in Valencian, then signed in: registration itself signs no one in. */
    async function signedUp(label: string) {
      const browser = fixture.browser();
      const email = newEmail(label);
      await browser.identity.signUp(registration(email), "val");
      const user = await browser.identity.signIn(email, PASSWORD);
      return { browser, identity: browser.identity, email, user };
    }

    it("registers a new address without signing it in: its profile with the consent, and the verification mail", async () => {
      const browser = fixture.browser();
      const email = newEmail("new");
      await expect(browser.identity.signUp(registration(email), "val")).resolves.toBeUndefined();
      expect(await browser.identity.currentUser()).toBeNull();
      expect(await browser.serverSession()).toBeNull();
      expect(await fixture.verificationCode(email)).toEqual(expect.any(String));

      const user = await browser.identity.signIn(email, PASSWORD);
      expect(user).toEqual({ uid: expect.any(String), email, emailVerified: false, displayName: "Ana García" });
      expect(await fixture.profile(user.uid)).toMatchObject({
        uid: user.uid,
        name: "Ana",
        surname: "García",
        preferredLanguage: "val",
        consents: { privacyPolicy: { acceptedAt: expect.any(String), textVersion: expect.any(String) } },
      });
      expect(await fixture.mailsTo(email, "registrationAttempt")).toEqual([]);
    });

    it("answers a registration for an address in use as for a new one, in any letter case, and tells the owner instead (issue 48 item 9)", async () => {
      const { identity: owner, email, user } = await signedUp("duplicate");
      await owner.signOut();
      const profile = await fixture.profile(user.uid);
      const again = fixture.browser();
      await expect(again.identity.signUp(registration(email.toUpperCase(), NEW_PASSWORD), "es")).resolves.toBeUndefined();
      expect(await again.identity.currentUser()).toBeNull();
      expect(await again.serverSession()).toBeNull();
      // The owner hears of it in the language of their account, not the page's; nothing of theirs changed.
      expect(await fixture.mailsTo(email, "registrationAttempt", 1)).toEqual([{ locale: "val" }]);
      expect(await fixture.mailsTo(email, "verifyEmail")).toHaveLength(1);
      expect(await fixture.profile(user.uid)).toEqual(profile);
      expect(signInRefusals).toContain(await failure(again.identity.signIn(email, NEW_PASSWORD)));
      expect(await again.identity.signIn(email, PASSWORD)).toMatchObject({ uid: user.uid });
    });

    it("carries an account through its whole life: pending, verified, profile, password, deletion", async () => {
      const { browser, identity, email, user } = await signedUp("life");
      expect(user).toEqual({ uid: expect.any(String), email, emailVerified: false, displayName: "Ana García" });
      expect(await identity.currentUser()).toEqual(user);
      expect(await browser.serverSession()).toMatchObject({ uid: user.uid, emailVerified: false });

      await identity.verifyEmail(await fixture.verificationCode(email));
      expect(await identity.reloadUser()).toMatchObject({ uid: user.uid, emailVerified: true });

      await identity.signOut();
      expect(await identity.currentUser()).toBeNull();
      expect(await browser.serverSession()).toBeNull();

      expect(await identity.signIn(email, PASSWORD)).toMatchObject({ uid: user.uid, emailVerified: true });
      expect(await browser.serverSession()).toMatchObject({ uid: user.uid, emailVerified: true });

      expect(await identity.updateProfile({ displayName: "Ana García Puig" })).toMatchObject({ uid: user.uid, displayName: "Ana García Puig" });
      expect(await identity.reloadUser()).toMatchObject({ displayName: "Ana García Puig" });

      await identity.updatePassword(PASSWORD, NEW_PASSWORD);
      expect(await identity.currentUser()).toMatchObject({ uid: user.uid });
      expect(await browser.serverSession()).toMatchObject({ uid: user.uid });
      // The owner hears of the change once (OWASP ASVS V2.2.3), in the account's language.
      expect(await fixture.mailsTo(email, "passwordChanged", 1)).toEqual([{ locale: "val" }]);

      await identity.signOut();
      expect(signInRefusals).toContain(await failure(identity.signIn(email, PASSWORD)));
      await identity.signIn(email, NEW_PASSWORD);

      await identity.deleteAccount();
      expect(await identity.currentUser()).toBeNull();
      expect(await browser.serverSession()).toBeNull();
      // What the site keeps about the user follows the account, whichever side deletes it.
      expect(fixture.forgotten()).toContain(user.uid);
      expect(goneAccountRefusals).toContain(await failure(fixture.browser().identity.signIn(email, NEW_PASSWORD)));
    });

    it("refuses to delete an account after an old sign-in, until the user signs in again", async ({ skip }) => {
      const { recentSignIn } = fixture;
      if ("unsupported" in recentSignIn) {
        console.warn(`[contract] ${name}: requires-recent-login not checked, ${recentSignIn.unsupported}`);
        return skip(recentSignIn.unsupported);
      }
      const { identity, email } = await signedUp("recent");
      await recentSignIn.ageSignIns();
      expect(await failure(identity.deleteAccount())).toBe("account.error.requiresRecentLogin");
      expect(await identity.currentUser()).toMatchObject({ email });

      await identity.signOut();
      await identity.signIn(email, PASSWORD);
      await identity.deleteAccount();
      expect(await identity.currentUser()).toBeNull();
    });

    it("refuses a wrong password", async () => {
      const { identity, email } = await signedUp("wrong");
      await identity.signOut();
      expect(signInRefusals).toContain(await failure(identity.signIn(email, "not-the-password-1")));
      expect(await identity.currentUser()).toBeNull();
    });

    it("refuses a password shorter than six characters", async () => {
      const identity = fixture.browser().identity;
      expect(await failure(identity.signUp(registration(newEmail("weak"), "Ab1!x"), "en"))).toBe("account.error.weakPassword");
      expect(await identity.currentUser()).toBeNull();
    });

    it("refuses a malformed address", async () => {
      const identity = fixture.browser().identity;
      expect(await failure(identity.signUp(registration("not-an-address"), "en"))).toBe("account.error.invalidEmail");
    });

    it("hands out a fresh ID token that the server verifies, and none when signed out", async () => {
      const { identity, email, user } = await signedUp("token");
      const token = await identity.idToken();
      expect(token).toEqual(expect.any(String));
      expect(await fixture.verifyIdToken(token ?? "")).toMatchObject({ uid: user.uid, email });
      expect(await fixture.verifyIdToken(`${token}x`)).toBeNull();
      await identity.signOut();
      expect(await identity.idToken()).toBeNull();
    });

    it("resets a forgotten password with the mailed code", async () => {
      const { identity, email } = await signedUp("reset");
      await identity.signOut();
      await identity.requestPasswordReset(email, "es");
      await identity.confirmPasswordReset(await fixture.resetCode(email), NEW_PASSWORD);
      expect(await identity.signIn(email, NEW_PASSWORD)).toMatchObject({ email });
    });

    it("refuses a reset code that was already used, and says so before it is used again (issue 49)", async () => {
      const { identity, email } = await signedUp("reset-twice");
      await identity.requestPasswordReset(email, "en");
      const code = await fixture.resetCode(email);
      await expect(identity.checkPasswordResetCode(code)).resolves.toBeUndefined();
      await identity.confirmPasswordReset(code, NEW_PASSWORD);
      expect(await failure(identity.checkPasswordResetCode(code))).toBe("account.error.invalidOrExpiredLink");
      expect(await failure(identity.checkPasswordResetCode("not-a-code"))).toBe("account.error.invalidOrExpiredLink");
      expect(await failure(identity.confirmPasswordReset(code, "Another-pass-42"))).toBe("account.error.invalidOrExpiredLink");
    });

    it("writes an account's mails in the language it chose, whatever page asks for them (issue 49 item 16)", async () => {
      const { identity, email } = await signedUp("language");
      await identity.sendVerification("es");
      await identity.signOut();
      await identity.requestPasswordReset(email, "en");
      expect(await fixture.mailsTo(email, "resetPassword", 1)).toEqual([{ locale: "val" }]);
      expect(await fixture.mailsTo(email, "verifyEmail", 2)).toEqual([{ locale: "val" }, { locale: "val" }]);
    });

    it("signs an account in with a mailed sign-in link, once (issue 49 item 1)", async () => {
      const { identity, email, user } = await signedUp("link");
      await identity.verifyEmail(await fixture.verificationCode(email));
      await identity.signOut();
      await identity.requestSignInLink(email, "en");
      const code = await fixture.signInLinkCode(email);
      expect(code).toEqual(expect.any(String));
      const browser = fixture.browser();
      expect(await browser.identity.signInWithLink(code!, email.toUpperCase())).toMatchObject({ uid: user.uid, email, emailVerified: true });
      expect(await browser.identity.currentUser()).toMatchObject({ uid: user.uid });
      expect(await browser.serverSession()).toMatchObject({ uid: user.uid });
      // Used: it signs nobody in again (SPEC §8 expired-action-code's message).
      const again = fixture.browser();
      expect(await failure(again.identity.signInWithLink(code!, email))).toBe("account.error.invalidOrExpiredLink");
      expect(await again.identity.currentUser()).toBeNull();
      // The password still works.
      expect(await fixture.browser().identity.signIn(email, PASSWORD)).toMatchObject({ uid: user.uid });
    });

    it("verifies a pending account that signs in by its link: opening it proves the address", async () => {
      const { identity, email, user } = await signedUp("link-pending");
      await identity.signOut();
      await identity.requestSignInLink(email, "val");
      const code = await fixture.signInLinkCode(email);
      expect(await identity.signInWithLink(code!, email)).toMatchObject({ uid: user.uid, emailVerified: true });
    });

    it("signs nobody in with a sign-in link and another address", async () => {
      const { identity, email } = await signedUp("link-other");
      await identity.signOut();
      await identity.requestSignInLink(email, "es");
      const code = await fixture.signInLinkCode(email);
      const stranger = fixture.browser();
      await failure(stranger.identity.signInWithLink(code!, newEmail("stranger")));
      expect(await stranger.identity.currentUser()).toBeNull();
      expect(await stranger.serverSession()).toBeNull();
    });

    it("answers a sign-in link request for an unknown address as for a known one, and makes no account of it", async () => {
      const email = newEmail("link-nobody");
      const browser = fixture.browser();
      await expect(browser.identity.requestSignInLink(email, "en")).resolves.toBeUndefined();
      const code = await fixture.signInLinkCode(email);
      // A provider that mails every address (Firebase) signs no one in with that link.
      if (code !== undefined) expect(await failure(browser.identity.signInWithLink(code, email))).toBe("account.error.invalidOrExpiredLink");
      expect(await browser.identity.currentUser()).toBeNull();
      // The address is free: registration makes its account.
      await expect(browser.identity.signUp(registration(email), "en")).resolves.toBeUndefined();
      expect(await fixture.verificationCode(email)).toEqual(expect.any(String));
    });

    it("answers a reset request for an unknown address as for a known one", async () => {
      await expect(fixture.browser().identity.requestPasswordReset(newEmail("nobody"), "val")).resolves.toBeUndefined();
    });

    it("ends the user's sessions in every browser on sign-out (issue 8: sign-out ends every session)", async () => {
      const { identity, email, user } = await signedUp("everywhere");
      const elsewhere = fixture.browser();
      await elsewhere.identity.signIn(email, PASSWORD);
      expect(await elsewhere.serverSession()).toMatchObject({ uid: user.uid });
      await fixture.pause?.();
      await identity.signOut();
      expect(await elsewhere.serverSession()).toBeNull();
    });

    it("trades an ID token on a page only when the signed-in user changed, not on every page (SPEC §7)", async () => {
      const { browser, email, user } = await signedUp("pages");
      const afterSignUp = browser.sessionPosts();
      const page = await browser.nextPage();
      expect(await page.identity.currentUser()).toEqual(user);
      expect(await page.serverSession()).toMatchObject({ uid: user.uid });
      expect(browser.sessionPosts()).toBe(afterSignUp);

      // A change of the user (here its verification) is traded, and the page after it trades nothing again.
      await page.identity.verifyEmail(await fixture.verificationCode(email));
      expect(await page.identity.reloadUser()).toMatchObject({ uid: user.uid, emailVerified: true });
      expect(browser.sessionPosts()).toBeGreaterThan(afterSignUp);
      expect(await page.serverSession()).toMatchObject({ uid: user.uid, emailVerified: true });
      const afterChange = browser.sessionPosts();
      const next = await page.nextPage();
      expect(await next.identity.currentUser()).toMatchObject({ uid: user.uid, emailVerified: true });
      expect(browser.sessionPosts()).toBe(afterChange);

      // Signed out, the next page has nothing to trade either.
      await next.identity.signOut();
      const afterSignOut = browser.sessionPosts();
      expect(await (await next.nextPage()).identity.currentUser()).toBeNull();
      expect(browser.sessionPosts()).toBe(afterSignOut);
    });

    it("trades an ID token on a page whose session cookie is gone, though the provider kept the sign-in", async () => {
      const { browser, user } = await signedUp("expired");
      const page = await browser.nextPage({ withoutSessionCookies: true });
      expect(await page.serverSession()).toBeNull();
      const before = browser.sessionPosts();
      expect(await page.identity.currentUser()).toMatchObject({ uid: user.uid });
      expect(browser.sessionPosts()).toBeGreaterThan(before);
      expect(await page.serverSession()).toMatchObject({ uid: user.uid });
    });

    it("tells its listeners about sign-in and sign-out", async () => {
      const { identity, email } = await signedUp("listeners");
      await identity.signOut();
      const seen: (AccountUser | null)[] = [];
      const stop = identity.onUserChanged((user) => seen.push(user));
      await identity.signIn(email, PASSWORD);
      await identity.signOut();
      stop();
      await identity.signIn(email, PASSWORD);
      expect(seen).toEqual([expect.objectContaining({ email }), null]);
    });
  });
}
