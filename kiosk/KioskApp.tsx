import { useEffect, useState, type FormEvent } from "react";
import { type LocaleCode, type StaffEvent } from "../core";
import type { CheckInsClient } from "../adapters/http/browser/check-ins-client.adapter";
import { pageSessionHint } from "../adapters/http/browser/page-session-hint";
import { openGateSession, type GateSession, type GateSetup } from "./gate-session";
import type { KioskStore } from "./kiosk-store";
import type { Translate } from "./kiosk-texts";
import { ScanScreen } from "./ScanScreen";

const CHOSEN_GATE = "arena-kiosk-gate";

type Screen =
  | { readonly kind: "loading" }
  | { readonly kind: "signed-out" }
  | { readonly kind: "failed" }
  | { readonly kind: "setup"; readonly events: readonly StaffEvent[] }
  | { readonly kind: "scanning"; readonly setup: GateSetup & { readonly title: string }; readonly session: GateSession };

interface KioskAppProps {
  readonly client: CheckInsClient;
  readonly store: KioskStore;
  readonly locale: LocaleCode;
  readonly t: Translate;
}

function chosenGate(): (GateSetup & { title: string }) | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(CHOSEN_GATE) ?? "null") as (GateSetup & { title: string }) | null;
    return kept && typeof kept.eventId === "string" && typeof kept.gate === "string" && typeof kept.title === "string" ? kept : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The kiosk (issue 54): staff signed in with the site's session choose one of their events and
 * name the gate; the gate then scans, also without network. A kiosk that was set up reopens
 * straight on its gate, from what it kept, online or not.
 */
export function KioskApp({ client, store, locale, t }: KioskAppProps) {
  const [screen, setScreen] = useState<Screen>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    const show = (next: Screen) => !cancelled && setScreen(next);
    (async () => {
      const kept = chosenGate();
      if (kept) {
        const session = await openGateSession(kept, { store, client, now: () => new Date() });
        if (navigator.onLine) await session.refreshPack().catch(() => {});
        if (session.hasPack()) return show({ kind: "scanning", setup: kept, session });
      }
      // Without the site's signed-in hint there is no session: the kiosks' API would answer 404, which the browser logs as an error.
      const events = pageSessionHint() ? await client.staffEvents(locale) : null;
      show(events === null ? { kind: "signed-out" } : { kind: "setup", events });
    })().catch(() => show({ kind: "failed" }));
    return () => {
      cancelled = true;
    };
  }, [client, store, locale, attempt]);

  const start = async (event: FormEvent<HTMLFormElement>, events: readonly StaffEvent[]) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const chosen = events.find((each) => each.eventId === form.get("event"));
    const gate = String(form.get("gate") ?? "").trim();
    if (!chosen || gate === "") return;
    const setup = { eventId: chosen.eventId, gate, title: chosen.title };
    setScreen({ kind: "loading" });
    try {
      const session = await openGateSession(setup, { store, client, now: () => new Date() });
      await session.refreshPack();
      localStorage.setItem(CHOSEN_GATE, JSON.stringify(setup));
      setScreen({ kind: "scanning", setup, session });
    } catch {
      setScreen({ kind: "failed" });
    }
  };
  const change = () => {
    localStorage.removeItem(CHOSEN_GATE);
    setScreen({ kind: "loading" });
    setAttempt(attempt + 1);
  };

  switch (screen.kind) {
    case "loading":
      return (
        <main className="panel">
          <h1>{t("kiosk.app")}</h1>
          <p role="status">{t("kiosk.verifying")}</p>
        </main>
      );
    case "signed-out":
      return (
        <main className="panel">
          <h1>{t("kiosk.app")}</h1>
          <p>{t("kiosk.signIn.text")}</p>
          <a className="button" href={`/${locale}/login/?returnTo=${encodeURIComponent("/kiosk/")}`}>
            {t("kiosk.signIn.link")}
          </a>
        </main>
      );
    case "failed":
      return (
        <main className="panel">
          <h1>{t("kiosk.app")}</h1>
          <p role="alert">{t("kiosk.setup.loadFailed")}</p>
          <button type="button" className="button" onClick={() => setAttempt(attempt + 1)}>
            {t("kiosk.scan.dismiss")}
          </button>
        </main>
      );
    case "setup":
      return (
        <main className="panel">
          <h1>{t("kiosk.setup.title")}</h1>
          {screen.events.length === 0 ? (
            <p>{t("kiosk.setup.none")}</p>
          ) : (
            <form className="setup" onSubmit={(event) => void start(event, screen.events)}>
              <fieldset>
                <legend>{t("kiosk.setup.event")}</legend>
                {screen.events.map((each, position) => (
                  <label key={each.eventId} className="choice">
                    <input type="radio" name="event" value={each.eventId} required defaultChecked={position === 0} />
                    <span>{each.title}</span>
                  </label>
                ))}
              </fieldset>
              <label htmlFor="gate">{t("kiosk.setup.gate")}</label>
              <p id="gate-hint" className="scan-hint">
                {t("kiosk.setup.gateHint")}
              </p>
              <input id="gate" name="gate" className="scan-input" type="text" required maxLength={40} autoComplete="off" aria-describedby="gate-hint" />
              <button type="submit" className="button">
                {t("kiosk.setup.start")}
              </button>
            </form>
          )}
        </main>
      );
    case "scanning":
      return <ScanScreen session={screen.session} setup={screen.setup} eventTitle={screen.setup.title} locale={locale} t={t} onChange={change} />;
  }
}
