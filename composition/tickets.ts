import { sessionSecretOf } from "./session-secret";
import { siteAddressesOf } from "./site-addresses";
import type { Hono } from "hono";
import { clickVisitors } from "../adapters/http/server/click-visitors";
import { paymentWebhookRoute } from "../adapters/http/server/payment-webhook.route";
import { TICKET_RATE_LIMITS, ticketsRoute } from "../adapters/http/server/tickets.route";
import { createEd25519TicketSigner } from "../adapters/runtime/ed25519-ticket-signer.adapter";
import { loadTicketSigningKey } from "../adapters/runtime/ticket-signing-key";
import { createSqliteExternalTicketClicks } from "../adapters/embedded/tickets/sqlite-external-ticket-clicks.adapter";
import { createSqliteTicketStore } from "../adapters/embedded/tickets/sqlite-ticket-store.adapter";
import { createTicketHoldSweep, type TicketHoldSweep } from "../adapters/runtime/ticket-hold-sweep";
import {
  createTicketSales,
  routes,
  saleEventOf,
  type ContentPort,
  type ExternalTicketClicksPort,
  type LocaleCode,
  type Logger,
  type MailPort,
  type PaymentPort,
  type RateLimiters,
  type SaleEvent,
  type RequestSessionVerifier,
  type UserProfilePort,
  type TicketSales,
  type TicketSignerPort,
  type TicketStorePort,
  ticketsApi,
} from "../core";
import type { AccountsWiring } from "./accounts";
import type { AppConfig } from "./config";
import { wireWaitingRoom, type WaitingRoomWiring } from "./waiting-room";

export interface TicketsWiring {
  readonly sales: TicketSales;
  /** The stock and the orders; the accounts anonymise a deleted user's orders through it. */
  readonly store: TicketStorePort;
  readonly payments: PaymentPort;
  readonly clicks: ExternalTicketClicksPort;
  /** Signs the tickets' QR codes; its public keys are at `ticketsApi.signingKeys` for door scanners. */
  readonly signer: TicketSignerPort;
  /** The URL a ticket's QR code holds: the check page with the ticket's signed token. */
  readonly checkUrl: (token: string, locale: LocaleCode) => string;
  /** The published event at a slug, with its story's uuid, in a language. */
  readonly eventBySlug: (slug: string, locale: LocaleCode) => Promise<SaleEvent | null>;
  readonly routes: readonly { readonly path: string; readonly app: Hono }[];
  /** Deletes holds an hour after they ended; started by the server. */
  readonly holdSweep: TicketHoldSweep;
  /** Issue 51: the events' waiting rooms, in front of the tickets page and the hold API. */
  readonly waitingRoom: WaitingRoomWiring;
}

export interface TicketsDependencies {
  readonly db: AccountsWiring["db"];
  readonly mail: MailPort;
  readonly userProfiles: UserProfilePort;
  readonly sessions: RequestSessionVerifier;
  readonly content: ContentPort;
  readonly payments: PaymentPort;
  readonly logger: Logger;
  /** Holds and purchase-code claims are counted here, with every server process. */
  readonly rateLimiters: RateLimiters;
}

/**
 * Ticket sales: the stock on the embedded SQLite (Firestore, sharded, with FIREBASE_PROJECT_ID),
 * the events' ticket types from the CMS's published content, the API at `ticketsApi.base`.
 */
