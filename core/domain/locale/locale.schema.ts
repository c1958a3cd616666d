import { Schema } from "effect";
import { LOCALE_CODES, LOCALE_STRATEGIES, type LocaleSettings } from "./locale.settings";

/** Validation of locale configuration (the server's environment); the browser never needs it. */
export const LocaleCodeSchema = Schema.Literals(LOCALE_CODES);
export const LocaleStrategySchema = Schema.Literals(LOCALE_STRATEGIES);

export const LocaleSettingsSchema: Schema.Codec<LocaleSettings, unknown> = Schema.Struct({
  strategy: LocaleStrategySchema,
  defaultLocale: LocaleCodeSchema,
  fallbackLocale: LocaleCodeSchema,
  domains: Schema.Struct({
    es: Schema.optionalKey(Schema.String),
    en: Schema.optionalKey(Schema.String),
    val: Schema.optionalKey(Schema.String),
  }),
  redirectRoot: Schema.Boolean,
}) as unknown as Schema.Codec<LocaleSettings, unknown>;
