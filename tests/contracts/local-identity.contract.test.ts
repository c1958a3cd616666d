import { createLocalIdentity } from "../../adapters/http/browser/local-identity.adapter";
import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE } from "../../core";
import { identityContract, type IdentityBrowser, type IdentityFixture } from "./identity.contract";
import { browserFetch, type BrowserFetch } from "./support/browser-fetch";
import { createIdentityServer } from "./support/identity-server";
import { serveFetch } from "./support/serve-fetch";

// The browser's local identity adapter against the local identity server and the session
// endpoint, served over real HTTP with a real SQLite file, as the embedded site runs them.

async function localIdentity(): Promise<IdentityFixture> {
  let handler: (request: Request) => Response | Promise<Response> = () => new Response(null, { status: 503 });
  const served = await serveFetch((request) => handler(request));
  const server = await createIdentityServer({
    origin: served.origin,
    onDisk: true,
    // The suite makes more accounts a minute than one visitor would; the limits have their own tests.
    limits: {
      signUpPerAddress: { limit: 1000, windowMs: 60_000 },
      signInPerAddress: { limit: 1000, windowMs: 60_000 },
      mailPerAddress: { limit: 1000, windowMs: 60_000 },
      anyPerAddress: { limit: 100_000, windowMs: 60_000 },
    },
  });
  handler = server.app.fetch;

  /** A page of `browser`: the provider's own sign-in is its cookie, kept across pages. */
  function pageOf(browser: BrowserFetch): IdentityBrowser {
    return {
      identity: createLocalIdentity({ baseUrl: served.origin, fetch: browser.fetch, sessionHint: () => browser.cookie(SIGNED_IN_HINT_COOKIE) }),
      async serverSession() {
        const credential = browser.cookie(SESSION_COOKIE);
        return credential ? server.sessions.sessions.verify(credential) : null;
      },
      async nextPage({ withoutSessionCookies = false } = {}) {
        if (withoutSessionCookies) for (const name of [SESSION_COOKIE, SIGNED_IN_HINT_COOKIE]) browser.expire(name);
        return pageOf(browser);
      },
      sessionPosts: () => browser.requests("POST", "/api/__session"),
    };
  }

  return {
    browser: () => pageOf(browserFetch(served.origin)),
    verificationCode: (email) => server.mailedCode(email, "verifyEmail"),
    resetCode: (email) => server.mailedCode(email, "resetPassword"),
    mailsTo: async (email, template, atLeast) => (await server.mailsTo(email, template, atLeast)).map(({ locale }) => ({ locale })),
    profile: (uid) => server.profiles.get(uid),
    signInLinkCode: (email) => server.mailedCode(email, "signInLink").catch(() => undefined),
    verifyIdToken: (token) => server.sessions.idTokens.verify(token),
    forgotten: () => server.forgotten,
    recentSignIn: {
      // Time passing, as far as the provider's freshness check can tell: every session began long ago.
      async ageSignIns() {
        server.db.prepare(`UPDATE "session" SET createdAt = ?`).run(new Date(Date.now() - 60 * 60_000).toISOString());
      },
    },
    async close() {
      await served.close();
      await server.close();
    },
  };
}

identityContract("the local identity server, through the browser's local identity adapter", localIdentity);
