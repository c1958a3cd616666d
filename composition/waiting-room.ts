import { sessionSecretOf } from "./session-secret";
import { siteAddressesOf } from "./site-addresses";
import type { Hono } from "hono";
import { createWaitingRoomGate, type WaitingRoomGate } from "../adapters/http/server/waiting-room-gate";
import { waitingRoomRoute } from "../adapters/http/server/waiting-room.route";
import { createWaitingRoomTickets } from "../adapters/http/server/waiting-room-tickets";
import { createWaitingRoomAdvance, type WaitingRoomAdvance } from "../adapters/runtime/waiting-room-advance";
import { createSqliteWaitingRoomStore, openWaitingRoomDatabase } from "../adapters/embedded/waiting-room/sqlite-waiting-room-store.adapter";
import {
  isPastEvent,
  eventDatesOf,
  localisePath,
  routes,
  saleEventOf,
  waitingRoomIsOpen,
  waitingRoomSettingsOf,
  type ContentPort,
  type LocaleCode,
  type Logger,
  type RateLimiters,
  type RequestSessionVerifier,
  type SaleEvent,
  type TicketSales,
  type WaitingRoomStorePort,
} from "../core";
import type { AppConfig } from "./config";

export interface WaitingRoomWiring {
  /** What the tickets page and the hold API ask: this browser's standing, and whether it may hold. */
  readonly gate: WaitingRoomGate;
  readonly routes: readonly { readonly path: string; readonly app: Hono }[];
  /** Moves the open rooms' frontiers; started by the server. */
  readonly advance: WaitingRoomAdvance;
}

export interface WaitingRoomDependencies {
  readonly content: ContentPort;
  readonly sales: TicketSales;
  readonly sessions: RequestSessionVerifier;
  readonly eventBySlug: (slug: string, locale: LocaleCode) => Promise<SaleEvent | null>;
  readonly rateLimiters: RateLimiters;
  readonly logger: Logger;
}

/**
 * Issue 51's waiting rooms: the frontier on the embedded SQLite (a file of its own in DATA_DIR),
 * or on Firestore with FIREBASE_PROJECT_ID; tokens signed with a key from SESSION_SECRET (required
 * on Firebase); the API at /api/waiting-room.
 */
export function wireWaitingRoom(config: AppConfig, dependencies: WaitingRoomDependencies): WaitingRoomWiring {
  const store = config.identity.provider === "firebase" ? firestoreWaitingRooms(config.identity.projectId) : createSqliteWaitingRoomStore(openWaitingRoomDatabase(config.dataDir));
  const gate = createWaitingRoomGate({ store, tickets: createWaitingRoomTickets(sessionSecretOf(config)), secure: config.production });
  const ticketsPage = (slug: string, locale: LocaleCode) => localisePath(routes.eventTickets.path({ id: slug }), locale, config.locale);
  async function openRooms(now: Date): Promise<SaleEvent[]> {
    // The content port caches the listing: read once per content version.
    const events = await dependencies.content.events({ locale: config.locale.defaultLocale, version: "published" });
    return events
      .filter((story) => waitingRoomIsOpen(waitingRoomSettingsOf(story.content), now.getTime()) && !isPastEvent(eventDatesOf(story.content), now))
      .map(saleEventOf);
  }
  return {
    gate,
    advance: createWaitingRoomAdvance({ store, openRooms, offer: (event, now) => dependencies.sales.offer(event, now), logger: dependencies.logger }),
    routes: [
      {
        path: "/api/waiting-room",
        app: waitingRoomRoute({
          gate,
          sessions: dependencies.sessions,
          eventBySlug: dependencies.eventBySlug,
          ticketsPage,
          allowedOrigins: siteAddressesOf(config).allowedOrigins,
          defaultLocale: config.locale.defaultLocale,
          rateLimiters: dependencies.rateLimiters,
          trustedProxies: config.trustedProxies,
        }),
      },
    ],
  };
}

function firestoreWaitingRooms(projectId: string): WaitingRoomStorePort {
  // firebase-admin is loaded only by a server that uses it.
  const loaded = import("./firebase-waiting-room").then((module) => module.firestoreWaitingRooms(projectId));
  return {
    arrive: async (...args) => (await loaded).arrive(...args),
    frontier: async (...args) => (await loaded).frontier(...args),
    advance: async (...args) => (await loaded).advance(...args),
  };
}
