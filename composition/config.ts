import { Schema, SchemaIssue } from "effect";
import {
  DEFAULT_LOCALE_SETTINGS,
  LocaleCodeSchema,
  LocaleStrategySchema,
  MAIL_FIRST_DELAY_MS,
  RouteRules,
  TICKET_PURCHASE,
  type LocaleCode,
  type LocaleSettings,
  type RouteRule,
} from "../core";

/** Everything the process is configured with, read once from the environment at start-up. */
export interface AppConfig {
  readonly production: boolean;
  readonly port: number;
  readonly host: string;
  /** The origin absolute links (canonical, hreflang) are built on. */
  readonly publicOrigin: string;
  /** Hosts besides PUBLIC_ORIGIN's and the locale domains that pages are served on. */
  readonly allowedHosts: readonly string[];
  readonly locale: LocaleSettings;
  readonly routeRules: readonly RouteRule[];
  readonly scripts: ThirdPartyScripts;
  readonly dataDir: string;
  /** SESSION_SECRET; unset (the embedded defaults only): one is generated at first start and kept in DATA_DIR. */
  readonly sessionSecret: string | undefined;
  /** The embedded editor's password (EDITOR_PASSWORD); unset (the embedded defaults only): one is generated at first start. */
  readonly editorPassword: string | undefined;
  /** How many proxies in front of the server append to X-Forwarded-For; 0: the socket's address alone. */
  readonly trustedProxies: number;
  readonly identity: IdentityConfig;
  readonly mail: MailConfig;
  readonly forms: FormsConfig;
  readonly tickets: TicketsConfig;
  readonly buildCheckIntervalMs: number;
  readonly bodyLimitBytes: number;
  readonly logRequests: boolean;
  readonly lifecycle: LifecycleConfig;
  /** The Google Cloud project that log lines name their request's trace in (GOOGLE_CLOUD_PROJECT, else FIREBASE_PROJECT_ID). */
  readonly traceProjectId: string | undefined;
  /** How many shared pages the server keeps rendered (PAGE_CACHE_ENTRIES); 0 renders every request. */
  readonly pageCacheEntries: number;
  readonly content: ContentConfig;
  /** A CDN or Varnish in front of the site: how long it keeps shared pages, and how a publish purges them. */
  readonly sharedCache: SharedCacheConfig;
}

/**
 * Where content comes from: Storyblok's CDN when a token is configured, else the embedded
 * Storyblok-compatible API serving content/ from this same server.
 */
export type ContentConfig =
  | {
      readonly source: "storyblok";
      readonly accessToken: string;
      readonly previewToken: string | undefined;
      readonly region: string | undefined;
      /** SPEC §9: 5 requests/s, 3 when the token is an OAuth token. */
      readonly rateLimit: number;
      readonly spaceId: number | undefined;
      readonly contentVersionCheckIntervalMs: number;
      readonly webhookSecret: string | undefined;
      /** SPEC §8: an unregistered block is a warning (once per story and version) unless this fallback is on (CONTENT_UNKNOWN_BLOCK_FALLBACK). */
      readonly fallbackForUnknownBlocks: boolean;
    }
  | {
      readonly source: "embedded";
      readonly directory: string;
      readonly publicToken: string;
      /** CONTENT_PREVIEW_TOKEN; unset: derived from the session secret, so every process has the same one. */
      readonly previewToken: string | undefined;
      readonly spaceId: number;
      readonly imageCacheBytes: number;
      /** The server's own client keeps to the API's limit. */
      readonly rateLimit: number;
      readonly contentVersionCheckIntervalMs: number;
      readonly webhookSecret: string | undefined;
      readonly fallbackForUnknownBlocks: boolean;
    };

/**
 * Who signs users in: Firebase Authentication when FIREBASE_PROJECT_ID is set (profiles then live
 * in Firestore), else the local identity server on the embedded SQLite. Firebase's web config is
 * public by design: the browser needs it.
 */
export type IdentityConfig =
  | { readonly provider: "local" }
  | {
      readonly provider: "firebase";
      readonly projectId: string;
      readonly apiKey: string;
      readonly authDomain: string;
      /** The Auth emulator (FIREBASE_AUTH_EMULATOR_HOST), for development and tests. */
      readonly emulatorUrl: string | undefined;
    };

