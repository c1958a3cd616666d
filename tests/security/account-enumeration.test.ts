import { afterAll, describe, expect, inject, it } from "vitest";
import en from "../../locales/en.json";
import { linkIn, mailOutbox } from "../e2e/support/outbox";
import { raw, type RawResponse } from "./support/raw-http";

// Issue 48 item 9: registering an address that has an account answered 422
// USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL, and a new one was signed in at once, so anyone could ask
// the site who has an account. Registration now answers a known address exactly as a new one,
// signs neither in, and mails the owner instead. Each test sends from a loopback address of its
// own (127.0.0.0/8), so that the run's other sign-ups do not share its limits.
// (That reset and resend do a known address's work only after answering, as for an unknown one, is
// shown in-process by local-identity.routes.test.ts, which can read the database as the answer arrives.)

const baseUrl = inject("baseUrl");
const outbox = mailOutbox(inject("dataDir"));
afterAll(() => outbox.close());

const PASSWORD = "Túria-arena-2026!";
let addresses = 0;
const newAddress = (label: string) => `${label}.${Date.now()}.${++addresses}@example.org`;

/** What a client can tell answers apart by: the status, the body, the cookies set (the nonces and the address aside). */
const observable = (response: RawResponse, email: string) => ({
  status: response.status,
  body: response.body.replaceAll(email, "<address>").replace(/ nonce="[^"]+"/g, ""),
  cookies: response.headers["set-cookie"] ?? [],
});

// With the display name as well, which the sign-up asked for before: so that the test shows the
// server of before refusing a known address, not a body it would not read.
const register = (email: string, from: string) =>
  raw({
    method: "POST",
    path: "/api/auth/sign-up/email",
    from,
    headers: { Origin: baseUrl, "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD, name: "Ana", surname: "Puig", displayName: "Ana Puig", privacyPolicy: true, locale: "en" }),
  });

const registerWithoutJavaScript = (email: string, from: string) =>
  raw({
    method: "POST",
    path: "/en/register/",
    from,
    headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ form: "register", locale: "en", name: "Ana", surname: "Puig", email, password: PASSWORD, passwordConfirmation: PASSWORD, privacyPolicy: "on" }).toString(),
  });

describe("account enumeration", () => {
  it("answers the registration of a known address as a new one's, signs neither in, and mails the owner instead", async () => {
    const known = newAddress("known");
    expect((await register(known, "127.0.0.210")).status).toBe(200);
    const fresh = newAddress("fresh");
    const first = await register(fresh, "127.0.0.210");
    const again = await register(known, "127.0.0.210");
    expect(observable(again, known)).toEqual(observable(first, fresh));
    expect(observable(again, known)).toEqual({ status: 200, body: "{}", cookies: [] });

    // The new address is asked to confirm itself; the known one's owner hears of the attempt.
    await outbox.latest(fresh, "verifyEmail");
    const warning = await outbox.latest(known, "registrationAttempt");
    expect(linkIn(warning, "/en/login/")).toBe(`${baseUrl}/en/login/`);
  });

  it("answers a plain registration post for a known address as for a new one, with the same page", async () => {
    const known = newAddress("known-plain");
    expect((await register(known, "127.0.0.211")).status).toBe(200);
    const fresh = newAddress("fresh-plain");
    const first = await registerWithoutJavaScript(fresh, "127.0.0.211");
    const again = await registerWithoutJavaScript(known, "127.0.0.211");
    expect(observable(again, known)).toEqual(observable(first, fresh));
    expect(first.status).toBe(200);
    expect(first.headers["set-cookie"]).toBeUndefined();
    expect(first.body).toContain(en.account.register.checkMail);
    await outbox.latest(known, "registrationAttempt");
  });

  it("answers password-reset and verification requests for a known address as for an unknown one", async () => {
    const known = newAddress("known-mail");
    expect((await register(known, "127.0.0.212")).status).toBe(200);
    const unknown = newAddress("unknown-mail");
    for (const path of ["/api/auth/request-password-reset", "/api/auth/send-verification-email"]) {
      const ask = (email: string) =>
        raw({ method: "POST", path, from: "127.0.0.212", headers: { Origin: baseUrl, "Content-Type": "application/json" }, body: JSON.stringify({ email, locale: "en" }) });
      expect(observable(await ask(known), known), path).toEqual(observable(await ask(unknown), unknown));
    }
    await outbox.latest(known, "resetPassword");
  });
});
