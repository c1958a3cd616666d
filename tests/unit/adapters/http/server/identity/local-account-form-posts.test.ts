import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { FORM_POST_VARIABLE, REFUSED_POST_VARIABLE, pageFormPosts } from "../../../../../../adapters/http/server/page-form-posts.middleware";
import { localAccountFormPosts } from "../../../../../../adapters/http/server/identity/local-account-form-posts";
import type { IdentityRateLimits } from "../../../../../../adapters/http/server/identity/local-identity.routes";
import { checkForm, HOST_SESSION_COOKIE, SIGN_UP_CONFIRMATIONS, SIGNED_IN_HINT_COOKIE, SignUpPayload, signedInHintOf, type FormPost } from "../../../../../../core";
import { createIdentityServer, type IdentityServer } from "../../../../../contracts/support/identity-server";
import { clockAtAWindowsStart } from "../../../../support/window-clock";
import { identityClient, ORIGIN, PASSWORD } from "../../../embedded/identity/support/identity-client";

// The account forms posted to their pages without JavaScript (issue 8, item 7), through the real
// identity server (better-auth on SQLite): what each post does, and what the page renders with.

const minute = (limit: number) => ({ limit, windowMs: 60_000 });
const roomy: Partial<IdentityRateLimits> = { signInPerAddress: minute(100), signUpPerAddress: minute(100), mailPerAddress: minute(100), mailPerAccount: minute(100) };
const DASHBOARD = (locale: string) => `/${locale}/dashboard/`;

let servers: IdentityServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

let accounts = 0;
const email = (label: string) => `${label}-${++accounts}@arena.example`;

interface PageAnswer {
  readonly status: number;
  readonly location: string | null;
  readonly setCookies: readonly string[];
  readonly retryAfter: string | null;
  /** What the page was rendered with: the post's outcome, values and messages. */
  readonly post: FormPost | null;
}

/**
 * The site as far as these posts go: the form posts' middleware, pages that show what they were
 * given, and the identity server, whose tight limits count in one window (the test's clock).
 */
async function site(limits: Partial<IdentityRateLimits> = {}) {
  const tight = Object.keys(limits).length > 0;
  const server = await createIdentityServer({ origin: ORIGIN, production: true, limits: { ...roomy, ...limits }, now: tight ? clockAtAWindowsStart() : undefined });
  servers.push(server);
  const app = new Hono();
  app.use(
    pageFormPosts({
      allowedOrigins: [ORIGIN],
      maxBodyBytes: 64 * 1024,
      actions: localAccountFormPosts({
        operations: server.operations,
        sessions: server.sessions,
        secureCookie: true,
        dashboardPath: DASHBOARD,
        homePath: (locale) => `/${locale}/`,
        defaultLocale: "es",
      }),
    }),
  );
  app.route("/", server.app);
  // As the pages do: a refused post is the error page, which Vike answers with 403.
  app.on(["GET", "POST"], "/:locale/*", (c) => c.json({ post: c.get(FORM_POST_VARIABLE as never) ?? null }, c.get(REFUSED_POST_VARIABLE as never) ? 403 : 200));

  const post = async (
    path: string,
    fields: Record<string, string>,
    { origin = ORIGIN, ip = "203.0.113.9", cookie }: { origin?: string; ip?: string; cookie?: string } = {},
  ): Promise<PageAnswer> => {
    const request = new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields).toString(),
    });
    Object.defineProperty(request, "runtime", { value: { name: "node", node: { req: { socket: { remoteAddress: ip } } } } });
    const response = await app.fetch(request);
    const text = await response.text();
    return {
      status: response.status,
      location: response.headers.get("Location"),
      setCookies: response.headers.getSetCookie(),
      retryAfter: response.headers.get("Retry-After"),
      post: text.startsWith("{") ? (JSON.parse(text) as { post: FormPost | null }).post : null,
    };
  };
  return { server, post };
}

const sessionCookieOf = (answer: PageAnswer) => answer.setCookies.find((line) => line.startsWith(`${HOST_SESSION_COOKIE}=`));
const credentialOf = (line: string | undefined) => line?.split(";")[0]?.slice(HOST_SESSION_COOKIE.length + 1) ?? "";

