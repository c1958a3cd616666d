import { sessionSecretOf } from "./session-secret";
import { siteAddressesOf } from "./site-addresses";
import type { Hono, MiddlewareHandler } from "hono";
import { leadFormPostAction, newsletterPostAction } from "../adapters/http/server/lead-form-posts";
import { leadFormsRoute } from "../adapters/http/server/lead-forms.route";
import { contactDetailsRoute } from "../adapters/http/server/contact-details.route";
import { formUploadRoute } from "../adapters/http/server/form-upload.route";
import { newsletterAction, newsletterRoute } from "../adapters/http/server/newsletter.route";
import { createNewsletterTokens } from "../adapters/http/server/newsletter-tokens";
import { pageFormPosts } from "../adapters/http/server/page-form-posts.middleware";
import { createSqliteFormInbox } from "../adapters/embedded/forms/sqlite-form-inbox.adapter";
import { createSqliteNewsletterSubscriptions } from "../adapters/embedded/forms/sqlite-newsletter-subscriptions.adapter";
import { createDiskFiles } from "../adapters/embedded/files/disk-files.adapter";
import { createUnattachedFilesPurge, type UnattachedFilesPurge } from "../adapters/embedded/files/unattached-files-purge";
import {
  CV_FILE_RULES,
  createLeadIntake,
  endpointPath,
  leadFormsApi,
  newsletterApi,
  routes,
  type ContentPort,
  type FilesPort,
  type FormInboxPort,
  type Logger,
  type NewsletterSubscriptionsPort,
  type RateLimiters,
} from "../core";
import type { AccountsWiring } from "./accounts";
import type { AppConfig } from "./config";

export interface FormsWiring {
  readonly inbox: FormInboxPort;
  readonly newsletter: NewsletterSubscriptionsPort;
  readonly files: FilesPort;
  readonly routes: readonly { readonly path: string; readonly app: Hono }[];
  /** Forms posted to their page without JavaScript. */
  readonly formPosts: MiddlewareHandler;
  /** The CV upload enforces its own 5 MB instead of the API's general body limit. */
  readonly ownBodyLimits: readonly string[];
  /** Deletes abandoned uploads every quarter of an hour once started (composition/server.ts). */
  readonly unattachedPurge: UnattachedFilesPurge;
}

// A CV and the form's text, with room for multipart's boundaries.
const FORM_POST_LIMIT_BYTES = CV_FILE_RULES.maxBytes + 256 * 1024;

/**
 * The lead forms: the inbox and the newsletter list on the embedded SQLite (Firestore with
 * FIREBASE_PROJECT_ID), CVs on disk in DATA_DIR (Firebase Storage with FIREBASE_PROJECT_ID),
 * mail through the accounts' outbox; the lead forms' and the newsletter's APIs (core/api), and the plain
 * posts of the same forms (and of the account forms) to their pages.
 */
