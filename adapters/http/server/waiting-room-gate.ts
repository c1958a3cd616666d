import { randomBytes } from "node:crypto";
import { parse, serialize } from "hono/utils/cookie";
import {
  WAITING_ROOM,
  arrivalPositionOf,
  isAdmitted,
  standingOf,
  waitingRoomAnswerOf,
  waitingRoomIsOpen,
  waitingRoomSettingsOf,
  type SaleEvent,
  type SessionUser,
  type WaitingRoomAnswer,
  type WaitingRoomStorePort,
  type WaitingRoomTicket,
} from "../../../core";
import type { WaitingRoomTickets } from "./waiting-room-tickets";

/** The browser's own id, which a place is bound to: a token copied into another browser lacks it. */
export const BROWSER_ID_COOKIE = "arena-browser";
/** This browser's place in an event's room (one cookie per room). */
export const waitingRoomCookieName = (eventId: string) => `arena-queue-${eventId}`;

const BROWSER_ID_MAX_AGE_S = 400 * 24 * 60 * 60;

export interface WaitingRoomGate {
  /** The event's room is in front of its tickets now. */
  isOpen(event: SaleEvent, now: Date): boolean;
  /** This browser's standing in the event's open room: "not-queued" without a genuine place of its own. */
  standing(event: SaleEvent, cookieHeader: string | null | undefined, user: SessionUser | null, now: Date): Promise<WaitingRoomAnswer>;
  /** Whether this browser may hold the event's tickets now: no room open, or admitted within its window. */
  admits(event: SaleEvent, cookieHeader: string | null | undefined, user: SessionUser | null, now: Date): Promise<boolean>;
  /** Takes a place (or finds the one this browser, or account, has; or, that one's window past, a new one) and the cookies that keep it. */
  arrive(event: SaleEvent, cookieHeader: string | null | undefined, user: SessionUser | null, now: Date): Promise<{ answer: WaitingRoomAnswer; cookies: string[] }>;
}

export interface WaitingRoomGateOptions {
  readonly store: WaitingRoomStorePort;
  readonly tickets: WaitingRoomTickets;
  /** Secure cookies (production, https). */
  readonly secure: boolean;
  readonly random?: () => number;
}

/**
 * The waiting room as HTTP sees it (issue 51): a place is a signed token in an HttpOnly cookie,
 * bound to the room, to this browser's id and, when one was signed in on arrival, to the account;
 * its standing is the store's frontier (one read) and the token. The store keeps one place per account.
 */
export function createWaitingRoomGate({ store, tickets, secure, random = Math.random }: WaitingRoomGateOptions): WaitingRoomGate {
  const cookieOptions = { path: "/", httpOnly: true, sameSite: "Lax", secure } as const;

  /** The browser's place in the room, if its token is genuine and its own. */
  function placeOf(event: SaleEvent, cookies: Record<string, string>, user: SessionUser | null): WaitingRoomTicket | undefined {
    const ticket = tickets.open(cookies[waitingRoomCookieName(event.id)]);
    if (!ticket || ticket.r !== event.id || ticket.b !== cookies[BROWSER_ID_COOKIE]) return undefined;
    // A place taken signed in is that account's: not another's, nor anyone's signed out.
    if (ticket.u !== undefined && ticket.u !== user?.uid) return undefined;
    return ticket;
  }

  async function answerFor(event: SaleEvent, ticket: WaitingRoomTicket | undefined, now: Date): Promise<WaitingRoomAnswer> {
    const settings = waitingRoomSettingsOf(event.content);
    if (!ticket || !settings) return { status: "not-queued" };
    return waitingRoomAnswerOf(standingOf(await store.frontier(event.id, settings), ticket.p, now.getTime(), settings));
  }

  return {
    isOpen: (event, now) => waitingRoomIsOpen(waitingRoomSettingsOf(event.content), now.getTime()),
    async standing(event, cookieHeader, user, now) {
      return answerFor(event, placeOf(event, parse(cookieHeader ?? ""), user), now);
    },
    async admits(event, cookieHeader, user, now) {
      const settings = waitingRoomSettingsOf(event.content);
      if (!waitingRoomIsOpen(settings, now.getTime())) return true;
      const ticket = placeOf(event, parse(cookieHeader ?? ""), user);
      return ticket !== undefined && isAdmitted(await store.frontier(event.id, settings), ticket.p, now.getTime());
    },
    async arrive(event, cookieHeader, user, now) {
      const settings = waitingRoomSettingsOf(event.content);
      const cookies = parse(cookieHeader ?? "");
      if (!waitingRoomIsOpen(settings, now.getTime())) return { answer: { status: "not-queued" }, cookies: [] };
      const held = placeOf(event, cookies, user);
      const heldAnswer = held && (await answerFor(event, held, now));
      if (heldAnswer && heldAnswer.status !== "expired") return { answer: heldAnswer, cookies: [] };
      // A place whose window has passed is gone: a new one, at the back (not the account's first, which the store keeps).
      const accountId = user && !heldAnswer ? user.uid : undefined;
      const browser = cookies[BROWSER_ID_COOKIE] && cookies[BROWSER_ID_COOKIE].length <= 64 ? cookies[BROWSER_ID_COOKIE] : randomBytes(18).toString("base64url");
      const arrived = await store.arrive({ roomId: event.id, position: arrivalPositionOf(now.getTime(), settings, random), ...(accountId ? { accountId } : {}) });
      const ticket: WaitingRoomTicket = { v: 1, r: event.id, p: arrived.position, b: browser, ...(user ? { u: user.uid } : {}) };
      // The place lasts as long as it may matter: until its admission window could have passed, and a day more.
      const maxAge = Math.ceil((Math.max(0, settings.saleStartsAt - now.getTime()) + 24 * 60 * 60_000 + WAITING_ROOM.admissionWindowMs) / 1000);
      return {
        answer: await answerFor(event, ticket, now),
        cookies: [
          ...(browser === cookies[BROWSER_ID_COOKIE] ? [] : [serialize(BROWSER_ID_COOKIE, browser, { ...cookieOptions, maxAge: BROWSER_ID_MAX_AGE_S })]),
          serialize(waitingRoomCookieName(event.id), tickets.sign(ticket), { ...cookieOptions, maxAge }),
        ],
      };
    },
  };
}
