import { createActor, fromPromise } from "xstate";
import { describe, expect, it } from "vitest";
import { localeMachine, type LocaleMachineInput } from "../../../../../core/domain/locale/locale.machine";
import type { LocaleCode } from "../../../../../core/domain/locale/locale.settings";
import { localeView } from "../../../../../core/domain/locale/locale.view";
import { deferred, flush, type Deferred } from "../../../support/async";

/** A host for the machine: message loads it settles by hand, and a log of every effect in order. */
function startLocale(input: Partial<LocaleMachineInput> & { fallback?: LocaleCode } = {}) {
  const log: string[] = [];
  const loads: Array<{ locale: LocaleCode; request: Deferred<unknown> }> = [];
  const failures: Array<{ locale: LocaleCode; error: unknown }> = [];
  const machine = localeMachine.provide({
    actors: {
      loadMessages: fromPromise<unknown, { locale: LocaleCode }>(({ input: { locale } }) => {
        log.push(`load:${locale}`);
        const request = deferred<unknown>();
        loads.push({ locale, request });
        return request.promise;
      }),
    },
    actions: {
      persistLocale: (_, { locale }) => log.push(`persist:${locale}`),
      redirectToLocale: (_, { locale }) => log.push(`redirect:${locale}`),
      reportLoadFailure: (_, failure) => {
        log.push(`failure:${failure.locale}`);
        failures.push(failure);
      },
    },
  });
  const actor = createActor(machine, {
    input: {
      urlLocale: input.urlLocale,
      signals: input.signals ?? { cookie: undefined, acceptLanguage: undefined, fallback: input.fallback ?? "es" },
    },
  }).start();
  /** Settles the most recent load and lets the machine react. */
  const settleLast = async (outcome: { ok: true } | { ok: false; error: unknown }) => {
    const last = loads.at(-1);
    if (!last) throw new Error("no load in flight");
    if (outcome.ok) last.request.resolve({ hello: "world" });
    else last.request.reject(outcome.error);
    await flush();
  };
  return { actor, log, loads, failures, settleLast, view: () => localeView(actor.getSnapshot()) };
}

describe("locale machine: detection when the actor starts", () => {
  it("lets the URL's locale win over every signal", () => {
    const { actor } = startLocale({ urlLocale: "val", signals: { cookie: "en", acceptLanguage: "en", fallback: "es" } });
    expect(actor.getSnapshot().context.locale).toBe("val");
  });

  it("uses the cookie, then Accept-Language, then the fallback", () => {
    const locale = (signals: LocaleMachineInput["signals"]) =>
      startLocale({ urlLocale: undefined, signals }).actor.getSnapshot().context.locale;
    expect(locale({ cookie: "en", acceptLanguage: "ca-ES-valencia", fallback: "es" })).toBe("en");
    expect(locale({ cookie: "klingon", acceptLanguage: "fr, ca-ES-valencia;q=0.8", fallback: "es" })).toBe("val");
    expect(locale({ cookie: undefined, acceptLanguage: "de, fr", fallback: "en" })).toBe("en");
  });

  it("starts ready, loading nothing", () => {
    const { actor, log } = startLocale();
    expect(actor.getSnapshot().value).toBe("ready");
    expect(log).toEqual([]);
  });
});

describe("locale machine: CHANGE", () => {
  it("loads the fallback's messages before the target's, then persists and redirects", async () => {
    const { actor, log, settleLast } = startLocale({ urlLocale: "val", fallback: "es" });
    actor.send({ type: "CHANGE", locale: "en" });
    expect(actor.getSnapshot().value).toBe("loadingFallback");
    // The target is not requested while the fallback is still loading.
    expect(log).toEqual(["load:es"]);

    await settleLast({ ok: true });
    expect(actor.getSnapshot().value).toBe("loadingTarget");
    expect(log).toEqual(["load:es", "load:en"]);

    await settleLast({ ok: true });
    expect(log).toEqual(["load:es", "load:en", "persist:en", "redirect:en"]);
    expect(actor.getSnapshot().value).toBe("ready");
    expect(actor.getSnapshot().context).toMatchObject({ locale: "en", target: undefined, failed: false });
  });

  it("loads the fallback twice when it is also the target", async () => {
    const { actor, log, settleLast } = startLocale({ urlLocale: "en", fallback: "es" });
    actor.send({ type: "CHANGE", locale: "es" });
    await settleLast({ ok: true });
    await settleLast({ ok: true });
    expect(log).toEqual(["load:es", "load:es", "persist:es", "redirect:es"]);
    expect(actor.getSnapshot().context.locale).toBe("es");
  });

  it("does nothing when asked for the current locale", async () => {
    const { actor, log } = startLocale({ urlLocale: "en" });
    actor.send({ type: "CHANGE", locale: "en" });
    await flush();
    expect(actor.getSnapshot().value).toBe("ready");
    expect(log).toEqual([]);
    expect(localeView(actor.getSnapshot())).toEqual({ locale: "en", switching: false, switchingTo: undefined, failed: false });
  });

  it("ignores a second CHANGE while one is under way", async () => {
    const { actor, log, settleLast } = startLocale({ urlLocale: "es", fallback: "es" });
    actor.send({ type: "CHANGE", locale: "en" });
    actor.send({ type: "CHANGE", locale: "val" });
    await settleLast({ ok: true });
    actor.send({ type: "CHANGE", locale: "val" });
    await settleLast({ ok: true });
    expect(log).toEqual(["load:es", "load:en", "persist:en", "redirect:en"]);
  });
});

describe("locale machine: a failed load", () => {
  it("reports a failure of the fallback's messages and keeps the old locale", async () => {
    const { actor, log, failures, settleLast } = startLocale({ urlLocale: "val", fallback: "es" });
    const error = new Error("offline");
    actor.send({ type: "CHANGE", locale: "en" });
    await settleLast({ ok: false, error });

    expect(log).toEqual(["load:es", "failure:en"]);
    expect(failures).toEqual([{ locale: "en", error }]);
    expect(actor.getSnapshot().value).toBe("ready");
    expect(actor.getSnapshot().context).toMatchObject({ locale: "val", target: undefined, failed: true });
  });

  it("reports a failure of the target's messages without persisting or redirecting", async () => {
    const { actor, log, failures, settleLast } = startLocale({ urlLocale: "es", fallback: "es" });
    const error = new Error("404");
    actor.send({ type: "CHANGE", locale: "val" });
    await settleLast({ ok: true });
    await settleLast({ ok: false, error });

    expect(log).toEqual(["load:es", "load:val", "failure:val"]);
    expect(failures).toEqual([{ locale: "val", error }]);
    expect(actor.getSnapshot().context.locale).toBe("es");
    expect(localeView(actor.getSnapshot()).failed).toBe(true);
  });

  it("clears the failure when the next change starts and succeeds", async () => {
    const { actor, settleLast } = startLocale({ urlLocale: "es", fallback: "es" });
    actor.send({ type: "CHANGE", locale: "en" });
    await settleLast({ ok: false, error: new Error("x") });
    expect(actor.getSnapshot().context.failed).toBe(true);

    actor.send({ type: "CHANGE", locale: "en" });
    expect(actor.getSnapshot().context.failed).toBe(false);
    await settleLast({ ok: true });
    await settleLast({ ok: true });
    expect(actor.getSnapshot().context).toMatchObject({ locale: "en", failed: false });
  });
});
