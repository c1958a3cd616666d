import type { PageContextServer } from "vike/types";
import { eventSummary, isTicketCodeShape } from "../../../core";
import { contentQueryOf } from "../content-query";

export type Data = Awaited<ReturnType<typeof data>>;

/** The longest token the page reads; a real one is a few hundred characters. */
const MAX_TOKEN_LENGTH = 2_000;

/**
 * Checks the token in `t` (a ticket's QR code opens this page with it): its signature first, then
 * what it names, as the CMS has it now. Nothing about the buyer is shown. A ticket's short code
 * (typed from the ticket or the mail) carries no signature: the page says so instead of calling a
 * genuine ticket fake, and with no staff accounts to look it up for, sends to the QR code or the box office.
 */
export async function data(pageContext: PageContextServer) {
  const token = (pageContext.urlParsed.search.t ?? "").trim();
  if (!token) return { token: "", result: null };
  if (isTicketCodeShape(token)) return { token, result: { valid: "short-code" as const } };
  const { content, tickets } = pageContext.globalContext.services;
  const pass = token.length <= MAX_TOKEN_LENGTH ? await tickets.signer.verify(token) : null;
  if (!pass) return { token, result: { valid: false as const } };
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
