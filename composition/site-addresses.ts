import { siteOrigins } from "../adapters/http/server/site-origins";
import { localisePath, type LocaleCode } from "../core";
import type { AppConfig } from "./config";

/** The site's own addresses, as every capability's wiring needs them. */
export interface SiteAddresses {
  /** The origins a write may come from: the public origin and each language's domain. */
  readonly allowedOrigins: readonly string[];
  /** A page's absolute URL in a language, for mails and redirects that leave the site. */
  pageUrl(logicalPath: string, locale: LocaleCode): string;
}

const derived = new WeakMap<AppConfig, SiteAddresses>();

/** Derived from the config once (issue 53, item 5), instead of by each capability's wiring. */
export function siteAddressesOf(config: AppConfig): SiteAddresses {
  let addresses = derived.get(config);
  if (!addresses) {
    addresses = {
      allowedOrigins: siteOrigins(config.publicOrigin, Object.values(config.locale.domains)),
      pageUrl: (logicalPath, locale) => `${config.publicOrigin}${localisePath(logicalPath, locale, config.locale)}`,
    };
    derived.set(config, addresses);
  }
  return addresses;
}
