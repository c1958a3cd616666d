import { getFirestore } from "firebase-admin/firestore";
import { firebaseAdminApp } from "../adapters/firebase/firebase-admin-app";
import type { ReadinessCheck } from "../adapters/http/server/ready.route";
import type { SqliteDatabase } from "../adapters/embedded/database/open-database";
import type { ContentPort } from "../core";
import type { AppConfig } from "./config";

/**
 * What `/api/ready` asks, each a round trip of its own: the embedded database (the outbox, rate
 * limits, and the stores without Firebase), Firestore with Firebase (one read of a document that
 * need not exist), and the content source's cache version.
 */
export function readinessChecks(config: AppConfig, { db, content }: { readonly db: SqliteDatabase; readonly content: ContentPort }): readonly ReadinessCheck[] {
  const probe = db.prepare("SELECT 1");
  return [
    { name: "database", check: async () => probe.get() },
    ...(config.identity.provider === "firebase" ? [firestoreCheck(config.identity.projectId)] : []),
    { name: "content", check: () => content.cacheVersion() },
  ];
}

function firestoreCheck(projectId: string): ReadinessCheck {
  const document = getFirestore(firebaseAdminApp({ projectId })).doc("_readiness/probe");
  return { name: "firestore", check: () => document.get() };
}
