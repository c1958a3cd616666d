import { ACCOUNT_API_MESSAGES } from "../adapters/http/account-api-messages";
import { createApiClient, type ApiClient } from "../adapters/http/browser/api-client.adapter";
import type { IdentityPort } from "../core";
import { browserLocale } from "./browser";
import { browserIdentity } from "./identity-browser";
import type { IdentityConfig } from "./config";

/**
 * The browser's account ports: a second, small composition module that only the account pages and
 * the dashboard import, so content pages ship none of it. The identity provider loads on first use.
 */
export interface AccountServices {
  readonly identity: () => Promise<IdentityPort>;
  /** The API client with the signed-in user's Bearer token (SPEC §7). */
  readonly api: ApiClient;
}

let services: AccountServices | undefined;

export function accountServices(config: IdentityConfig): AccountServices {
  if (!services) {
    const loadOnce = () => browserIdentity(config);
    services = {
      identity: loadOnce,
      api: createApiClient({
        baseUrl: window.location.origin,
        locale: browserLocale,
        idToken: async () => (await loadOnce()).idToken(),
        messages: ACCOUNT_API_MESSAGES,
      }),
    };
  }
  return services;
}
