import { useMachine } from "@xstate/react";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { fromPromise } from "xstate";
import { checkInMachine, checkInView, packRefreshMachine, packRefreshView, type LocaleCode } from "../core";
import { beep } from "./beep";
import { hasCameraScanner, startCameraScanner } from "./camera-scanner";
import type { GateSession, GateSetup, GateStatus } from "./gate-session";
import { clockTime, type Translate } from "./kiosk-texts";
import { keepScreenOn } from "./wake-lock";

/** How often a gate online sends what it let in and reads the counts. */
const SYNC_EVERY_MS = 3_000;

interface ScanScreenProps {
  readonly session: GateSession;
  readonly setup: GateSetup;
  readonly eventTitle: string;
  readonly locale: LocaleCode;
  readonly t: Translate;
  readonly onChange: () => void;
}

/**
 * The gate's screen (issue 54): a field that takes a hardware scanner's keystrokes (ending in
 * Enter) and typing by hand, the camera where the browser reads QR codes, a full-screen result
 * for each scan with a tone and a spoken reason, and the sync's state, conflicts and counts.
 */
export function ScanScreen({ session, setup, eventTitle, locale, t, onChange }: ScanScreenProps) {
  const machine = useMemo(() => checkInMachine.provide({ actors: { decide: fromPromise(({ input }: { input: { text: string } }) => session.decide(input.text)) } }), [session]);
  const [snapshot, send] = useMachine(machine);
  const view = checkInView(snapshot);
  const refreshing = useMemo(() => packRefreshMachine.provide({ actors: { refreshPack: fromPromise(() => session.refreshPack()) } }), [session]);
  const [refreshSnapshot, sendRefresh] = useMachine(refreshing);
  const pack = packRefreshView(refreshSnapshot);
  const [status, setStatus] = useState<GateStatus>(session.status());
  const [online, setOnline] = useState(navigator.onLine);
  const [camera, setCamera] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(keepScreenOn, []);

  // Sync while online: at once when the network comes back, then every few seconds.
  useEffect(() => {
    let stopped = false;
    const sync = () => {
      if (!navigator.onLine) return;
      session.sync().then(
        () => !stopped && setStatus(session.status()),
        () => {},
      );
    };
    const wentOnline = () => {
      setOnline(true);
      sendRefresh({ type: "ONLINE" });
      sync();
    };
    const wentOffline = () => {
      setOnline(false);
      sendRefresh({ type: "OFFLINE" });
    };
    if (!navigator.onLine) sendRefresh({ type: "OFFLINE" });
    window.addEventListener("online", wentOnline);
    window.addEventListener("offline", wentOffline);
    sync();
    const timer = setInterval(sync, SYNC_EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener("online", wentOnline);
      window.removeEventListener("offline", wentOffline);
    };
  }, [session, sendRefresh]);

  // Each fresh pack: its age on screen.
  useEffect(() => {
    if (pack.refreshes > 0) setStatus(session.status());
  }, [pack.refreshes, session]);

  // Each result: its tone, and the pending count it changed.
  useEffect(() => {
    if (view.resultNumber === 0) return;
    if (view.tone !== "neutral") beep(view.tone);
    setStatus(session.status());
  }, [view.resultNumber, view.tone, session]);

  useEffect(() => {
    if (!camera || !video.current) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    startCameraScanner(video.current, (text) => send({ type: "SCAN", text })).then(
      (stopping) => (cancelled ? stopping() : (stop = stopping)),
      () => setCamera(false),
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [camera, send]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = field.current;
    if (!input) return;
    send({ type: "SCAN", text: input.value });
    input.value = "";
  };
  const dismiss = () => {
    send({ type: "DISMISS" });
    field.current?.focus();
  };

  const reason = view.reasonKey && (view.firstUse ? t(view.reasonKey, { gate: view.firstUse.gate, time: clockTime(view.firstUse.scannedAt, locale) }) : t(view.reasonKey));
  const showing = view.step === "admitted" || view.step === "refused" || view.step === "failed";
  const byGate = status.counts?.byGate[setup.gate] ?? 0;

  return (
    <main className="scan">
      <header className="scan-bar">
        <div>
          <h1 className="scan-event">{eventTitle}</h1>
          <p className="scan-gate">
            {t("kiosk.setup.gate")}: {setup.gate}
          </p>
        </div>
        <button type="button" className="button button-quiet" onClick={onChange}>
          {t("kiosk.change")}
        </button>
      </header>

      <form className="scan-form" onSubmit={submit}>
        <label htmlFor="scan-text" className="scan-label">
          {t("kiosk.scan.label")}
        </label>
        <p id="scan-hint" className="scan-hint">
          {t("kiosk.scan.hint")}
        </p>
        <div className="scan-row">
          <input id="scan-text" ref={field} className="scan-input" type="text" autoComplete="off" autoCapitalize="off" spellCheck={false} enterKeyHint="go" aria-describedby="scan-hint" autoFocus />
          <button type="submit" className="button">
            {t("kiosk.scan.submit")}
          </button>
        </div>
        {hasCameraScanner() && (
          <button type="button" className="button button-quiet" aria-pressed={camera} onClick={() => setCamera(!camera)}>
            {camera ? t("kiosk.scan.cameraStop") : t("kiosk.scan.camera")}
          </button>
        )}
        {camera && <video ref={video} className="scan-video" muted playsInline />}
      </form>

      <p className="scan-state" data-step={view.step}>
        {view.step === "verifying" ? t("kiosk.verifying") : t("kiosk.ready")}
      </p>

      <section className="scan-status" aria-label={t("kiosk.app")}>
        <p className={online ? "status-online" : "status-offline"}>{online ? t("kiosk.status.online") : t("kiosk.status.offline")}</p>
        <p data-testid="pending">{status.pending === 0 ? t("kiosk.status.synced") : t("kiosk.status.pending", { count: status.pending })}</p>
        {status.counts && (
          <>
            <p data-testid="count-total">{t("kiosk.counts.total", { count: status.counts.total })}</p>
            <p data-testid="count-gate">{t("kiosk.counts.gate", { count: byGate })}</p>
          </>
        )}
        {status.packBuiltAt && <p>{t("kiosk.status.pack", { time: clockTime(status.packBuiltAt, locale) })}</p>}
        {pack.stale && online && <p>{t("kiosk.status.packStale")}</p>}
      </section>

      {status.conflicts.length > 0 && (
        <section className="scan-conflicts" aria-labelledby="conflicts-title">
          <h2 id="conflicts-title">{t("kiosk.conflicts.title")}</h2>
          <ul>
            {status.conflicts.map((each) => (
              <li key={each.checkIn.checkInId}>
                {t("kiosk.conflicts.item", {
                  code: each.code,
                  gate: each.firstUse?.gate ?? "",
                  time: each.firstUse ? clockTime(each.firstUse.scannedAt, locale) : "",
                  here: clockTime(each.checkIn.scannedAt, locale),
                })}
              </li>
            ))}
          </ul>
        </section>
      )}

      {showing && (
        <button type="button" className={`result result-${view.tone}`} onClick={dismiss} data-testid="result">
          <span className="result-title">{t(view.titleKey)}</span>
          {reason && <span className="result-reason">{reason}</span>}
          {view.code && <span className="result-code">{view.code}</span>}
          <span className="result-next">{t("kiosk.scan.dismiss")}</span>
        </button>
      )}
      <p className="visually-hidden" aria-live="assertive" aria-atomic="true">
        {/* A new node for each result: the same result twice running is spoken twice. */}
        <span key={view.resultNumber}>{showing ? [t(view.titleKey), reason].filter(Boolean).join(". ") : ""}</span>
      </p>
    </main>
  );
}