describe("a plain sign-in post", () => {
  it("signs in and goes on to the dashboard with the provider's cookie and an HttpOnly, SameSite=Lax, Secure session that server rendering reads", async () => {
    const { server, post } = await site();
    const address = email("ana");
    const { uid } = await identityClient(server).verifiedAccount(address);

    const answer = await post("/val/login/", { form: "sign-in", locale: "val", email: address, password: PASSWORD });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(DASHBOARD("val"));
    expect(answer.setCookies.some((line) => line.includes("better-auth.session_token="))).toBe(true);
    const session = sessionCookieOf(answer);
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).toMatch(/; Secure/);
    expect(answer.setCookies.some((line) => line.startsWith(`${SIGNED_IN_HINT_COOKIE}=${signedInHintOf({ uid, email: address, emailVerified: true, displayName: "Ana García" })};`))).toBe(true);
    await expect(server.sessions.sessions.verify(credentialOf(session))).resolves.toMatchObject({ uid, email: address, emailVerified: true });
    // Bound to the provider's session the post opened: read beside its cookie, and only there.
    const providerCookie = answer.setCookies.find((line) => line.startsWith("__Host-better-auth.session_token="))?.split(";")[0] ?? "";
    const cookies = `${providerCookie}; ${HOST_SESSION_COOKIE}=${credentialOf(session)}`;
    await expect(server.sessions.requestSessions.userOf(cookies)).resolves.toMatchObject({ uid });
    await expect(server.sessions.requestSessions.userOf(`${HOST_SESSION_COOKIE}=${credentialOf(session)}`)).resolves.toBeNull();
  });

  it("goes back to a same-site returnTo, and to the dashboard instead of any other", async () => {
    const { server, post } = await site();
    const address = email("ana");
    await identityClient(server).verifiedAccount(address);
    const signIn = (returnTo: string) =>
      post(`/es/login/?returnTo=${encodeURIComponent(returnTo)}`, { form: "sign-in", locale: "es", email: address, password: PASSWORD });

    await expect(signIn("/es/event/turia-basquet/tickets/")).resolves.toMatchObject({ status: 303, location: "/es/event/turia-basquet/tickets/" });
    for (const foreign of ["//evil.example", "https://site@evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      await expect(signIn(foreign), foreign).resolves.toMatchObject({ status: 303, location: DASHBOARD("es") });
    }
  });

  it("renders the page again with the provider's message and the address, never the password, and sets no cookie", async () => {
    const { server, post } = await site();
    const address = email("ana");
    await identityClient(server).verifiedAccount(address);

    const answer = await post("/es/login/", { form: "sign-in", locale: "es", email: address, password: "not-her-password" });
    expect(answer.status).toBe(422);
    expect(answer.setCookies).toEqual([]);
    expect(answer.post).toEqual({ form: "sign-in", values: { email: address }, issues: { "": "account.error.invalidCredential" }, outcome: "invalid" });
  });

  it("counts toward the address's attempts like the API: past the limit, 429 with Retry-After and the message", async () => {
    const { server, post } = await site({ signInPerAddress: minute(2) });
    const address = email("victim");
    await identityClient(server).verifiedAccount(address);
    const guess = (ip: string) => post("/es/login/", { form: "sign-in", locale: "es", email: address, password: "guess-123456" }, { ip });

    expect((await guess("198.51.100.1")).status).toBe(422);
    expect((await guess("198.51.100.1")).status).toBe(422);
    const refused = await guess("198.51.100.1");
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.post).toMatchObject({ outcome: "rate-limited", issues: { "": "account.error.tooManyRequests" } });
  });

  it("is refused (403) from another origin, before the identity server sees it", async () => {
    const { server, post } = await site({ signInPerAddress: minute(1) });
    const address = email("ana");
    await identityClient(server).verifiedAccount(address);
    const foreign = await post("/es/login/", { form: "sign-in", locale: "es", email: address, password: PASSWORD }, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    // The address's one attempt is still there.
    expect((await post("/es/login/", { form: "sign-in", locale: "es", email: address, password: PASSWORD })).status).toBe(303);
  });
});

describe("a plain sign-out post", () => {
  it("ends the user's sessions everywhere, clears the session and its hint, and goes home", async () => {
    const { server, post } = await site();
    const address = email("leaving");
    await identityClient(server).verifiedAccount(address);
    const signedIn = await post("/es/login/", { form: "sign-in", locale: "es", email: address, password: PASSWORD });
    const credential = credentialOf(sessionCookieOf(signedIn));
    const providerCookie = signedIn.setCookies.find((line) => line.includes("better-auth.session_token="))?.split(";")[0] ?? "";

    const answer = await post("/val/dashboard/", { form: "sign-out", locale: "val" }, { cookie: `${providerCookie}; ${HOST_SESSION_COOKIE}=${credential}` });
    expect(answer).toMatchObject({ status: 303, location: "/val/" });
    const cleared = answer.setCookies;
    for (const name of [HOST_SESSION_COOKIE, SIGNED_IN_HINT_COOKIE]) expect(cleared.find((line) => line.startsWith(`${name}=;`))).toMatch(/Max-Age=0/);
    await expect(server.sessions.sessions.verify(credential)).resolves.toBeNull();
  });
});

