import type { PageContextServer } from "vike/types";
import { eventSummary, verifyTicket } from "../../../core";
import { contentQueryOf } from "../content-query";

export type Data = Awaited<ReturnType<typeof data>>;

/**
 * Checks the token in `t` (a ticket's QR code opens this page with it): its signature first, then
 * what it names, as the CMS has it now. Nothing about the buyer is shown. A ticket's short code
 * (typed from the ticket or the mail) carries no signature: the page says so instead of calling a
 * genuine ticket fake, and with no staff accounts to look it up for, sends to the QR code or the box office.
 */
export async function data(pageContext: PageContextServer) {
  const token = (pageContext.urlParsed.search.t ?? "").trim();
  if (!token) return { token: "", result: null };
  const { content, tickets } = pageContext.globalContext.services;
  // The door kiosk's check too (issue 54): the signature only, here; no record of use.
  const verification = await verifyTicket(token, tickets.signer.verify);
  if (verification.kind === "short-code") return { token, result: { valid: "short-code" as const } };
  if (verification.kind === "not-valid") return { token, result: { valid: false as const } };
  const { pass } = verification;
  const story = (await content.events(contentQueryOf(pageContext))).find((event) => event.meta.uuid === pass.e);
  const type = story?.content.ticket_types?.find((candidate) => candidate._uid === pass.y);
  return {
    token,
    result: {
      valid: true as const,
      code: pass.c,
      event: story ? eventSummary(story.meta, story.content, new Date()) : null,
      ticketType: type?.name ?? null,
    },
  };
}