/** Where mail goes: SMTP when SMTP_URL is set; otherwise it stays in the embedded outbox (and the log). */
export interface MailConfig {
  readonly smtpUrl: string | undefined;
  readonly from: string;
  /**
   * How long a mail being delivered stays its sender's (MAIL_DELIVERY_LEASE_MS; the delivery
   * loop's 5 minutes when unset): a mail whose delivery a crash cut short is sent again after it.
   */
  readonly deliveryLeaseMs: number | undefined;
  /** The wait after a mail's first failed delivery (MAIL_RETRY_FIRST_DELAY_MS), doubling from there. */
  readonly retryFirstDelayMs: number;
}

/** The lead forms: who on the team hears of each kind, how long leads are kept, how often one address may send. */
export interface FormsConfig {
  readonly teamAddresses: { readonly contact: string; readonly hospitality: string; readonly "job-application": string };
  /** Leads older than this are deleted by `npm run leads:purge`. */
  readonly retentionMonths: number;
  /** Submissions per client address and window (CV uploads: twice as many, for retries). */
  readonly rateLimit: { readonly limit: number; readonly windowMs: number };
  /** With Firebase: the Storage bucket that keeps CVs (FIREBASE_STORAGE_BUCKET; the project's default bucket otherwise). */
  readonly storageBucket: string | undefined;
}

/** Ticket sales (issue 10): how orders are paid for and how tickets are signed. */
export interface TicketsConfig {
  /** Stripe Checkout when both are set; otherwise the embedded no-charge payment, labelled on screen. */
  readonly stripe: { readonly secretKey: string; readonly webhookSecret: string } | undefined;
  /** An Ed25519 private key (PKCS#8 PEM); unset (the embedded defaults only): one is generated at first start and kept in DATA_DIR. */
  readonly signingKey: string | undefined;
  /**
   * Keys tickets may also be signed with (TICKET_VERIFY_KEYS: PEM blocks, public or private): the
   * keys signed with before a rotation, and the next one published ahead of it for the scanners.
   */
  readonly verifyKeys: readonly string[];
  /** Ticket-store shards per ticket type on Firestore (the embedded SQLite store does not shard). */
  readonly firestoreShards: number;
  /** How long chosen tickets are held for the buyer to pay, and how much longer once asked. */
  readonly holdMs: number;
  readonly holdExtensionMs: number;
  /** Holds a minute per account (TICKET_HOLD_RATE_LIMIT) and per client address (TICKET_HOLD_ADDRESS_RATE_LIMIT). */
  readonly holdsPerMinute: { readonly perAccount: number; readonly perAddress: number };
}

/** How long requests may take, and how long a stopping server waits for the ones under way. */
export interface LifecycleConfig {
  /** REQUEST_DEADLINE_MS: past it a request is answered 503 and its work stops. */
  readonly requestDeadlineMs: number;
  /** SHUTDOWN_DRAIN_MS: after SIGTERM, how long requests under way may take to finish; under Cloud Run's 10 s. */
  readonly drainMs: number;
  /** SHUTDOWN_GRACE_MS: after SIGTERM, how long new connections are still served while readiness says 503 (behind a balancer that probes it). */
  readonly graceMs: number;
}

/** Third-party scripts that load after the app is interactive (SPEC §1); none by default. */
export interface ThirdPartyScripts {
  readonly cookieConsentUrl: string | undefined;
  readonly liveChatUrl: string | undefined;
}

/** What the browser needs of the configuration; nothing secret. */
export interface PublicConfig {
  readonly publicOrigin: string;
  /** Where the content comes from, so that a preview talks to the right editor. */
  readonly contentSource: ContentConfig["source"];
  readonly locale: LocaleSettings;
  readonly scripts: ThirdPartyScripts;
  readonly buildCheckIntervalMs: number;
  readonly identity: IdentityConfig;
}

export function publicConfigOf(config: AppConfig): PublicConfig {
  return {
    identity: config.identity,
    publicOrigin: config.publicOrigin,
    contentSource: config.content.source,
    locale: config.locale,
    scripts: config.scripts,
    buildCheckIntervalMs: config.buildCheckIntervalMs,
  };
}

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

type Env = Readonly<Record<string, string | undefined>>;

const HttpUrl = Schema.String.pipe(Schema.check(Schema.isPattern(/^https?:\/\/[^\s]+$/)));
const HostName = Schema.String.pipe(Schema.check(Schema.isPattern(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i)));
const SmtpUrl = Schema.String.pipe(Schema.check(Schema.isPattern(/^smtps?:\/\/[^\s]+$/)));
const EmailAddress = Schema.String.pipe(Schema.check(Schema.isPattern(/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/)));
const PortNumber = Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 0, maximum: 65535 })));

