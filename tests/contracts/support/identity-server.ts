import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { sessionRoute } from "../../../adapters/http/server/session.route";
import { openDatabase, type SqliteDatabase } from "../../../adapters/embedded/database/open-database";
import { createLocalSessions, ID_TOKEN_LIFETIME_S, type LocalSessions } from "../../../adapters/embedded/identity/local-sessions";
import { createSqliteSpentTokens } from "../../../adapters/embedded/identity/sqlite-spent-tokens.adapter";
import { createLocalIdentityServer, type IdentityRateLimits, type LocalIdentityOperations } from "../../../adapters/http/server/identity/local-identity.routes";
import { createSqliteTicketStore } from "../../../adapters/embedded/tickets/sqlite-ticket-store.adapter";
import type { Logger, MailMessage, MailPort, MailTemplateId, TicketStorePort, UserProfile, UserProfilePort } from "../../../core";

export interface IdentityServerOptions {
  /** The site's origin, the one its pages call from. */
  readonly origin: string;
  /** A database file in a fresh temporary folder rather than in memory. */
  readonly onDisk?: boolean;
  readonly limits?: Partial<IdentityRateLimits>;
  readonly trustedProxies?: number;
  readonly production?: boolean;
  readonly now?: () => number;
}

export interface IdentityServer {
  /** `/api/auth/*` and `/api/__session`, as the site mounts them. */
  readonly app: Hono;
  /** What the pages' plain form posts ask of the same server. */
  readonly operations: LocalIdentityOperations;
  readonly db: SqliteDatabase;
  readonly sessions: LocalSessions;
  /** Every mail handed to the mail port, oldest first. */
  readonly mails: readonly MailMessage[];
  readonly profiles: UserProfilePort & { readonly uids: () => string[] };
  /** The embedded ticket store on the same database: a deleted user's orders are anonymised in it. */
  readonly tickets: TicketStorePort;
  /** The uids the server forgot after their deletion. */
  readonly forgotten: readonly string[];
  /** The `code` of the link in the last `template` mail to `email`, waiting a little for it. */
  mailedCode(email: string, template: MailTemplateId): Promise<string>;
  /** The `template` mails to `email`, oldest first, once there are `atLeast` (waiting a little for them). */
  mailsTo(email: string, template: MailTemplateId, atLeast?: number): Promise<readonly MailMessage[]>;
  close(): Promise<void>;
}

const silent: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** The local identity server and the session endpoint over a fresh database, with a recording mail port. */
export async function createIdentityServer(options: IdentityServerOptions): Promise<IdentityServer> {
  const dataDir = options.onDisk ? await mkdtemp(join(tmpdir(), "identity-")) : ":memory:";
  const db = openDatabase(dataDir);
  const secret = "test-secret-of-the-identity-server-0123456789";
  const sessions = createLocalSessions({ db, secret, secureCookies: options.production ?? false, now: options.now });
  const mails: MailMessage[] = [];
  const mail: MailPort = {
    async send(message) {
      mails.push(message);
      return `mail-${mails.length}`;
    },
  };
  const stored = new Map<string, UserProfile>();
  const profiles = {
    get: async (uid: string) => stored.get(uid) ?? null,
    upsert: async (profile: UserProfile) => void stored.set(profile.uid, profile),
    delete: async (uid: string) => void stored.delete(uid),
    export: async (uid: string) => {
      const profile = stored.get(uid);
      return profile ? { profile, consentHistory: [] } : null;
    },
    uids: () => [...stored.keys()],
  };
  const allowedOrigins = [options.origin];
  const tickets = createSqliteTicketStore(db);
  const forgotten: string[] = [];

  const identity = createLocalIdentityServer({
    db,
    secret,
    sessions,
    publicOrigin: options.origin,
    allowedOrigins,
    production: options.production ?? false,
    trustedProxies: options.trustedProxies ?? 0,
    mail,
    links: {
      verifyEmail: (code, locale) => `${options.origin}/${locale}/verify/?code=${encodeURIComponent(code)}`,
      resetPassword: (code, locale) => `${options.origin}/${locale}/reset-password/?code=${encodeURIComponent(code)}`,
      signIn: (locale) => `${options.origin}/${locale}/login/`,
      forgotPassword: (locale) => `${options.origin}/${locale}/forgot-password/`,
      signInWithLink: (code, locale) => `${options.origin}/${locale}/login/?code=${encodeURIComponent(code)}`,
    },
    defaultLocale: "es",
    userProfiles: profiles,
    forgetUser: (uid) => {
      forgotten.push(uid);
      return tickets.forgetUser(uid);
    },
    logger: silent,
    limits: options.limits,
    now: options.now,
  });
  const app = new Hono();
  app.route("/api/auth", identity.routes);
  app.route(
    "/api/__session",
    sessionRoute({
      idTokens: sessions.idTokens,
      issuer: sessions.sessions,
      sessions: sessions.requestSessions,
      spentTokens: createSqliteSpentTokens(db, options.now),
      idTokenLifetimeSeconds: ID_TOKEN_LIFETIME_S,
      secureCookie: options.production ?? false,
      allowedOrigins,
      now: options.now,
    }),
  );

  return {
    app,
    operations: identity.operations,
    db,
    sessions,
    mails,
    profiles,
    tickets,
    forgotten,
    async mailedCode(email, template) {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const last = mails.findLast((message) => message.template === template && message.to.toLowerCase() === email.toLowerCase());
        const code = last && "link" in last.params ? new URL(last.params.link).searchParams.get("code") : null;
        if (code) return code;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`No ${template} mail to ${email}`);
    },
    async mailsTo(email, template, atLeast = 0) {
      const sent = () => mails.filter((message) => message.template === template && message.to.toLowerCase() === email.toLowerCase());
      for (let attempt = 0; attempt < 50 && sent().length < atLeast; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      return sent();
    },
    async close() {
      db.close();
      if (dataDir !== ":memory:") await rm(dataDir, { recursive: true, force: true });
    },
  };
}
