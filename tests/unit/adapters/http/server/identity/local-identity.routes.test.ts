import { afterEach, describe, expect, it, vi } from "vitest";
import type { IdentityRateLimits } from "../../../../../../adapters/http/server/identity/local-identity.routes";
import { DELETED_ACCOUNT, HOST_SESSION_COOKIE, SESSION_COOKIE, SIGNED_IN_HINT_COOKIE, signedInHintOf, type SessionUser } from "../../../../../../core";
import { createIdentityServer, type IdentityServer, type IdentityServerOptions } from "../../../../../contracts/support/identity-server";
import { clockAtAWindowsStart } from "../../../../support/window-clock";
import { identityClient, ORIGIN, PASSWORD } from "../../../embedded/identity/support/identity-client";

// Security tests of the local identity server (issue 8 items 3, 6 and 9). Vitest sets TEST=true,
// the environment in which better-auth's own defaults turn its origin check off: ours stay on.

const BETTER_AUTH_SESSION = "better-auth.session_token";
const NEW_PASSWORD = "Albufera-sunset-77";
const minute = (limit: number) => ({ limit, windowMs: 60_000 });
const roomy: Partial<IdentityRateLimits> = { signInPerAddress: minute(100), signUpPerAddress: minute(100), mailPerAddress: minute(100), mailPerAccount: minute(100) };

let servers: IdentityServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function serve(options: Partial<IdentityServerOptions> = {}): Promise<IdentityServer> {
  const server = await createIdentityServer({ origin: ORIGIN, ...options, limits: { ...roomy, ...options.limits } });
  servers.push(server);
  return server;
}

/** A server whose rate limits a test's few requests all meet in one window. */
const serveInOneWindow = (options: Partial<IdentityServerOptions>) => serve({ now: clockAtAWindowsStart(), ...options });

let accounts = 0;
const email = (label: string) => `${label}-${++accounts}@arena.example`;

