import type { ApiClient, ApiRequest } from "../adapters/http/browser/api-client.adapter";
import { createBundledMessages } from "../adapters/runtime/bundled-messages.adapter";
import { SIGNED_IN_HINT_COOKIE, localeCookie, readCookie, serializeCookie, type BuildInfo, type EditorBridge, type LeadFormsClient, type LocaleCode, type MessageCatalog, type TicketsClient } from "../core";
import type { IdentityConfig, PublicConfig } from "./config";

export type { ApiClient, ApiRequest } from "../adapters/http/browser/api-client.adapter";

/** The browser's adapters, made once per tab: the client-side composition root. */
export interface BrowserServices {
  readonly messages: MessageCatalog;
  readonly buildInfo: BuildInfo;
  readonly api: ApiClient;
  /** The lead forms' API; loaded with a form's first use (every page's footer has one). */
  readonly leadForms: () => Promise<LeadFormsClient>;
  /** The ticket store's API; loaded when first needed (event and ticket pages). */
  readonly tickets: () => Promise<TicketsClient>;
  /** The waiting room's API (issue 51); loaded when the queue page first asks. */
  /** One attempt at sending a CV (the job application), retried by the core's uploadCv; loaded when first needed. */
  readonly persistLocale: (locale: LocaleCode) => void;
  /** The CMS editor's messages to a previewed page: Storyblok's editor, or the embedded one; loaded only in a preview. */
  readonly editorBridge: (source: PublicConfig["contentSource"]) => Promise<EditorBridge>;
}

let services: BrowserServices | undefined;
let currentLocale: LocaleCode = "es";
let identityConfig: IdentityConfig | undefined;

/** The locale the API client announces and the identity provider whose token it sends; every page sets them. */
export function setBrowserPage(locale: LocaleCode, identity: IdentityConfig): void {
  currentLocale = locale;
  identityConfig = identity;
}

export function browserLocale(): LocaleCode {
  return currentLocale;
}

export function browserServices(): BrowserServices {
  if (!services) {
    // The client (and the core's retry policy it runs) loads with the first request: no page needs it to render.
    let client: Promise<ApiClient> | undefined;
    let buildInfo: Promise<BuildInfo> | undefined;
    const api: ApiClient = {
      request: async <T>(path: string, request?: ApiRequest) => {
        client ??= import("../adapters/http/browser/api-client.adapter").then(({ createApiClient }) =>
          createApiClient({
            baseUrl: window.location.origin,
            locale: () => currentLocale,
            idToken: signedInUsersToken,
          }),
        );
        return (await client).request<T>(path, request);
      },
    };
    services = {
      messages: createBundledMessages(),
      // Its adapter loads with the check, once the page has loaded.
      buildInfo: {
        latestBuildId: async () => {
          buildInfo ??= import("../adapters/http/browser/latest-build.adapter").then(({ createLatestBuildInfo }) =>
            createLatestBuildInfo({ id: __BUILD_ID__, builtAt: __BUILD_TIME__ }),
          );
          return (await buildInfo).latestBuildId();
        },
      },
      api,
      leadForms: async () => (await import("../adapters/http/browser/lead-forms-client.adapter")).createLeadFormsClient(api),
      tickets: async () => (await import("../adapters/http/browser/tickets-client.adapter")).createTicketsClient(api),
      persistLocale: (locale) => {
        // Inside the CMS's visual editor the site is a cross-origin frame: the cookie needs SameSite=None.
        const crossOrigin = window.top !== window.self;
        document.cookie = serializeCookie(localeCookie(locale, crossOrigin));
      },
      // The embedded editor frames its previews from the site's own origin.
      editorBridge: async (source) =>
        source === "embedded"
          ? (await import("../adapters/embedded/embedded-content/bridge/embedded-bridge.adapter")).createEmbeddedBridge(window.location.origin)
          : (await import("../adapters/storyblok/storyblok-bridge.adapter")).createStoryblokBridge(),
    };
  }
  return services;
}

/**
 * SPEC §7: every call of the site's API carries the signed-in user's token (forms, tickets, the
 * technical page; the account pages' client too). Pages are the same for everyone and do not know
 * who is signed in: the hint cookie says whether anyone is, and only then does the identity
 * provider load. A token it cannot give leaves the call to the session cookie.
 */
async function signedInUsersToken(): Promise<string | null> {
  if (!identityConfig || !readCookie(document.cookie, SIGNED_IN_HINT_COOKIE)) return null;
  const config = identityConfig;
  return import("./identity-browser").then(async ({ browserIdentity }) => (await browserIdentity(config)).idToken()).catch(() => null);
}