export function loadConfig(env: Env): AppConfig {
  const config = configOf(env);
  requireSharedSecrets(config);
  return config;
}

function configOf(env: Env): AppConfig {
  const production = env.NODE_ENV === "production";
  const port = decode("PORT", PortNumber, Number(env.PORT ?? 3000));
  const strategy = decode("LOCALE_STRATEGY", LocaleStrategySchema, env.LOCALE_STRATEGY ?? DEFAULT_LOCALE_SETTINGS.strategy);
  const defaultLocale = decode("LOCALE_DEFAULT", LocaleCodeSchema, env.LOCALE_DEFAULT ?? DEFAULT_LOCALE_SETTINGS.defaultLocale);
  const fallbackLocale = decode("LOCALE_FALLBACK", LocaleCodeSchema, env.LOCALE_FALLBACK ?? DEFAULT_LOCALE_SETTINGS.fallbackLocale);
  return {
    production,
    port,
    host: env.HOST ?? "0.0.0.0",
    publicOrigin: decode("PUBLIC_ORIGIN", HttpUrl, env.PUBLIC_ORIGIN ?? `http://localhost:${port}`).replace(/\/$/, ""),
    allowedHosts: (env.ALLOWED_HOSTS ?? "")
      .split(",")
      .map((host) => host.trim())
      .filter(Boolean)
      .map((host) => decode("ALLOWED_HOSTS", HostName, host)),
    locale: {
      strategy,
      defaultLocale,
      fallbackLocale,
      domains: parseDomains(env.LOCALE_DOMAINS),
      redirectRoot: env.LOCALE_ROOT_REDIRECT !== "false",
    },
    routeRules: parseRouteRules(env.ROUTE_RULES),
    scripts: {
      cookieConsentUrl: optionalUrl("COOKIE_CONSENT_SCRIPT_URL", env.COOKIE_CONSENT_SCRIPT_URL),
      liveChatUrl: optionalUrl("LIVE_CHAT_SCRIPT_URL", env.LIVE_CHAT_SCRIPT_URL),
    },
    dataDir: env.DATA_DIR ?? ".data",
    sessionSecret: env.SESSION_SECRET || undefined,
    editorPassword: env.EDITOR_PASSWORD || undefined,
    trustedProxies: decode("TRUSTED_PROXY", Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 0, maximum: 10 }))), Number(env.TRUSTED_PROXY ?? 0)),
    identity: loadIdentityConfig(env),
    mail: {
      smtpUrl: env.SMTP_URL ? decode("SMTP_URL", SmtpUrl, env.SMTP_URL) : undefined,
      from: decode("MAIL_FROM", Schema.NonEmptyString, env.MAIL_FROM ?? "Túria Arena <no-reply@turiaarena.example>"),
      // A delivery may take up to half the lease (at most a minute) before it is aborted.
      deliveryLeaseMs: env.MAIL_DELIVERY_LEASE_MS ? decode("MAIL_DELIVERY_LEASE_MS", AtLeastOneSecond, Number(env.MAIL_DELIVERY_LEASE_MS)) : undefined,
      retryFirstDelayMs: decode("MAIL_RETRY_FIRST_DELAY_MS", PositiveInt, Number(env.MAIL_RETRY_FIRST_DELAY_MS ?? MAIL_FIRST_DELAY_MS)),
    },
    forms: {
      teamAddresses: {
        contact: decode("LEADS_CONTACT_TO", EmailAddress, env.LEADS_CONTACT_TO ?? "contacto@turiaarena.example"),
        hospitality: decode("LEADS_HOSPITALITY_TO", EmailAddress, env.LEADS_HOSPITALITY_TO ?? "hospitality@turiaarena.example"),
        "job-application": decode("LEADS_JOBS_TO", EmailAddress, env.LEADS_JOBS_TO ?? "empleo@turiaarena.example"),
      },
      retentionMonths: decode("LEADS_RETENTION_MONTHS", PositiveInt, Number(env.LEADS_RETENTION_MONTHS ?? 24)),
      rateLimit: {
        limit: decode("FORMS_RATE_LIMIT", PositiveInt, Number(env.FORMS_RATE_LIMIT ?? 10)),
        windowMs: decode("FORMS_RATE_WINDOW_MS", PositiveInt, Number(env.FORMS_RATE_WINDOW_MS ?? 10 * 60_000)),
      },
      storageBucket: env.FIREBASE_STORAGE_BUCKET || (env.FIREBASE_PROJECT_ID ? `${env.FIREBASE_PROJECT_ID}.firebasestorage.app` : undefined),
    },
    tickets: {
      stripe: stripeConfigOf(env),
      signingKey: env.TICKET_SIGNING_KEY ? onePemBlock("TICKET_SIGNING_KEY", env.TICKET_SIGNING_KEY) : undefined,
      verifyKeys: env.TICKET_VERIFY_KEYS ? pemBlocks("TICKET_VERIFY_KEYS", env.TICKET_VERIFY_KEYS) : [],
      firestoreShards: decode("TICKETS_FIRESTORE_SHARDS", PositiveInt, Number(env.TICKETS_FIRESTORE_SHARDS ?? 500)),
      holdMs: decode("TICKET_HOLD_MS", PositiveInt, Number(env.TICKET_HOLD_MS ?? TICKET_PURCHASE.holdMs)),
      holdExtensionMs: decode("TICKET_HOLD_EXTENSION_MS", PositiveInt, Number(env.TICKET_HOLD_EXTENSION_MS ?? TICKET_PURCHASE.extensionMs)),
      holdsPerMinute: {
        perAccount: decode("TICKET_HOLD_RATE_LIMIT", PositiveInt, Number(env.TICKET_HOLD_RATE_LIMIT ?? 10)),
        perAddress: decode("TICKET_HOLD_ADDRESS_RATE_LIMIT", PositiveInt, Number(env.TICKET_HOLD_ADDRESS_RATE_LIMIT ?? 30)),
      },
    },
    buildCheckIntervalMs: decode("BUILD_CHECK_INTERVAL_MS", Schema.Int.pipe(Schema.check(Schema.isGreaterThanOrEqualTo(1000))), Number(env.BUILD_CHECK_INTERVAL_MS ?? 300_000)),
    bodyLimitBytes: decode("BODY_LIMIT_BYTES", Schema.Int.pipe(Schema.check(Schema.isGreaterThan(0))), Number(env.BODY_LIMIT_BYTES ?? 1_048_576)),
    logRequests: env.LOG_REQUESTS !== "false",
    lifecycle: {
      requestDeadlineMs: decode("REQUEST_DEADLINE_MS", AtLeastOneSecond, Number(env.REQUEST_DEADLINE_MS ?? 15_000)),
      drainMs: decode("SHUTDOWN_DRAIN_MS", PositiveInt, Number(env.SHUTDOWN_DRAIN_MS ?? 8_000)),
      graceMs: decode("SHUTDOWN_GRACE_MS", Schema.Int.pipe(Schema.check(Schema.isGreaterThanOrEqualTo(0))), Number(env.SHUTDOWN_GRACE_MS ?? 0)),
    },
    traceProjectId: env.GOOGLE_CLOUD_PROJECT || env.FIREBASE_PROJECT_ID || undefined,
    pageCacheEntries: decode("PAGE_CACHE_ENTRIES", Schema.Int.pipe(Schema.check(Schema.isGreaterThanOrEqualTo(0))), Number(env.PAGE_CACHE_ENTRIES ?? 500)),
    content: loadContentConfig(env),
    sharedCache: loadSharedCacheConfig(env),
  };
}