describe("rate limits", () => {
  it("answer 429 with Retry-After once a client address has used up its sign-in attempts", async () => {
    const server = await serveInOneWindow({ limits: { signInPerAddress: minute(3) } });
    const attacker = identityClient(server, { ip: "198.51.100.7" });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await attacker.signIn(email("victim"), "guess-123456")).status).toBe(401);

    const refused = await attacker.signIn(email("victim"), "guess-123456");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.body).toEqual({ error: { code: "too-many-requests", message: "account.error.tooManyRequests" } });
    expect((await identityClient(server, { ip: "198.51.100.8" }).signIn(email("victim"), "guess-123456")).status).toBe(401);
  });

  it("do not open a new bucket for a changing X-Forwarded-For: the address is the socket's", async () => {
    const server = await serveInOneWindow({ limits: { signInPerAddress: minute(3) } });
    const attacker = identityClient(server, { ip: "198.51.100.7" });
    const statuses = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await attacker.call("POST", "/api/auth/sign-in/email", { email: email("victim"), password: "guess-123456" }, { headers: { "X-Forwarded-For": `10.0.0.${attempt}` } });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it("behind TRUSTED_PROXY proxies, count the address the outermost trusted proxy saw, whatever the client prepends", async () => {
    const server = await serveInOneWindow({ trustedProxies: 1, limits: { signInPerAddress: minute(2) } });
    const throughProxy = identityClient(server, { ip: "10.0.0.2" });
    const signIn = (forwardedFor: string) =>
      throughProxy.call("POST", "/api/auth/sign-in/email", { email: email("victim"), password: "guess-123456" }, { headers: { "X-Forwarded-For": forwardedFor } });
    expect((await signIn("198.51.100.1")).status).toBe(401);
    expect((await signIn("203.0.113.50, 198.51.100.1")).status).toBe(401);
    expect((await signIn("203.0.113.51, 198.51.100.1")).status).toBe(429);
    expect((await signIn("198.51.100.2")).status).toBe(401);
  });

  it("count IPv6 addresses by their /64", async () => {
    const server = await serveInOneWindow({ limits: { signInPerAddress: minute(2) } });
    const from = (ip: string) => identityClient(server, { ip }).signIn(email("victim"), "guess-123456");
    expect((await from("2001:db8:1:2::1")).status).toBe(401);
    expect((await from("2001:db8:1:2:aaaa::2")).status).toBe(401);
    expect((await from("2001:db8:1:2:ffff:ffff:ffff:ffff")).status).toBe(429);
    expect((await from("2001:db8:1:3::1")).status).toBe(401);
  });

  it("never lock the owner out: wrong passwords from many addresses leave the right one from a new address let in (issue 48 item 3)", async () => {
    const server = await serve();
    const victim = email("victim");
    await identityClient(server).signUp(victim);
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      const guess = await identityClient(server, { ip: `198.51.100.${attempt}` }).signIn(victim.toUpperCase(), "guess-123456");
      expect(guess.status).toBe(401);
    }
    const owner = await identityClient(server, { ip: "203.0.113.99" }).signIn(victim);
    expect(owner.status).toBe(200);
    expect(owner.body.user).toMatchObject({ email: victim });
  });

  it("make an address that keeps failing on an account wait, doubling, for its own failures only", async () => {
    let time = Date.UTC(2031, 0, 1);
    const server = await serve({ now: () => time });
    const victim = email("victim");
    await identityClient(server).signUp(victim);
    const attacker = identityClient(server, { ip: "198.51.100.7" });
    const statuses = [];
    for (let attempt = 1; attempt <= 6; attempt += 1) statuses.push((await attacker.signIn(victim, "guess-123456")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const refused = await attacker.signIn(victim);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("1");
    expect(refused.body).toEqual({ error: { code: "too-many-requests", message: "account.error.tooManyRequests" } });
    // The same address, another account; another address, this account: neither waits.
    expect((await attacker.signIn(email("other"), "guess-123456")).status).toBe(401);
    expect((await identityClient(server, { ip: "198.51.100.8" }).signIn(victim)).status).toBe(200);

    time += 1000;
    expect((await attacker.signIn(victim, "guess-123456")).status).toBe(401);
    const longer = await attacker.signIn(victim, "guess-123456");
    expect(longer.headers.get("Retry-After")).toBe("2");
    time += 2000;
    // The right password once the wait is over: let in, and the address's failures forgotten.
    expect((await attacker.signIn(victim)).status).toBe(200);
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await attacker.signIn(victim, "guess-123456")).status).toBe(401);
  });

  it("make every address wait from its first failure on an account under attack from many", async () => {
    const time = Date.UTC(2031, 0, 1);
    const server = await serve({ now: () => time });
    const victim = email("victim");
    await identityClient(server).signUp(victim);
    for (let attempt = 1; attempt <= 20; attempt += 1) await identityClient(server, { ip: `198.51.100.${attempt}` }).signIn(victim, "guess-123456");
    const newcomer = identityClient(server, { ip: "203.0.113.50" });
    expect((await newcomer.signIn(victim, "guess-123456")).status).toBe(401);
    expect((await newcomer.signIn(victim)).status).toBe(429);
    expect((await identityClient(server, { ip: "203.0.113.51" }).signIn(victim)).status).toBe(200);
  });

  it("limit reset and verification mails per account and per address", async () => {
    const server = await serveInOneWindow({ limits: { mailPerAccount: minute(2), mailPerAddress: minute(3) } });
    const target = email("target");
    const reset = (ip: string, address = target) => identityClient(server, { ip }).call("POST", "/api/auth/request-password-reset", { email: address, locale: "es" });
    const resend = (ip: string) => identityClient(server, { ip }).call("POST", "/api/auth/send-verification-email", { email: target, locale: "es" });
    expect((await reset("198.51.100.1")).status).toBe(200);
    expect((await reset("198.51.100.2")).status).toBe(200);
    expect((await reset("198.51.100.3")).status).toBe(429);
    expect((await resend("198.51.100.4")).status).toBe(429);

    const statuses = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) statuses.push((await reset("203.0.113.1", email("spray"))).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("count sign-in link mails with the reset and verification mails, per account and per address (issue 49 item 1)", async () => {
    const server = await serveInOneWindow({ limits: { mailPerAccount: minute(2), mailPerAddress: minute(3) } });
    const target = email("target");
    const link = (ip: string, address = target) => identityClient(server, { ip }).call("POST", "/api/auth/sign-in-link", { email: address, locale: "es" });
    const reset = (ip: string) => identityClient(server, { ip }).call("POST", "/api/auth/request-password-reset", { email: target, locale: "es" });
    expect((await link("198.51.100.1")).status).toBe(200);
    expect((await reset("198.51.100.2")).status).toBe(200);
    const refused = await link("198.51.100.3");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);

    const statuses = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) statuses.push((await link("203.0.113.1", email("spray"))).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("limit every identity request per address", async () => {
    const server = await serveInOneWindow({ limits: { anyPerAddress: minute(2) } });
    const client = identityClient(server);
    expect((await client.call("GET", "/api/auth/get-session")).status).toBe(200);
    expect((await client.call("GET", "/api/auth/get-session")).status).toBe(200);
    expect((await client.call("GET", "/api/auth/get-session")).status).toBe(429);
  });
});

describe("the origin check", () => {
  const writes = [
    ["POST", "/api/auth/sign-up/email", { email: "new@arena.example", password: PASSWORD, displayName: "Ana", locale: "es" }],
    ["POST", "/api/auth/sign-in/email", { email: "ana@arena.example", password: PASSWORD }],
    ["POST", "/api/auth/sign-out", {}],
    ["POST", "/api/auth/send-verification-email", { email: "ana@arena.example", locale: "es" }],
    ["POST", "/api/auth/request-password-reset", { email: "ana@arena.example", locale: "es" }],
    ["POST", "/api/auth/verify-email", { code: "code" }],
    ["POST", "/api/auth/reset-password", { code: "code", newPassword: NEW_PASSWORD }],
    ["POST", "/api/auth/sign-in-link", { email: "ana@arena.example", locale: "es" }],
    ["POST", "/api/auth/sign-in-with-link", { code: "code", email: "ana@arena.example" }],
    ["POST", "/api/auth/update-user", { displayName: "Mallory" }],
    ["POST", "/api/auth/change-password", { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }],
    ["POST", "/api/auth/delete-user", {}],
    ["POST", "/api/__session", { token: null }],
    ["DELETE", "/api/__session", undefined],
  ] as const;

  it.each(writes)("refuses %s %s from a foreign, a null or no Origin with 403", async (method, path, body) => {
    const server = await serve();
    const victim = identityClient(server);
    await victim.verifiedAccount("ana@arena.example");
    for (const origin of ["https://evil.example", "https://arena.test.evil.example", "http://arena.test", "null", null]) {
      const answer = await victim.call(method, path, body, { origin });
      expect(answer.status, `Origin: ${origin}`).toBe(403);
      expect(answer.body.error.code).toBe("forbidden");
    }
    // Nothing happened: the account is as it was, still signed in here.
    expect((await victim.call("GET", "/api/auth/get-session")).body.user).toMatchObject({ displayName: "Ana García", emailVerified: true });
    expect((await identityClient(server).signIn("ana@arena.example")).status).toBe(200);
  });
});

describe("sessions", () => {
  it("get a new token at every sign-in, never one the browser brought, and never show it to the page", async () => {
    const server = await serve();
    const browser = identityClient(server);
    const address = email("fixation");
    await browser.signUp(address);
    const planted = browser.cookie(BETTER_AUTH_SESSION);
    const signedIn = await browser.signIn(address);
    const first = browser.cookie(BETTER_AUTH_SESSION);
    await browser.signIn(address);
    expect(first).toBeDefined();
    expect(new Set([planted, first, browser.cookie(BETTER_AUTH_SESSION)]).size).toBe(3);
    expect(signedIn.body).toEqual({ user: { uid: expect.any(String), email: address, emailVerified: false, displayName: "Ana García" } });
  });

  it("trade an ID token for a new `__session` credential every time, in an HttpOnly, SameSite=Lax cookie on /", async () => {
    const server = await serve();
    const browser = identityClient(server);
    await browser.signedUp(email("cookie"));
    const first = await browser.openServerSession();
    const firstCredential = browser.cookie(SESSION_COOKIE);
    await browser.openServerSession();
    expect(first.status).toBe(200);
    expect(firstCredential).toBeDefined();
    expect(browser.cookie(SESSION_COOKIE)).not.toBe(firstCredential);
    const line = first.setCookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`)) ?? "";
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).toMatch(/; Path=\//);
    expect(line).toMatch(/; Max-Age=\d+/);
    expect(line).not.toMatch(/; Secure/);
    // Beside it, for as long, the hint the page's script reads: the user's digest, no credential in it, not HttpOnly.
    const hint = first.setCookies.find((cookie) => cookie.startsWith(`${SIGNED_IN_HINT_COOKIE}=`)) ?? "";
    const { user } = first.body as { user: SessionUser };
    expect(hint).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=${signedInHintOf(user)}; Max-Age=${/Max-Age=(\d+)/.exec(line)?.[1]}; Path=/; SameSite=Lax$`));

    // Clearing the session clears both.
    const cleared = await browser.call("POST", "/api/__session", { token: null });
    expect(cleared.setCookies.map((cookie) => cookie.split("=")[0])).toEqual([SESSION_COOKIE, SIGNED_IN_HINT_COOKIE]);
    expect(cleared.setCookies.every((cookie) => /; Max-Age=0/.test(cookie))).toBe(true);
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it("are Secure and `__Host-` in production, the identity server's own cookies too, so that no other host can set them (issue 48 item 4)", async () => {
    const server = await serve({ production: true });
    const browser = identityClient(server);
    const address = email("secure");
    await browser.signUp(address);
    const signedUp = await browser.signIn(address);
    const traded = await browser.openServerSession();
    expect(traded.setCookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBeUndefined();
    const site = traded.setCookies.find((cookie) => cookie.startsWith(`${HOST_SESSION_COOKIE}=`)) ?? "";
    expect(site).toMatch(/; Path=\/;/);
    expect(site).toMatch(/; Secure/);
    expect(site).not.toMatch(/; Domain=/i);
    const own = signedUp.setCookies.filter((cookie) => cookie.includes(`${BETTER_AUTH_SESSION}=`));
    expect(own).toHaveLength(1);
    expect(own[0]).toMatch(new RegExp(`^__Host-${BETTER_AUTH_SESSION}=`));
    expect(own[0]).toMatch(/; Path=\//);
    expect(own[0]).toMatch(/; Secure/);
    expect(own[0]).toMatch(/; HttpOnly/);
    expect(own[0]).toMatch(/; SameSite=Lax/);
    expect(own[0]).not.toMatch(/; Domain=/i);
    await expect(server.sessions.requestSessions.userOf(`${own[0]!.split(";")[0]}; ${HOST_SESSION_COOKIE}=${browser.cookie(HOST_SESSION_COOKIE)}`)).resolves.toMatchObject({
      uid: signedUp.body.user.uid,
    });
  });

  it("count a session cookie only beside the identity session it was made from: a tossed one is refused (issue 48 item 4)", async () => {
    const server = await serve({ production: true });
    const attacker = identityClient(server, { ip: "198.51.100.66" });
    await attacker.signedUp(email("attacker"));
    await attacker.openServerSession();
    const tossed = `${HOST_SESSION_COOKIE}=${attacker.cookie(HOST_SESSION_COOKIE)}`;
    const identityCookie = `__Host-${BETTER_AUTH_SESSION}`;
    const victim = identityClient(server);
    const { uid } = await victim.signedUp(email("victim"));
    const victimsOwn = `${identityCookie}=${victim.cookie(identityCookie)}`;

    // The attacker's session cookie in the victim's browser, beside the victim's identity session or none: nobody.
    expect(await server.sessions.requestSessions.userOf(`${victimsOwn}; ${tossed}`)).toBeNull();
    expect(await server.sessions.requestSessions.userOf(tossed)).toBeNull();
    // The plain name is never read where cookies are Secure: anyone may set it.
    expect(await server.sessions.requestSessions.userOf(`${victimsOwn}; ${SESSION_COOKIE}=${attacker.cookie(HOST_SESSION_COOKIE)}`)).toBeNull();
    // The victim's own pair is the victim.
    await victim.openServerSession();
    expect(await server.sessions.requestSessions.userOf(`${victimsOwn}; ${HOST_SESSION_COOKIE}=${victim.cookie(HOST_SESSION_COOKIE)}`)).toMatchObject({ uid });
  });

  it("end the site's session with the identity session it is bound to", async () => {
    const server = await serve();
    const browser = identityClient(server);
    await browser.signedUp(email("bound"));
    await browser.openServerSession();
    const pair = `${BETTER_AUTH_SESSION}=${browser.cookie(BETTER_AUTH_SESSION)}; ${SESSION_COOKIE}=${browser.cookie(SESSION_COOKIE)}`;
    expect(await server.sessions.requestSessions.userOf(pair)).not.toBeNull();
    server.db.prepare(`DELETE FROM "session"`).run();
    expect(await server.sessions.requestSessions.userOf(pair)).toBeNull();
  });

  it("all end at sign-out, on every device", async () => {
    const server = await serve();
    const address = email("signout");
    const laptop = identityClient(server);
    const phone = identityClient(server, { ip: "198.51.100.20" });
    await laptop.signedUp(address);
    await phone.signIn(address);
    await phone.openServerSession();
    const phoneCredential = phone.cookie(SESSION_COOKIE) ?? "";
    const token = (await phone.call("GET", "/api/auth/id-token")).body.token as string;

    expect((await laptop.call("POST", "/api/auth/sign-out", {})).status).toBe(200);
    expect((await phone.call("GET", "/api/auth/get-session")).body).toEqual({ user: null });
    expect(await server.sessions.sessions.verify(phoneCredential)).toBeNull();
    expect(await server.sessions.idTokens.verify(token)).toBeNull();
    expect((await phone.call("POST", "/api/__session", { token })).status).toBe(401);
  });

  it("on a password change, end elsewhere and refuse earlier credentials, while this browser gets a renewed session", async () => {
    const server = await serve();
    const address = email("password");
    const laptop = identityClient(server);
    const phone = identityClient(server, { ip: "198.51.100.20" });
    const { uid } = await laptop.verifiedAccount(address);
    await laptop.openServerSession();
    const before = laptop.cookie(SESSION_COOKIE) ?? "";
    await phone.signIn(address);

    const changed = await laptop.call("POST", "/api/auth/change-password", { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ user: expect.objectContaining({ uid }) });
    expect((await phone.call("GET", "/api/auth/get-session")).body).toEqual({ user: null });
    expect(await server.sessions.sessions.verify(before)).toBeNull();
    expect((await laptop.call("GET", "/api/auth/get-session")).body.user).toMatchObject({ uid });
    await laptop.openServerSession();
    expect(await server.sessions.sessions.verify(laptop.cookie(SESSION_COOKIE) ?? "")).toMatchObject({ uid });
    expect((await phone.signIn(address)).status).toBe(401);
    expect((await phone.signIn(address, NEW_PASSWORD)).status).toBe(200);
  });

  it("tells the owner that the password changed, in the account's language, with the way to take it back (issue 49)", async () => {
    const server = await serve();
    const address = email("told");
    const browser = identityClient(server);
    const { uid } = await browser.verifiedAccount(address);
    await server.profiles.upsert({ uid, name: "Ana", surname: "Puig", phone: null, birthdate: null, address: null, preferredLanguage: "val", consents: {}, updatedAt: new Date().toISOString() });
    const before = server.mails.length;
    expect((await browser.call("POST", "/api/auth/change-password", { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(200);
    await vi.waitFor(() => expect(server.mails.slice(before)).toEqual([{ to: address, locale: "val", template: "passwordChanged", params: { link: `${ORIGIN}/val/forgot-password/` } }]));
    // A refused change (the wrong current password) tells nobody anything.
    expect((await browser.call("POST", "/api/auth/change-password", { currentPassword: "Wrong-pass-123", newPassword: "Another-pass-42" })).status).not.toBe(200);
    expect(server.mails.slice(before)).toHaveLength(1);
  });

  it("cannot pass an ID token off as a session credential, nor the other way round", async () => {
    const server = await serve();
    const browser = identityClient(server);
    await browser.signedUp(email("purpose"));
    const token = (await browser.call("GET", "/api/auth/id-token")).body.token as string;
    await browser.openServerSession();
    expect(await server.sessions.sessions.verify(token)).toBeNull();
    expect(await server.sessions.idTokens.verify(browser.cookie(SESSION_COOKIE) ?? "")).toBeNull();
  });
});

describe("the session endpoint", () => {
  it("answers bad input with 4xx, never 5xx", async () => {
    const server = await serve();
    const browser = identityClient(server);
    const post = (rawBody: string, contentType = "application/json") => browser.call("POST", "/api/__session", undefined, { rawBody, headers: { "Content-Type": contentType } });
    expect((await post("{")).status).toBe(400);
    expect((await post("")).status).toBe(400);
    expect((await post("token=x", "application/x-www-form-urlencoded")).status).toBe(400);
    expect((await post("{}")).status).toBe(422);
    expect((await post('{"token":5}')).status).toBe(422);
    expect((await post(JSON.stringify({ token: "x".repeat(5000) }))).status).toBe(422);
    expect((await post('{"token":"not.a-token"}')).status).toBe(401);
  });

  it("trades an ID token once: posted from another browser it is refused and makes no cookie (issue 48 item 13)", async () => {
    const server = await serve();
    const browser = identityClient(server);
    await browser.signedUp(email("once"));
    const token = (await browser.call("GET", "/api/auth/id-token")).body.token as string;
    expect((await browser.call("POST", "/api/__session", { token })).status).toBe(200);
    const issued = browser.cookie(SESSION_COOKIE);

    const replays = [];
    for (let replay = 0; replay < 20; replay += 1) {
      const elsewhere = identityClient(server, { ip: `198.51.100.${replay}` });
      const answer = await elsewhere.call("POST", "/api/__session", { token });
      replays.push({ status: answer.status, cookie: elsewhere.cookie(SESSION_COOKIE) });
    }
    expect(replays).toEqual(Array(20).fill({ status: 401, cookie: undefined }));
    // The browser that traded it keeps its session; a retry there is answered, with no new credential.
    const retried = await browser.call("POST", "/api/__session", { token });
    expect(retried.status).toBe(200);
    expect(retried.body.user).toMatchObject({ emailVerified: false });
    expect(retried.setCookies).toEqual([]);
    expect(browser.cookie(SESSION_COOKIE)).toBe(issued);
    // A reload asks for a fresh token, which trades as the first did.
    expect((await browser.openServerSession()).status).toBe(200);
    expect(browser.cookie(SESSION_COOKIE)).not.toBe(issued);
  });

  it("clears the cookie for a null token, an invalid one and DELETE", async () => {
    const server = await serve();
    const browser = identityClient(server);
    await browser.signedUp(email("clear"));
    for (const clear of [
      () => browser.call("POST", "/api/__session", { token: null }),
      () => browser.call("POST", "/api/__session", { token: "forged.token" }),
      () => browser.call("DELETE", "/api/__session"),
    ]) {
      await browser.openServerSession();
      expect(browser.cookie(SESSION_COOKIE)).toBeDefined();
      const answer = await clear();
      expect(answer.setCookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toMatch(/Max-Age=0/);
      expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    }
  });
});

describe("account policies", () => {
  it("refuse common passwords as weak, in any letter case, wherever a password is set", async () => {
    const server = await serve();
    const browser = identityClient(server);
    for (const password of ["123456", "password", "Valencia", "QWERTY123"]) {
      const answer = await browser.signUp(email("common"), password);
      expect(answer.status, password).toBe(400);
      expect(answer.body).toEqual({ error: { code: "weak-password", message: "account.error.weakPassword" } });
    }
    const address = email("changer");
    await browser.verifiedAccount(address);
    expect((await browser.call("POST", "/api/auth/change-password", { currentPassword: PASSWORD, newPassword: "iloveyou" })).body.error.code).toBe("weak-password");
    await browser.call("POST", "/api/auth/request-password-reset", { email: address, locale: "en" });
    const code = await server.mailedCode(address, "resetPassword");
    expect((await browser.call("POST", "/api/auth/reset-password", { code, newPassword: "barcelona" })).body.error.code).toBe("weak-password");
  });

  it("write the mails in the account's preferred language, whatever page asks for them (issue 49 item 16), with a link to the site's page and its code", async () => {
    const server = await serve();
    const address = email("mails");
    const browser = identityClient(server);
    // Registered from a Valencian page: the account's language is Valencian until the user says otherwise.
    const { uid } = await browser.signedUp(address);
    await browser.call("POST", "/api/auth/request-password-reset", { email: address, locale: "en" });
    await server.mailsTo(address, "resetPassword", 1);
    const profile = await server.profiles.get(uid);
    await server.profiles.upsert({ ...profile!, preferredLanguage: "en" });
    await browser.call("POST", "/api/auth/send-verification-email", { email: address, locale: "es" });
    await server.mailsTo(address, "verifyEmail", 2);
    expect(server.mails.map(({ to, locale, template }) => ({ to, locale, template }))).toEqual([
      { to: address, locale: "val", template: "verifyEmail" },
      { to: address, locale: "val", template: "resetPassword" },
      { to: address, locale: "en", template: "verifyEmail" },
    ]);
    expect(server.mails[0]?.params).toHaveProperty("link");
    expect((server.mails[0]?.params as { link: string }).link).toMatch(/^https:\/\/arena\.test\/val\/verify\/\?code=[^&]+$/);
  });

  it("need a recent sign-in to change the password or delete the account", async () => {
    let offset = 0;
    const server = await serve({ now: () => Date.now() + offset });
    const browser = identityClient(server);
    await browser.verifiedAccount(email("stale"));
    offset = 6 * 60_000;
    for (const [path, body] of [
      ["/api/auth/change-password", { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }],
      ["/api/auth/delete-user", {}],
    ] as const) {
      const answer = await browser.call("POST", path, body);
      expect(answer.status, path).toBe(403);
      expect(answer.body).toEqual({ error: { code: "requires-recent-login", message: "account.error.requiresRecentLogin" } });
    }
    expect((await browser.call("GET", "/api/auth/get-session")).body.user).not.toBeNull();
  });

  it("keep a pending user from changing the profile or the password", async () => {
    const server = await serve();
    const browser = identityClient(server);
    await browser.signedUp(email("pending"));
    expect((await browser.call("POST", "/api/auth/update-user", { displayName: "Otra" })).status).toBe(403);
    expect((await browser.call("POST", "/api/auth/change-password", { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(403);
    expect((await browser.call("GET", "/api/auth/get-session")).body.user).toMatchObject({ displayName: "Ana García", emailVerified: false });
  });

  it("delete the user with its sessions, credentials, codes and profile, and keep its orders naming no one", async () => {
    const server = await serve();
    const browser = identityClient(server);
    const address = email("deleted");
    const { uid } = await browser.verifiedAccount(address);
    await server.profiles.upsert({
      uid,
      name: "Ana",
      surname: "García",
      phone: null,
      birthdate: null,
      address: null,
      preferredLanguage: "val",
      consents: {},
      updatedAt: new Date().toISOString(),
    });
    const now = new Date().toISOString();
    const held = await server.tickets.hold({
      userId: uid,
      eventId: "event-1",
      idempotencyKey: "checkout-1",
      lines: [{ ticketType: { ticketTypeId: "pista", capacity: 10, perOrderLimit: 4, perBuyerLimit: 4 }, quantity: 2 }],
      holdForMs: 600_000,
      now,
    });
    if (held.outcome !== "held") throw new Error(held.outcome);
    await server.tickets.confirm({ holdId: held.hold.holdId, userId: uid, now });
    await browser.call("POST", "/api/auth/request-password-reset", { email: address, locale: "es" });
    await browser.openServerSession();
    const credential = browser.cookie(SESSION_COOKIE) ?? "";

    expect((await browser.call("POST", "/api/auth/delete-user", {})).status).toBe(200);
    const count = (table: string, column: string) => (server.db.prepare(`SELECT count(*) AS n FROM "${table}" WHERE "${column}" = ?`).get(uid) as { n: number }).n;
    expect([count("user", "id"), count("session", "userId"), count("account", "userId"), count("verification", "value"), count("session_revocation", "uid")]).toEqual([0, 0, 0, 0, 0]);
    expect(server.profiles.uids()).not.toContain(uid);
    expect(await server.tickets.ordersOf(uid)).toEqual([]);
    expect((await server.tickets.ordersOf(DELETED_ACCOUNT)).some((order) => order.tickets.length === 2)).toBe(true);
    expect(await server.tickets.availability([{ ticketTypeId: "pista", capacity: 10 }], now)).toEqual([{ ticketTypeId: "pista", capacity: 10, sold: 2, held: 0 }]);
    expect(await server.sessions.sessions.verify(credential)).toBeNull();
    expect((await identityClient(server).signIn(address)).body.error.code).toBe("INVALID_EMAIL_OR_PASSWORD");
  });
});

describe("sign-in links (issue 49 item 1)", () => {
  const signInWithLink = (server: IdentityServer, code: string, address: string) =>
    identityClient(server).call("POST", "/api/auth/sign-in-with-link", { code, email: address });

  it("mail a link to the site's page, in the language asked for, whose code is kept only as its hash", async () => {
    const server = await serve();
    const address = email("link");
    await identityClient(server).verifiedAccount(address);
    await identityClient(server).call("POST", "/api/auth/sign-in-link", { email: address, locale: "val" });
    const code = await server.mailedCode(address, "signInLink");
    const mail = server.mails.findLast((message) => message.template === "signInLink");
    expect(mail).toMatchObject({ to: address, locale: "val" });
    expect((mail?.params as { link: string }).link).toBe(`https://arena.test/val/login/?code=${code}`);
    expect(JSON.stringify(server.db.prepare("SELECT identifier FROM verification").all())).not.toContain(code);
  });

  it("work for 15 minutes: an expired link is refused as expired, and uses nothing up", async () => {
    const server = await serve();
    const address = email("late");
    await identityClient(server).verifiedAccount(address);
    await identityClient(server).call("POST", "/api/auth/sign-in-link", { email: address, locale: "es" });
    const code = await server.mailedCode(address, "signInLink");
    const { expiresAt } = server.db.prepare("SELECT expiresAt FROM verification WHERE identifier LIKE 'magic-link:%'").get() as { expiresAt: string | number };
    const lifetime = new Date(expiresAt).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(14 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60_000);
    server.db.prepare("UPDATE verification SET expiresAt = ? WHERE identifier LIKE 'magic-link:%'").run(new Date(Date.now() - 1000).toISOString());
    const answer = await signInWithLink(server, code, address);
    expect(answer).toMatchObject({ status: 400, body: { error: { code: "expired-action-code", message: "account.error.invalidOrExpiredLink" } } });
    expect(answer.setCookies).toEqual([]);
  });

  it("sign in only with the address the link was sent to, and leave the link to its owner otherwise", async () => {
    const server = await serve();
    const address = email("owner");
    await identityClient(server).verifiedAccount(address);
    await identityClient(server).call("POST", "/api/auth/sign-in-link", { email: address, locale: "es" });
    const code = await server.mailedCode(address, "signInLink");
    expect(await signInWithLink(server, code, email("intruder"))).toMatchObject({ status: 400, body: { error: { code: "invalid-action-code" } } });
    expect(await signInWithLink(server, code, "not an address")).toMatchObject({ status: 400, body: { error: { code: "invalid-email" } } });
    const owner = await signInWithLink(server, code, address.toUpperCase());
    expect(owner).toMatchObject({ status: 200, body: { user: { email: address, emailVerified: true } } });
    expect(JSON.stringify(owner.body)).not.toContain("token");
    expect(await signInWithLink(server, code, address)).toMatchObject({ status: 400, body: { error: { code: "expired-action-code" } } });
  });

  it("count sign-ins by link with the other sign-ins of an address", async () => {
    const server = await serveInOneWindow({ limits: { signInPerAddress: minute(2) } });
    const client = identityClient(server, { ip: "198.51.100.9" });
    expect((await client.call("POST", "/api/auth/sign-in-with-link", { code: "a", email: email("x") })).status).toBe(400);
    expect((await client.call("POST", "/api/auth/sign-in-with-link", { code: "b", email: email("x") })).status).toBe(400);
    expect((await client.call("POST", "/api/auth/sign-in-with-link", { code: "c", email: email("x") })).status).toBe(429);
  });

  it("answer bad input with 4xx, never 5xx", async () => {
    const server = await serve();
    for (const body of [{}, { code: 1, email: "a@b.es" }, { code: "x" }, "not json"]) {
      expect((await identityClient(server).call("POST", "/api/auth/sign-in-with-link", body)).status).toBe(422);
    }
    expect((await identityClient(server).call("POST", "/api/auth/sign-in-link", { email: "a@b.es" })).status).toBe(422);
  });
});

describe("no account enumeration", () => {
  const comparable = (answer: { status: number; body: unknown }) => ({ status: answer.status, body: answer.body });

  it("answers a password-reset request alike for known and unknown addresses", async () => {
    const server = await serve();
    const known = email("known");
    await identityClient(server).signUp(known);
    const ask = (address: string) => identityClient(server).call("POST", "/api/auth/request-password-reset", { email: address, locale: "es" });
    expect(comparable(await ask(known))).toEqual(comparable(await ask(email("unknown"))));
    await server.mailedCode(known, "resetPassword");
    expect(server.mails.filter((mail) => mail.template === "resetPassword").map((mail) => mail.to)).toEqual([known]);
  });

  it("answers reset and resend before any work that only a known address needs, so that both take as long (issue 48 item 9)", async () => {
    const server = await serve();
    const known = email("known");
    await identityClient(server).signUp(known);
    const codes = () => (server.db.prepare("SELECT count(*) AS n FROM verification").get() as { n: number }).n;
    const before = codes();
    for (const path of ["/api/auth/request-password-reset", "/api/auth/send-verification-email"]) {
      const mailed = server.mails.length;
      const answer = await identityClient(server).call("POST", path, { email: known, locale: "es" });
      expect(answer).toMatchObject({ status: 200, body: {} });
      // Nothing written nor mailed yet when the answer is out: that comes after, as for no one.
      expect(codes()).toBe(before);
      expect(server.mails).toHaveLength(mailed);
    }
    await server.mailedCode(known, "resetPassword");
    await vi.waitFor(() => expect(server.mails.filter((mail) => mail.to === known).map((mail) => mail.template)).toEqual(["verifyEmail", "resetPassword", "verifyEmail"]));
  });

  it("answers a sign-in link request alike for known and unknown addresses, before any work, and mails accounts only (issue 49 item 1)", async () => {
    const server = await serve();
    const known = email("known");
    await identityClient(server).verifiedAccount(known);
    const codes = () => (server.db.prepare("SELECT count(*) AS n FROM verification").get() as { n: number }).n;
    const before = codes();
    const ask = (address: string) => identityClient(server).call("POST", "/api/auth/sign-in-link", { email: address, locale: "en" });
    const unknown = email("unknown");
    const answers = [await ask(known), await ask(unknown)];
    expect(answers.map(comparable)).toEqual([{ status: 200, body: {} }, { status: 200, body: {} }]);
    expect(codes()).toBe(before);
    await server.mailedCode(known, "signInLink");
    // In the account's own language (its profile's, from registration), not the asking page's (issue 49 item 16).
    const accountLocale = (await server.profiles.get((server.db.prepare(`SELECT id FROM "user" WHERE email = ?`).get(known) as { id: string }).id))?.preferredLanguage;
    expect(accountLocale).toBeDefined();
    expect(server.mails.filter((mail) => mail.template === "signInLink").map(({ to, locale }) => ({ to, locale }))).toEqual([{ to: known, locale: accountLocale }]);
    // Nor does any code name the unknown address: better-auth's own route would have mailed it.
    expect(server.db.prepare("SELECT value FROM verification WHERE identifier LIKE 'magic-link:%'").all()).toEqual([{ value: expect.stringContaining(known) }]);
  });

  it("answers a verification resend alike for unknown, pending and verified addresses", async () => {
    const server = await serve();
    const pending = email("pending");
    const verified = email("verified");
    await identityClient(server).signUp(pending);
    await identityClient(server).verifiedAccount(verified);
    const ask = (address: string) => identityClient(server).call("POST", "/api/auth/send-verification-email", { email: address, locale: "es" });
    const answers = await Promise.all([ask(email("unknown")), ask(pending), ask(verified)]);
    expect(answers.map(comparable)).toEqual(Array(3).fill({ status: 200, body: {} }));
  });
});
