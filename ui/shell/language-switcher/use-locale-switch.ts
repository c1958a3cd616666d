import { useEffect, useRef, useState } from "react";
import { navigate } from "vike/client/router";
import { createActor, fromPromise, type ActorRefFrom } from "xstate";
import { localeMachine, localeView, type LocaleCode, type LocaleView } from "../../../core";
import { useBrowserServices } from "../browser-services";

/**
 * The locale machine behind the switcher. The actor starts on the first click, in the browser:
 * the server renders plain links and pays nothing for the machine.
 */
export function useLocaleSwitch(current: LocaleCode, fallback: LocaleCode, hrefFor: (locale: LocaleCode) => string) {
  const browserServices = useBrowserServices();
  const [view, setView] = useState<LocaleView>({ locale: current, switching: false, switchingTo: undefined, failed: false });
  const actor = useRef<ActorRefFrom<typeof localeMachine> | undefined>(undefined);
  const hrefForRef = useRef(hrefFor);
  hrefForRef.current = hrefFor;

  // The page's locale also changes by other means (links, history): start over from it.
  useEffect(() => {
    setView({ locale: current, switching: false, switchingTo: undefined, failed: false });
    return () => {
      actor.current?.stop();
      actor.current = undefined;
    };
  }, [current]);

  const change = (locale: LocaleCode) => {
    if (!actor.current) {
      actor.current = createActor(
        localeMachine.provide({
          actors: { loadMessages: fromPromise(({ input }) => browserServices().messages.load(input.locale)) },
          actions: {
            persistLocale: (_, { locale: chosen }) => browserServices().persistLocale(chosen),
            redirectToLocale: (_, { locale: chosen }) => void navigate(hrefForRef.current(chosen)),
            reportLoadFailure: (_, { locale: failed, error }) => console.error("Failed locale loading", failed, error),
          },
        }),
        { input: { urlLocale: current, signals: { cookie: undefined, acceptLanguage: undefined, fallback } } },
      );
      actor.current.subscribe((snapshot) => setView(localeView(snapshot)));
      actor.current.start();
    }
    actor.current.send({ type: "CHANGE", locale });
  };
  return { view, change };
}
