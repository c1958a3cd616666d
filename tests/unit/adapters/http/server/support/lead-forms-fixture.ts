import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { leadFormsRoute } from "../../../../../../adapters/http/server/lead-forms.route";
import { createNewsletterTokens } from "../../../../../../adapters/http/server/newsletter-tokens";
import { createBundledMessages } from "../../../../../../adapters/runtime/bundled-messages.adapter";
import { openDatabase, type SqliteDatabase } from "../../../../../../adapters/embedded/database/open-database";
import { createDiskFiles } from "../../../../../../adapters/embedded/files/disk-files.adapter";
import { createSqliteFormInbox } from "../../../../../../adapters/embedded/forms/sqlite-form-inbox.adapter";
import { createSqliteNewsletterSubscriptions } from "../../../../../../adapters/embedded/forms/sqlite-newsletter-subscriptions.adapter";
import { createSqliteMailOutboxStore } from "../../../../../../adapters/embedded/mail/sqlite-mail-outbox.store";
import { createOutboxMail } from "../../../../../../adapters/mail/outbox-mail.adapter";
import { createMailRenderer } from "../../../../../../adapters/mail/templates/mail-renderer";
import { createConsoleLogger } from "../../../../../../adapters/runtime/console-logger.adapter";
import { cookieSessionVerifier, createFixedWindowRateLimiter, createLeadIntake, type SessionVerifier } from "../../../../../../core";

export const ORIGIN = "https://arena.test";
/** The published titles the team's mails give, as the CMS has them. */
export const EVENT_TITLES: Readonly<Record<string, string>> = { "lua-serrano-marea-alta": "Lúa Serrano: Marea alta" };
export const JOB_OFFER_TITLES: Readonly<Record<string, string>> = { "camarero-barra": "Camarero/a de barra" };
export const TEAM = { contact: "contact-team@arena.test", hospitality: "hospitality-team@arena.test", "job-application": "jobs-team@arena.test" } as const;

/** The lead forms' server side on the real embedded stores (SQLite, disk, the outbox), in a temporary directory. */
export function leadFormsFixture(options: { rateLimit?: number; sessions?: SessionVerifier } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "lead-forms-"));
  const db: SqliteDatabase = openDatabase(dir);
  const inbox = createSqliteFormInbox(db);
  const newsletter = createSqliteNewsletterSubscriptions(db);
  const mail = createOutboxMail({ store: createSqliteMailOutboxStore(db), renderer: createMailRenderer(createBundledMessages()) });
  const files = createDiskFiles({ directory: join(dir, "files") });
  const tokens = createNewsletterTokens("test secret");
  const sessions = cookieSessionVerifier(options.sessions ?? { verify: async () => null }, { secure: false });
  const intake = createLeadIntake(
    {
      inbox,
      newsletter,
      mail,
      files,
      limiter: createFixedWindowRateLimiter({ limit: options.rateLimit ?? 1000, windowMs: 60_000 }),
      logger: createConsoleLogger(() => {}),
    },
    {
      teamAddresses: TEAM,
      teamLocale: "es",
      titles: { event: async (slug) => EVENT_TITLES[slug] ?? null, jobOffer: async (slug) => JOB_OFFER_TITLES[slug] ?? null },
      newsletterLinks: {
        confirm: (email, locale) => `${ORIGIN}/${locale}/newsletter/confirm/?token=${tokens.sign("confirm", email)}`,
        unsubscribePage: (email, locale) => `${ORIGIN}/${locale}/newsletter/unsubscribe/?token=${tokens.sign("unsubscribe", email)}`,
        oneClickUnsubscribe: (email) => `${ORIGIN}/api/newsletter/unsubscribe?token=${tokens.sign("unsubscribe", email)}`,
      },
    },
  );
  const app = new Hono();
  app.route("/api/forms", leadFormsRoute({ intake, sessions, allowedOrigins: [ORIGIN], trustedProxies: 0, defaultLocale: "es" }));
  return {
    dir,
    db,
    inbox,
    newsletter,
    mail,
    files,
    tokens,
    intake,
    app,
    /** Mails in the outbox: to, template and locale, oldest first. */
    mails: () => db.prepare("SELECT id, to_address AS \"to\", template, locale, text, headers_json AS headers FROM mail_outbox ORDER BY created_at, rowid").all() as {
      id: string;
      to: string;
      template: string;
      locale: string;
      text: string;
      headers: string;
    }[],
    close() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
