import { localesWithoutDomain, type LocaleSettings, type Logger } from "../core";

/** Warns, once at start-up, of each locale that has no domain while others have (SPEC §8). */
export function warnOfLocalesWithoutDomain(settings: LocaleSettings, publicOrigin: string, logger: Logger): void {
  for (const locale of localesWithoutDomain(settings)) logger.warn("locale.domain-missing", { locale, servedOn: publicOrigin });
}