describe("a plain registration post", () => {
  const registration = (address: string, locale: string) => ({
    form: "register",
    locale,
    name: "Ana",
    surname: "Puig",
    email: address,
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
    privacyPolicy: "on",
  });

  it("creates the account, stores the profile with the consent and the page's language, mails the link in it, and signs no one in", async () => {
    const { server, post } = await site();
    const address = email("nova");
    const answer = await post("/en/register/", registration(address, "en"));
    expect(answer).toMatchObject({ status: 200, location: null, setCookies: [], post: { form: "register", values: { email: address }, outcome: "accepted" } });
    const [uid] = server.profiles.uids();
    await expect(server.profiles.get(uid ?? "")).resolves.toMatchObject({
      name: "Ana",
      surname: "Puig",
      preferredLanguage: "en",
      consents: { privacyPolicy: { acceptedAt: expect.any(String) } },
    });
    await server.mailedCode(address, "verifyEmail");
    expect(server.mails.find((mail) => mail.to === address)?.locale).toBe("en");
  });

  it("answers a known address's registration as a new one's, and mails its owner in the account's language (issue 48 item 9)", async () => {
    const { server, post } = await site();
    const known = email("known");
    await identityClient(server).signUp(known);
    const profiles = server.profiles.uids();

    const again = await post("/es/register/", registration(known, "es"));
    const fresh = email("fresh");
    const first = await post("/es/register/", registration(fresh, "es"));
    expect(again).toEqual({ ...first, post: { ...first.post, values: { email: known } } });
    expect(server.profiles.uids()).toHaveLength(profiles.length + 1);
    await expect(server.mailsTo(known, "registrationAttempt", 1)).resolves.toMatchObject([
      { locale: "val", params: { signInLink: expect.stringContaining("/val/login/"), resetLink: expect.stringContaining("/val/forgot-password/") } },
    ]);
  });

  it("decides on the fields as the browser's form does, and renders them again without the passwords", async () => {
    const { server, post } = await site();
    const fields = { name: "A".repeat(51), surname: "", email: "ana@", password: "12345", passwordConfirmation: "54321" };
    const answer = await post("/es/register/", { form: "register", locale: "es", ...fields });
    expect(answer.status).toBe(422);
    const browser = checkForm(SignUpPayload, { ...fields, privacyPolicy: false }, SIGN_UP_CONFIRMATIONS);
    expect(browser.ok).toBe(false);
    expect(answer.post).toEqual({
      form: "register",
      values: { name: fields.name, surname: "", email: "ana@", privacyPolicy: false },
      issues: browser.ok ? {} : browser.issues,
      outcome: "invalid",
    });
    expect(server.profiles.uids()).toEqual([]);
  });

  it("refuses a common password with the provider's message", async () => {
    const { post } = await site();
    const answer = await post("/es/register/", {
      form: "register",
      locale: "es",
      name: "Ana",
      surname: "Puig",
      email: email("weak"),
      password: "password1",
      passwordConfirmation: "password1",
      privacyPolicy: "on",
    });
    expect(answer.status).toBe(422);
    expect(answer.post?.issues).toEqual({ "": "account.error.weakPassword" });
  });
});