const PositiveInt = Schema.Int.pipe(Schema.check(Schema.isGreaterThan(0)));
const AtLeastOneSecond = Schema.Int.pipe(Schema.check(Schema.isGreaterThanOrEqualTo(1000)));

function loadIdentityConfig(env: Env): IdentityConfig {
  if (!env.FIREBASE_PROJECT_ID) return { provider: "local" };
  const projectId = env.FIREBASE_PROJECT_ID;
  // A host and port only: its origin goes into the pages' Content-Security-Policy.
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST ? decode("FIREBASE_AUTH_EMULATOR_HOST", HostName, env.FIREBASE_AUTH_EMULATOR_HOST) : undefined;
  return {
    provider: "firebase",
    projectId,
    // The emulator takes any key; a real project needs its own.
    apiKey: emulatorHost ? (env.FIREBASE_API_KEY ?? "emulator-api-key") : decode("FIREBASE_API_KEY", Schema.NonEmptyString, env.FIREBASE_API_KEY ?? ""),
    authDomain: env.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
    emulatorUrl: emulatorHost ? `http://${emulatorHost}` : undefined,
  };
}

function loadContentConfig(env: Env): ContentConfig {
  // Every instance asks this often: with Storyblok's 2 s cache of spaces/me, a publish is served
  // by every instance within about 4 s, whichever one its webhook reached.
  const contentVersionCheckIntervalMs = decode("CONTENT_CV_CHECK_MS", PositiveInt, Number(env.CONTENT_CV_CHECK_MS ?? 2_000));
  const webhookSecret = env.STORYBLOK_WEBHOOK_SECRET || undefined;
  const fallbackForUnknownBlocks = env.CONTENT_UNKNOWN_BLOCK_FALLBACK === "true";
  if (env.STORYBLOK_TOKEN) {
    const oauth = env.STORYBLOK_OAUTH === "true";
    return {
      source: "storyblok",
      accessToken: env.STORYBLOK_TOKEN,
      previewToken: env.STORYBLOK_PREVIEW_TOKEN || undefined,
      region: env.STORYBLOK_REGION || undefined,
      rateLimit: oauth ? 3 : 5,
      spaceId: env.STORYBLOK_SPACE_ID ? decode("STORYBLOK_SPACE_ID", PositiveInt, Number(env.STORYBLOK_SPACE_ID)) : undefined,
      contentVersionCheckIntervalMs,
      webhookSecret,
      fallbackForUnknownBlocks,
    };
  }
  return {
    source: "embedded",
    directory: env.CONTENT_DIR ?? "content",
    publicToken: env.CONTENT_PUBLIC_TOKEN || "embedded-public-token",
    previewToken: env.CONTENT_PREVIEW_TOKEN || undefined,
    spaceId: decode("CONTENT_SPACE_ID", PositiveInt, Number(env.CONTENT_SPACE_ID ?? 1000001)),
    imageCacheBytes: decode("IMAGE_CACHE_BYTES", PositiveInt, Number(env.IMAGE_CACHE_BYTES ?? 64 * 1024 * 1024)),
    // The server's own client keeps to the API's limit instead of SPEC's CDN quota of 5/s.
    rateLimit: decode("CONTENT_API_RATE_LIMIT", PositiveInt, Number(env.CONTENT_API_RATE_LIMIT ?? 100)),
    contentVersionCheckIntervalMs,
    webhookSecret,
    fallbackForUnknownBlocks,
  };
}

