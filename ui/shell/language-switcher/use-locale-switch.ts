import { useEffect, useRef, useState } from "react";
import { navigate } from "vike/client/router";
import type { LocaleCode, LocaleEvent, LocaleView } from "../../../core";
import { useBrowserServices } from "../browser-services";

/**
 * The locale machine behind the switcher. It loads (with XState) and starts on the first click,
 * in the browser: the server renders plain links, and a page that is only read pays nothing for it.
 */
export function useLocaleSwitch(current: LocaleCode, fallback: LocaleCode, hrefFor: (locale: LocaleCode) => string) {
  const browserServices = useBrowserServices();
  const [view, setView] = useState<LocaleView>({ locale: current, switching: false, switchingTo: undefined, failed: false });
  const actor = useRef<Promise<{ send(event: LocaleEvent): void; stop(): void }> | undefined>(undefined);
  const hrefForRef = useRef(hrefFor);
  hrefForRef.current = hrefFor;

  // The page's locale also changes by other means (links, history): start over from it.
  useEffect(() => {
    setView({ locale: current, switching: false, switchingTo: undefined, failed: false });
    return () => {
      void actor.current?.then((started) => started.stop(), () => {});
      actor.current = undefined;
    };
  }, [current]);

  const change = (locale: LocaleCode) => {
    actor.current ??= import("./locale-switch-actor").then(({ startLocaleSwitch }) => {
      const services = browserServices();
      return startLocaleSwitch({
        current,
        fallback,
        messages: services.messages,
        persistLocale: (chosen) => services.persistLocale(chosen),
        redirectToLocale: (chosen) => void navigate(hrefForRef.current(chosen)),
        onView: setView,
      });
    });
    actor.current.then(
      (started) => started.send({ type: "CHANGE", locale }),
      // Its code could not be loaded (offline, a newer build): the link goes there all the same.
      () => {
        actor.current = undefined;
        window.location.assign(hrefForRef.current(locale));
      },
    );
  };
  return { view, change };
}