describe("plain posts of the mailed links' pages", () => {
  it("asks for a reset link with the same answer for known and unknown addresses, then sets the new password from the link's page", async () => {
    const { server, post } = await site();
    const address = email("forgetful");
    await identityClient(server).verifiedAccount(address);

    const known = await post("/val/forgot-password/", { form: "forgot-password", locale: "val", email: address });
    const unknown = await post("/val/forgot-password/", { form: "forgot-password", locale: "val", email: email("nobody") });
    expect(known).toEqual(unknown);
    expect(known).toMatchObject({ status: 200, post: { outcome: "accepted" } });

    const code = await server.mailedCode(address, "resetPassword");
    const reset = (fields: Record<string, string>) => post(`/val/reset-password/?code=${encodeURIComponent(code)}`, { form: "reset-password", locale: "val", ...fields });
    await expect(reset({ newPassword: "Albufera-77", newPasswordConfirmation: "Albufera-78" })).resolves.toMatchObject({
      status: 422,
      post: { values: {}, issues: { newPasswordConfirmation: "validation.password.mismatch" } },
    });
    await expect(reset({ newPassword: "Albufera-77", newPasswordConfirmation: "Albufera-77" })).resolves.toMatchObject({ status: 200, post: { outcome: "accepted" } });
    // The link is used up; the new password signs in.
    await expect(reset({ newPassword: "Albufera-78", newPasswordConfirmation: "Albufera-78" })).resolves.toMatchObject({
      status: 422,
      post: { issues: { "": "account.error.invalidOrExpiredLink" } },
    });
    expect((await post("/val/login/", { form: "sign-in", locale: "val", email: address, password: "Albufera-77" })).status).toBe(303);
  });

  it("verifies the address with the link's code, and says that a link without a working code has expired", async () => {
    const { server, post } = await site();
    const address = email("pending");
    await identityClient(server).signUp(address);
    const code = await server.mailedCode(address, "verifyEmail");

    await expect(post("/es/verify-email/?code=not-a-code", { form: "verify-email", locale: "es" })).resolves.toMatchObject({
      status: 422,
      post: { issues: { "": "account.error.invalidOrExpiredLink" } },
    });
    await expect(post("/es/verify-email/", { form: "verify-email", locale: "es" })).resolves.toMatchObject({
      status: 422,
      post: { issues: { "": "account.error.invalidOrExpiredLink" } },
    });
    await expect(post(`/es/verify-email/?code=${encodeURIComponent(code)}`, { form: "verify-email", locale: "es" })).resolves.toMatchObject({
      status: 200,
      post: { form: "verify-email", outcome: "accepted" },
    });
    const row = server.db.prepare<[string], { emailVerified: number }>(`SELECT emailVerified FROM "user" WHERE email = ?`).get(address);
    expect(row?.emailVerified).toBe(1);
  });
});

describe("plain posts of sign-in links (issue 49 item 1)", () => {
  it("ask for a link with the same answer for known and unknown addresses, then sign in from the link's page with its address, once", async () => {
    const { server, post } = await site();
    const address = email("linked");
    const { uid } = await identityClient(server).verifiedAccount(address);

    const known = await post("/en/login/", { form: "sign-in-link-request", locale: "en", email: address });
    const unknown = await post("/en/login/", { form: "sign-in-link-request", locale: "en", email: email("nobody") });
    expect(known).toEqual(unknown);
    expect(known).toMatchObject({ status: 200, post: { form: "sign-in-link-request", outcome: "accepted" } });
    await expect(post("/en/login/", { form: "sign-in-link-request", locale: "en", email: "x" })).resolves.toMatchObject({
      status: 422,
      post: { values: { email: "x" }, issues: { email: expect.any(String) } },
    });

    const code = await server.mailedCode(address, "signInLink");
    // In the account's own language (its profile's), whichever page asked (issue 49 item 16).
    expect(server.mails.findLast((mail) => mail.template === "signInLink")?.locale).toBe((await server.profiles.get(uid))?.preferredLanguage);
    const landing = (fields: Record<string, string>) => post(`/en/login/?code=${encodeURIComponent(code)}`, { form: "sign-in-with-link", locale: "en", ...fields });
    await expect(landing({ email: email("intruder") })).resolves.toMatchObject({ status: 422, post: { values: { email: expect.any(String) }, issues: { "": "account.error.invalidOrExpiredLink" } } });
    const signedIn = await landing({ email: address });
    expect(signedIn).toMatchObject({ status: 303, location: DASHBOARD("en") });
    await expect(server.sessions.sessions.verify(credentialOf(sessionCookieOf(signedIn)))).resolves.toMatchObject({ uid, email: address });
    // Used: the page says so, with the way to a new link (the page's own).
    await expect(landing({ email: address })).resolves.toMatchObject({ status: 422, post: { issues: { "": "account.error.invalidOrExpiredLink" } } });
    await expect(post("/en/login/", { form: "sign-in-with-link", locale: "en", email: address })).resolves.toMatchObject({
      status: 422,
      post: { issues: { "": "account.error.invalidOrExpiredLink" } },
    });
  });

  it("count link requests with the other account mails: past the limit, 429 with Retry-After and the message", async () => {
    const { post } = await site({ mailPerAccount: minute(1) });
    const address = email("limited");
    expect((await post("/es/login/", { form: "sign-in-link-request", locale: "es", email: address })).status).toBe(200);
    const refused = await post("/es/login/", { form: "sign-in-link-request", locale: "es", email: address }, { ip: "198.51.100.20" });
    expect(refused).toMatchObject({ status: 429, post: { outcome: "rate-limited", issues: { "": "account.error.tooManyRequests" } } });
    expect(refused.retryAfter).toMatch(/^\d+$/);
  });
});
