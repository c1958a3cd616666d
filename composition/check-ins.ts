import { siteAddressesOf } from "./site-addresses";
import type { Hono } from "hono";
import { checkInsRoute } from "../adapters/http/server/check-ins.route";
import { createSqliteCheckIns } from "../adapters/embedded/check-in/sqlite-check-ins.adapter";
import type { SqliteDatabase } from "../adapters/embedded/database/open-database";
import { createSqliteStaffAccess } from "../adapters/embedded/identity/sqlite-staff-access.adapter";
import type { CheckInsPort, ContentPort, LocaleCode, StaffEvent, RequestSessionVerifier, StaffAccessPort, TicketStorePort, TicketVerificationKey } from "../core";
import type { AppConfig } from "./config";

export interface CheckInStores {
  readonly checkIns: CheckInsPort;
  readonly staff: StaffAccessPort;
}

/**
 * Door check-ins (issue 54) and who is door staff: the embedded SQLite beside the local identity,
 * or Firestore and Firebase Auth's custom claims with FIREBASE_PROJECT_ID. `db` is asked for only
 * on the embedded defaults.
 */
export function checkInStoresFor(config: AppConfig, db: () => SqliteDatabase): CheckInStores {
  if (config.identity.provider !== "firebase") return { checkIns: createSqliteCheckIns(db()), staff: createSqliteStaffAccess(db()) };
  // firebase-admin is loaded only by a process that uses it.
  const { projectId } = config.identity;
  const loaded = import("./firebase-check-ins").then((module) => module.firebaseCheckIns(projectId));
  return {
    checkIns: {
      record: async (...args) => (await loaded).checkIns.record(...args),
      counts: async (...args) => (await loaded).checkIns.counts(...args),
      firstUses: async (...args) => (await loaded).checkIns.firstUses(...args),
    },
    staff: {
      eventsOf: async (...args) => (await loaded).staff.eventsOf(...args),
      grant: async (...args) => (await loaded).staff.grant(...args),
    },
  };
}

export interface CheckInsDependencies {
  readonly db: SqliteDatabase;
  readonly sessions: RequestSessionVerifier;
  readonly tickets: Pick<TicketStorePort, "ordersOfEvent">;
  readonly verificationKeys: readonly TicketVerificationKey[];
  readonly content: Pick<ContentPort, "events">;
}

/** The door kiosks' API at /api/check-ins. */
export function wireCheckIns(config: AppConfig, dependencies: CheckInsDependencies): { readonly routes: readonly { readonly path: string; readonly app: Hono }[] } {
  const stores = checkInStoresFor(config, () => dependencies.db);
  const events = async (locale: LocaleCode): Promise<readonly StaffEvent[]> =>
    (await dependencies.content.events({ locale, version: "published" })).map((story) => ({ eventId: story.meta.uuid, title: story.content.title || story.meta.slug, dateFrom: story.content.date_from }));
  return {
    routes: [
      {
        path: "/api/check-ins",
        app: checkInsRoute({ ...stores, tickets: dependencies.tickets, verificationKeys: dependencies.verificationKeys, sessions: dependencies.sessions, events, allowedOrigins: siteAddressesOf(config).allowedOrigins }),
      },
    ],
  };
}
