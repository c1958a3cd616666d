import { spawnSync } from "node:child_process";
import { expect } from "vitest";
import { createEd25519TicketSigner } from "../../../adapters/runtime/ed25519-ticket-signer.adapter";
import { loadTicketSigningKey } from "../../../adapters/runtime/ticket-signing-key";
import { ticketPassOf, type TicketOrder } from "../../../core";
import { signedUpVisitor } from "./accounts";
import { embeddedEvent, verifiedApiBuyer } from "./buyers";

export const uniqueEmail = (name: string) => `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.org`;

/**
 * A buyer's paid order for an embedded event through the site's API, and its tickets' QR codes
 * as the dashboard signs them, with the server's key (issue 54's door check-ins).
 */
export async function paidTickets(options: { baseUrl: string; dataDir: string; slug: string; quantity: number }) {
  const buyerEmail = uniqueEmail("buyer");
  const visitor = await verifiedApiBuyer({ baseUrl: options.baseUrl, dataDir: options.dataDir, email: buyerEmail });
  const type = embeddedEvent(options.slug).types[0]!;
  const hold = await visitor.call(`/api/tickets/events/${options.slug}/holds`, { method: "POST", headers: { "Idempotency-Key": `door-${Date.now()}-${Math.random().toString(36).slice(2, 10)}` }, body: { lines: [{ ticketTypeId: type._uid, quantity: options.quantity }] } });
  expect(hold.status).toBe(201);
  const paid = await visitor.call(`/api/tickets/holds/${((await hold.json()) as { holdId: string }).holdId}/payment`, { method: "POST" });
  expect(paid.status).toBe(201);
  const order = ((await paid.json()) as { order: TicketOrder }).order;
  const signer = createEd25519TicketSigner(loadTicketSigningKey({ configuredKey: undefined, dataDir: options.dataDir }));
  const tokens = await Promise.all(order.tickets.map((ticket) => signer.sign(ticketPassOf(order, ticket))));
  return { visitor, buyerEmail, order, tokens };
}

/** A signed-up account made door staff for one event by the real `npm run staff:grant` script. */
export async function doorStaff(options: { baseUrl: string; dataDir: string; eventUuid: string }) {
  const email = uniqueEmail("puerta");
  const staff = await signedUpVisitor(options.baseUrl, { email, password: "Correct-Horse-Battery-9", name: "Puerta", surname: "Norte" });
  const granted = spawnSync(process.execPath, ["scripts/staff.mjs", email, "--event", options.eventUuid], { env: { PATH: process.env.PATH ?? "", DATA_DIR: options.dataDir }, encoding: "utf8" });
  expect(granted.stderr).toBe("");
  expect(granted.stdout.trim()).toBe(`${email} is door staff for ${options.eventUuid}.`);
  return Object.assign(staff, { email });
}
