import { createActor, fromPromise } from "xstate";
import { localeMachine, localeView, type LocaleCode, type LocaleView, type MessageCatalog } from "../../../core";

export interface LocaleSwitchSettings {
  readonly current: LocaleCode;
  readonly fallback: LocaleCode;
  readonly messages: MessageCatalog;
  readonly persistLocale: (locale: LocaleCode) => void;
  readonly redirectToLocale: (locale: LocaleCode) => void;
  readonly onView: (view: LocaleView) => void;
}

/** The locale machine, started; loaded with XState on the switcher's first use (see useLocaleSwitch). */
export function startLocaleSwitch(settings: LocaleSwitchSettings) {
  const actor = createActor(
    localeMachine.provide({
      actors: { loadMessages: fromPromise(({ input }) => settings.messages.load(input.locale)) },
      actions: {
        persistLocale: (_, { locale }) => settings.persistLocale(locale),
        redirectToLocale: (_, { locale }) => settings.redirectToLocale(locale),
        reportLoadFailure: (_, { locale, error }) => console.error("Failed locale loading", locale, error),
      },
    }),
    { input: { urlLocale: settings.current, signals: { cookie: undefined, acceptLanguage: undefined, fallback: settings.fallback } } },
  );
  actor.subscribe((snapshot) => settings.onView(localeView(snapshot)));
  actor.start();
  return actor;
}