function decode<T, E>(name: string, schema: Schema.Codec<T, E>, value: unknown): T {
  const result = Schema.decodeUnknownResult(schema)(value);
  if (result._tag === "Success") return result.success;
  const issues = SchemaIssue.makeFormatterStandardSchemaV1()(result.failure.issue ?? result.failure).issues;
  throw new ConfigError(`${name}=${JSON.stringify(value)} is not valid: ${issues.map((i) => i.message).join("; ")}`);
}

/**
 * How to make each secret that server processes must share: with the embedded defaults (one
 * machine, one DATA_DIR) they are made at first start, but on Firebase, the stack for several
 * instances, each instance would make its own: a ticket or a newsletter link made on one would be
 * refused by the others, and the editor's password would differ from one to the next.
 */
const SHARED_SECRETS = {
  SESSION_SECRET: "openssl rand -base64 32",
  TICKET_SIGNING_KEY: "openssl genpkey -algorithm ed25519",
  EDITOR_PASSWORD: "openssl rand -base64 18",
} as const;

/** With Firebase, start-up stops at once, naming every shared secret that is missing and how to make it. */
function requireSharedSecrets(config: AppConfig): void {
  if (config.identity.provider !== "firebase") return;
  const missing: (keyof typeof SHARED_SECRETS)[] = [];
  if (!config.sessionSecret) missing.push("SESSION_SECRET");
  if (!config.tickets.signingKey) missing.push("TICKET_SIGNING_KEY");
  // The embedded editor is on wherever the content is not on Storyblok.
  if (config.content.source === "embedded" && !config.editorPassword) missing.push("EDITOR_PASSWORD");
  if (missing.length === 0) return;
  throw new ConfigError(
    [
      `With Firebase (FIREBASE_PROJECT_ID) every instance must be given the same secrets; missing: ${missing.join(", ")}. Make each once and give it to every instance:`,
      ...missing.map((name) => `  ${name}: ${SHARED_SECRETS[name]}`),
    ].join("\n"),
  );
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g;

/** The PEM blocks in a variable, newlines written as `\n` (an environment file's one line) read as newlines. */
function pemBlocks(name: string, value: string): string[] {
  const blocks = [...value.replaceAll("\\n", "\n").matchAll(PEM_BLOCK)].map(([block]) => `${block}\n`);
  if (blocks.length === 0) throw new ConfigError(`${name} holds no PEM key (-----BEGIN … KEY----- … -----END … KEY-----)`);
  return blocks;
}

function onePemBlock(name: string, value: string): string {
  const [block, ...more] = pemBlocks(name, value);
  if (!block || more.length > 0) throw new ConfigError(`${name} holds ${more.length + 1} PEM blocks: one key only`);
  return block;
}

/** Both Stripe settings or neither: a secret key without its webhook secret would take money it never hears about. */
function stripeConfigOf(env: Env): TicketsConfig["stripe"] {
  const secretKey = env.STRIPE_SECRET_KEY || undefined;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || undefined;
  if (!secretKey && !webhookSecret) return undefined;
  if (!secretKey || !webhookSecret) throw new ConfigError("STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both or neither");
  return { secretKey, webhookSecret };
}

function optionalUrl(name: string, value: string | undefined): string | undefined {
  return value ? decode(name, HttpUrl, value) : undefined;
}

/** LOCALE_DOMAINS="en=en.arena.example,val=val.arena.example" */
function parseDomains(value: string | undefined): LocaleSettings["domains"] {
  if (!value) return {};
  const domains: Partial<Record<LocaleCode, string>> = {};
  for (const pair of value.split(",")) {
    const [code, domain] = pair.split("=").map((part) => part.trim());
    domains[decode("LOCALE_DOMAINS", LocaleCodeSchema, code)] = decode("LOCALE_DOMAINS", Schema.NonEmptyString, domain);
  }
  return domains;
}

/** ROUTE_RULES='[{"from":"/es/entradas/","to":"/es/events/"},{"from":"/en/shop/","to":"https://shop.example/"}]' */
function parseRouteRules(value: string | undefined): readonly RouteRule[] {
  if (!value) return [];
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new ConfigError("ROUTE_RULES is not valid JSON");
  }
  return decode("ROUTE_RULES", RouteRules, json);
}

