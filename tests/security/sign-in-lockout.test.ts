import { describe, expect, inject, it } from "vitest";
import { header, raw } from "./support/raw-http";

// Issue 48 item 3: wrong passwords for an address, from any number of client addresses, must not
// keep its owner out. Each request comes from an address of its own on the loopback network
// (127.0.0.0/8), which the production server sees as its socket's peer.

const baseUrl = inject("baseUrl");
const password = "Túria-arena-2026!";

const signIn = (email: string, candidate: string, from: string) =>
  raw({
    method: "POST",
    path: "/api/auth/sign-in/email",
    from,
    headers: { Origin: baseUrl, "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: candidate }),
  });

/** An account, signed up from an address of its own: the run's other sign-ups come from 127.0.0.1 and share its limit. */
async function account(email: string, from: string) {
  const signedUp = await raw({
    method: "POST",
    path: "/api/auth/sign-up/email",
    from,
    headers: { Origin: baseUrl, "Content-Type": "application/json" },
    body: JSON.stringify({ email, password, name: "Ana", surname: "Puig", privacyPolicy: true, locale: "en" }),
  });
  if (signedUp.status !== 200) throw new Error(`sign-up answered ${signedUp.status}: ${signedUp.body}`);
}

describe("sign-in limits", () => {
  it("let the owner in from a new address after wrong passwords from many others", async () => {
    const email = `owner.${Date.now()}@example.org`;
    await account(email, "127.0.0.200");
    const guesses = [];
    for (let address = 10; address < 40; address += 1) guesses.push((await signIn(email, `guess-${address}-arena`, `127.0.0.${address}`)).status);
    expect(guesses).toEqual(Array(30).fill(401));
    const owner = await signIn(email, password, "127.0.0.99");
    expect(owner.status).toBe(200);
    expect(JSON.parse(owner.body)).toMatchObject({ user: { email } });
  });

  it("make an address that keeps guessing wait, with Retry-After, before its per-address limit", async () => {
    const email = `target.${Date.now()}@example.org`;
    await account(email, "127.0.0.201");
    const answers = [];
    // Nine attempts, under the ten a minute an address may make: a 429 here is the backoff's, whose
    // waits (1, 2, 4, 8 s after the fifth failure) no server answers slowly enough to miss.
    for (let guess = 0; guess < 9; guess += 1) answers.push(await signIn(email, `guess-${guess}-arena`, "127.0.0.120"));
    expect(answers.slice(0, 5).map((answer) => answer.status)).toEqual(Array(5).fill(401));
    const waiting = answers.slice(5).find((answer) => answer.status === 429);
    expect(waiting).toBeDefined();
    expect(Number(header(waiting!, "retry-after"))).toBeGreaterThanOrEqual(1);
  });
});
