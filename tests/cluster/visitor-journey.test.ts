import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { HOST_SESSION_COOKIE } from "../../core";
import { CLUSTER_OPTIONS, eventOf, mailsTo, mailsWithKeys, onEveryInstance, running, visitorClient } from "./support/cluster";
import { firebaseAuth } from "./support/firebase-visitor";

// Issue 50: a visitor's whole journey on the production configuration — three instances on
// Firebase's Auth and Firestore emulators, haproxy round-robin in front, no stickiness — so each
// step may land on any instance, and those that matter are asked of every one.

describe("one visitor's journey through the balancer, over three instances", CLUSTER_OPTIONS, () => {
  it("registers, verifies, signs in, sees the dashboard on every instance, buys, writes to the arena and signs out everywhere", async () => {
    const auth = firebaseAuth();
    const email = `journey.${randomUUID()}@example.org`;
    const password = "Correct-Horse-Battery-9";
    const visitor = visitorClient();
    const names = running().instances.map((instance) => instance.name);

    // Registration: the browser signs up at Firebase and trades its ID token for the site's session.
    const signedUp = await auth.signUp(email, password);
    expect((await visitor.call("/api/__session", { method: "POST", body: { token: signedUp.idToken } })).status).toBe(200);
    const profile = await visitor.call("/api/account/profile", {
      method: "POST",
      body: { name: "Ana", surname: "García Puig", preferredLanguage: "en", privacyPolicy: true },
    });
    expect(profile.status).toBe(201);
    // Not verified yet: no instance sells to it.
    const event = eventOf("circ-de-les-estrelles");
    const type = event.types[0]!;
    const unverified = await onEveryInstance(() =>
      visitor.call("/api/tickets/events/circ-de-les-estrelles/holds", {
        method: "POST",
        headers: { "Idempotency-Key": randomUUID() },
        body: { lines: [{ ticketTypeId: type._uid, quantity: 2 }] },
      }),
    );
    for (const [name, answer] of unverified) expect([name, answer.status]).toEqual([name, 403]);

    // Verification: Firebase's mail link opened, then a sign-in whose token says so.
    await auth.sendVerification(signedUp.idToken);
    await auth.verifyEmail(email);
    const signedIn = await auth.signIn(email, password);
    expect((await visitor.call("/api/__session", { method: "POST", body: { token: signedIn.idToken } })).status).toBe(200);
    const sessionCookie = visitor.cookies.get(HOST_SESSION_COOKIE);
    expect(sessionCookie).toBeDefined();

    // The dashboard, on every instance, is this visitor's.
    const dashboards = await onEveryInstance(() => visitor.call("/en/dashboard/"));
    expect([...dashboards.keys()].sort()).toEqual(names);
    for (const [name, page] of dashboards) {
      expect([name, page.status]).toEqual([name, 200]);
      expect(await page.text()).toContain(email);
    }

    // Buying: the hold on one instance, the payment on the next, the order seen on every one.
    const hold = await visitor.call("/api/tickets/events/circ-de-les-estrelles/holds", {
      method: "POST",
      headers: { "Idempotency-Key": randomUUID() },
      body: { lines: [{ ticketTypeId: type._uid, quantity: 2 }] },
    });
    expect(hold.status).toBe(201);
    const { holdId } = (await hold.json()) as { holdId: string };
    const paid = await visitor.call(`/api/tickets/holds/${holdId}/payment`, { method: "POST" });
    expect(paid.servedBy).not.toBe(hold.servedBy);
    expect(paid.status).toBe(201);
    const { order } = (await paid.json()) as { order: { orderId: string } };
    const orders = await onEveryInstance(() => visitor.call("/api/tickets/orders"));
    for (const [name, answer] of orders) {
      const { orders: listed } = (await answer.json()) as { orders: { orderId: string; tickets: unknown[] }[] };
      expect([name, listed.map((each) => [each.orderId, each.tickets.length])]).toEqual([name, [[order.orderId, 2]]]);
    }
    const [confirmation] = await mailsTo(email);
    expect(confirmation!.message).toContain(order.orderId.slice(0, 8));

    // The contact form: acknowledged once, its two mails (the team's, the visitor's) delivered once each.
    const contact = await visitor.call("/api/forms/contact", {
      method: "POST",
      headers: { "Idempotency-Key": randomUUID() },
      body: { name: "Ana", surname: "García Puig", email, phone: "+34 600 000 000", subject: "Accessible seats", message: "Hola!", event: "lua-serrano-marea-alta", privacyPolicy: true, communication: true },
    });
    expect(contact.status).toBe(201);
    const { id: submissionId } = (await contact.json()) as { id: string };
    const leadMails = await mailsWithKeys([`${submissionId}.team`, `${submissionId}.visitor`]);
    expect(leadMails.map((mail) => mail.to)).toEqual([["contacto@turiaarena.example"], [email]]);

    // Sign-out on one instance ends the session on all three: the cookie it had is refused everywhere.
    // (Firebase compares revocation with the sign-in's time in whole seconds: the sign-in must be a second older.)
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const signedOut = await visitor.call("/api/__session", { method: "DELETE" });
    expect(signedOut.status).toBe(200);
    const stale = visitorClient();
    stale.cookies.set(HOST_SESSION_COOKIE, sessionCookie!);
    const afterwards = await onEveryInstance(() => stale.call("/en/dashboard/"));
    for (const [name, page] of afterwards) expect([name, page.status, page.headers.get("location")]).toEqual([name, 302, "/en/login/?returnTo=%2Fen%2Fdashboard%2F"]);
  });
});