export function wireTickets(config: AppConfig, dependencies: TicketsDependencies): TicketsWiring {
  const { content, payments } = dependencies;
  const firebase = config.identity.provider === "firebase" ? firebaseTickets(config.identity.projectId, config.tickets.firestoreShards) : undefined;
  const store = firebase?.store ?? createSqliteTicketStore(dependencies.db);
  const clicks = firebase?.clicks ?? createSqliteExternalTicketClicks(dependencies.db);
  const { pageUrl } = siteAddressesOf(config);

  async function eventBySlug(slug: string, locale: LocaleCode): Promise<SaleEvent | null> {
    const story = await content.event(slug, { locale, version: "published" });
    return story ? saleEventOf(story) : null;
  }
  async function eventById(id: string, locale: LocaleCode): Promise<SaleEvent | null> {
    // The content port caches the listing: a few hundred events, read once per content version.
    const story = (await content.events({ locale, version: "published" })).find((each) => each.meta.uuid === id);
    return story ? saleEventOf(story) : null;
  }

  const sales = createTicketSales(
    { store, payments, mail: dependencies.mail, userProfiles: dependencies.userProfiles },
    {
      holdMs: config.tickets.holdMs,
      extensionMs: config.tickets.holdExtensionMs,
      eventById,
      links: {
        tickets: (event, locale) => pageUrl(routes.eventTickets.path({ id: event.slug }), locale),
        dashboard: (locale) => pageUrl(routes.dashboard.path(), locale),
      },
    },
  );
  const signer = createEd25519TicketSigner(loadTicketSigningKey({ configuredKey: config.tickets.signingKey, dataDir: config.dataDir }), {
    verifyKeys: config.tickets.verifyKeys,
  });
  const allowedOrigins = siteAddressesOf(config).allowedOrigins;
  const waitingRoom = wireWaitingRoom(config, { content, sales, sessions: dependencies.sessions, eventBySlug, rateLimiters: dependencies.rateLimiters, logger: dependencies.logger });
  const clickVisitor = clickVisitors({ secret: sessionSecretOf(config), trustedProxies: config.trustedProxies });
  return {
    sales,
    store,
    payments,
    clicks,
    signer,
    checkUrl: (token, locale) => pageUrl(routes.ticketCheck.path({ t: token }), locale),
    eventBySlug,
    holdSweep: createTicketHoldSweep({ store, logger: dependencies.logger }),
    waitingRoom,
    routes: [
      ...waitingRoom.routes,
      {
        path: ticketsApi.base,
        app: ticketsRoute({
          sales,
          clicks,
          clickVisitor,
          verificationKeys: signer.publicKeys,
          sessions: dependencies.sessions,
          eventBySlug,
          allowedOrigins,
          defaultLocale: config.locale.defaultLocale,
          rateLimiters: dependencies.rateLimiters,
          limits: {
            holdsPerAccount: { ...TICKET_RATE_LIMITS.holdsPerAccount, limit: config.tickets.holdsPerMinute.perAccount },
            holdsPerAddress: { ...TICKET_RATE_LIMITS.holdsPerAddress, limit: config.tickets.holdsPerMinute.perAddress },
          },
          trustedProxies: config.trustedProxies,
          admits: (request, event, user, now) => waitingRoom.gate.admits(event, request.headers.get("Cookie"), user, now),
        }),
      },
      {
        path: ticketsApi.paymentWebhook.path,
        app: paymentWebhookRoute({ payments, onNotice: (notice) => sales.settle(notice, new Date()), logger: dependencies.logger }),
      },
    ],
  };
}

function firebaseTickets(projectId: string, shardCount: number): { store: TicketStorePort; clicks: ExternalTicketClicksPort } {
  // firebase-admin is loaded only by a server that uses it (≈ 0.5 s and 40 MB).
  const loaded = import("./firebase-tickets").then((module) => module.firebaseTickets(projectId, shardCount));
  const store = async () => (await loaded).store;
  return {
    store: {
      availability: async (...args) => (await store()).availability(...args),
      hold: async (...args) => (await store()).hold(...args),
      findHold: async (...args) => (await store()).findHold(...args),
      activeHoldOf: async (...args) => (await store()).activeHoldOf(...args),
      extend: async (...args) => (await store()).extend(...args),
      release: async (...args) => (await store()).release(...args),
      withdraw: async (...args) => (await store()).withdraw(...args),
      confirm: async (...args) => (await store()).confirm(...args),
      cancel: async (...args) => (await store()).cancel(...args),
      refund: async (...args) => (await store()).refund(...args),
      ordersOf: async (...args) => (await store()).ordersOf(...args),
      ordersOfEvent: async (...args) => (await store()).ordersOfEvent(...args),
      issuePurchaseCode: async (...args) => (await store()).issuePurchaseCode(...args),
      claimPurchaseCode: async (...args) => (await store()).claimPurchaseCode(...args),
      sweepHolds: async (...args) => (await store()).sweepHolds(...args),
      forgetUser: async (...args) => (await store()).forgetUser(...args),
    },
    clicks: {
      record: async (...args) => (await loaded).clicks.record(...args),
      totals: async (...args) => (await loaded).clicks.totals(...args),
    },
  };
}