export function wireForms(
  config: AppConfig,
  accounts: Pick<AccountsWiring, "db" | "mail" | "sessions" | "userProfiles" | "pageFormActions">,
  /** The published events and job offers, whose titles the team's mails give. */
  content: ContentPort,
  logger: Logger,
  rateLimiters: RateLimiters,
): FormsWiring {
  const { inbox, newsletter, files } = formStoresFor(config, () => accounts.db);
  const tokens = createNewsletterTokens(sessionSecretOf(config));
  const { pageUrl } = siteAddressesOf(config);
  const limiter = rateLimiters.limiter("lead-forms", config.forms.rateLimit);
  // An upload may be retried (SPEC §9): uploads count apart from submissions, with room for retries.
  const uploadLimiter = rateLimiters.limiter("form-uploads", { ...config.forms.rateLimit, limit: 2 * config.forms.rateLimit.limit });
  const intake = createLeadIntake(
    { inbox, newsletter, mail: accounts.mail, files, limiter, logger },
    {
      teamAddresses: config.forms.teamAddresses,
      teamLocale: config.locale.defaultLocale,
      titles: {
        event: async (slug, locale) => {
          const story = await content.event(slug, { locale, version: "published" });
          return story ? story.content.title || story.meta.name : null;
        },
        // The content port caches the listing: a few offers, read once per content version.
        jobOffer: async (slug, locale) => {
          const story = (await content.jobOffers({ locale, version: "published" })).find((each) => each.meta.slug === slug);
          return story ? story.content.title || story.meta.name : null;
        },
      },
      newsletterLinks: {
        confirm: (email, locale) => pageUrl(routes.newsletterConfirm.path({ token: tokens.sign("confirm", email) }), locale),
        unsubscribePage: (email, locale) => pageUrl(routes.newsletterUnsubscribe.path({ token: tokens.sign("unsubscribe", email) }), locale),
        oneClickUnsubscribe: (email) => `${config.publicOrigin}${endpointPath(newsletterApi.unsubscribe, {}, { token: tokens.sign("unsubscribe", email) })}`,
      },
    },
  );
  const allowedOrigins = siteAddressesOf(config).allowedOrigins;
  const act = newsletterAction({ subscriptions: newsletter, tokens });
  const context = { sessions: accounts.sessions, trustedProxies: config.trustedProxies, defaultLocale: config.locale.defaultLocale };

  return {
    inbox,
    newsletter,
    files,
    ownBodyLimits: [leadFormsApi.upload.path],
    unattachedPurge: createUnattachedFilesPurge({ files, logger }),
    routes: [
      { path: leadFormsApi.upload.path, app: formUploadRoute({ files, allowedOrigins, trustedProxies: config.trustedProxies, limiter: uploadLimiter }) },
      { path: leadFormsApi.base, app: leadFormsRoute({ intake, allowedOrigins, ...context }) },
      { path: leadFormsApi.contactDetails.path, app: contactDetailsRoute({ sessions: accounts.sessions, userProfiles: accounts.userProfiles }) },
      { path: newsletterApi.base, app: newsletterRoute({ subscriptions: newsletter, tokens, allowedOrigins }) },
    ],
    formPosts: pageFormPosts({
      maxBodyBytes: FORM_POST_LIMIT_BYTES,
      allowedOrigins,
      actions: {
        ...leadFormPostAction({ intake, files, ...context }),
        ...newsletterPostAction(act),
        ...accounts.pageFormActions,
      },
    }),
  };
}

/** The stores alone, chosen as the server chooses them, for the staff's `npm run leads:*` too; `db` is opened only for the embedded ones. */
export function formStoresFor(config: AppConfig, db: () => AccountsWiring["db"]): Pick<FormsWiring, "inbox" | "newsletter" | "files"> {
  return config.identity.provider === "firebase" ? firebaseStores(config.identity.projectId, config.forms.storageBucket) : localStores(db(), config.dataDir);
}

function localStores(db: AccountsWiring["db"], dataDir: string) {
  return {
    inbox: createSqliteFormInbox(db),
    newsletter: createSqliteNewsletterSubscriptions(db),
    files: createDiskFiles({ directory: `${dataDir}/files` }),
  };
}

function firebaseStores(projectId: string, bucket: string | undefined): { inbox: FormInboxPort; newsletter: NewsletterSubscriptionsPort; files: FilesPort } {
  // firebase-admin is loaded only by a server that uses it (≈ 0.5 s and 40 MB).
  const stores = import("./firebase-forms").then((module) => module.firebaseForms(projectId, bucket));
  return {
    inbox: {
      store: async (submission) => (await stores).inbox.store(submission),
      find: async (id) => (await stores).inbox.find(id),
      list: async (query) => (await stores).inbox.list(query),
      purge: async (before) => (await stores).inbox.purge(before),
    },
    newsletter: {
      request: async (email, locale, at) => (await stores).newsletter.request(email, locale, at),
      confirm: async (email, at) => (await stores).newsletter.confirm(email, at),
      unsubscribe: async (email, at) => (await stores).newsletter.unsubscribe(email, at),
      find: async (email) => (await stores).newsletter.find(email),
    },
    files: {
      save: async (file) => (await stores).files.save(file),
      attach: async (id) => (await stores).files.attach(id),
      read: async (id) => (await stores).files.read(id),
      delete: async (id) => (await stores).files.delete(id),
      list: async (query) => (await stores).files.list(query),
      purgeUnattached: async (storedBefore) => (await stores).files.purgeUnattached(storedBefore),
    },
  };
}