export interface SharedCacheConfig {
  /** Seconds: `s-maxage`, `stale-while-revalidate` and `stale-if-error` of the shared pages. */
  readonly maxAgeSeconds: number;
  readonly staleWhileRevalidateSeconds: number;
  readonly staleIfErrorSeconds: number;
  readonly purge:
    | { readonly kind: "none" }
    | { readonly kind: "fastly"; readonly serviceId: string; readonly apiToken: string }
    | { readonly kind: "varnish"; readonly url: string };
}

const Seconds = Schema.Int.pipe(Schema.check(Schema.isGreaterThanOrEqualTo(0)));

/**
 * CDN_PURGE=none|fastly|varnish. Without a purge a shared cache keeps a page 30 s (then serves it
 * stale up to 30 s more while it asks again), so a publish shows within a minute; with one, an hour,
 * and a publish purges the pages it changes.
 */
function loadSharedCacheConfig(env: Env): SharedCacheConfig {
  const kind = decode("CDN_PURGE", Schema.Literals(["none", "fastly", "varnish"]), env.CDN_PURGE || "none");
  const purge: SharedCacheConfig["purge"] =
    kind === "fastly"
      ? {
          kind,
          serviceId: decode("FASTLY_SERVICE_ID", Schema.NonEmptyString, env.FASTLY_SERVICE_ID ?? ""),
          apiToken: decode("FASTLY_API_TOKEN", Schema.NonEmptyString, env.FASTLY_API_TOKEN ?? ""),
        }
      : kind === "varnish"
        ? { kind, url: decode("CDN_PURGE_URL", HttpUrl, env.CDN_PURGE_URL ?? "") }
        : { kind };
  return {
    maxAgeSeconds: decode("CDN_MAX_AGE", Seconds, Number(env.CDN_MAX_AGE || (kind === "none" ? 30 : 3600))),
    staleWhileRevalidateSeconds: decode("CDN_STALE_WHILE_REVALIDATE", Seconds, Number(env.CDN_STALE_WHILE_REVALIDATE || 30)),
    staleIfErrorSeconds: decode("CDN_STALE_IF_ERROR", Seconds, Number(env.CDN_STALE_IF_ERROR || 86_400)),
    purge,
  };
}
