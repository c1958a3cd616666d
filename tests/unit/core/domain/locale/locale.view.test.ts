import { createActor, fromPromise } from "xstate";
import { describe, expect, it } from "vitest";
import { localeMachine } from "../../../../../core/domain/locale/locale.machine";
import type { LocaleCode } from "../../../../../core/domain/locale/locale.settings";
import { localeView } from "../../../../../core/domain/locale/locale.view";
import { deferred, flush } from "../../../support/async";

function start(outcomes: Array<"ok" | "fail">) {
  const machine = localeMachine.provide({
    actors: {
      loadMessages: fromPromise<unknown, { locale: LocaleCode }>(async () => {
        const outcome = outcomes.shift();
        if (outcome === "fail") throw new Error("load failed");
        return {};
      }),
    },
  });
  return createActor(machine, { input: { urlLocale: "es", signals: { cookie: undefined, acceptLanguage: undefined, fallback: "es" } } }).start();
}

describe("localeView", () => {
  it("shows the settled locale when nothing is under way", () => {
    expect(localeView(start([]).getSnapshot())).toEqual({ locale: "es", switching: false, switchingTo: undefined, failed: false });
  });

  it("shows the target while either set of messages loads", async () => {
    const gate = deferred<void>();
    const machine = localeMachine.provide({
      actors: { loadMessages: fromPromise<unknown, { locale: LocaleCode }>(() => gate.promise) },
    });
    const actor = createActor(machine, {
      input: { urlLocale: "es", signals: { cookie: undefined, acceptLanguage: undefined, fallback: "es" } },
    }).start();
    actor.send({ type: "CHANGE", locale: "val" });
    expect(localeView(actor.getSnapshot())).toEqual({ locale: "es", switching: true, switchingTo: "val", failed: false });
    gate.resolve();
    await flush();
    expect(actor.getSnapshot().value).toBe("ready");
    expect(localeView(actor.getSnapshot())).toEqual({ locale: "val", switching: false, switchingTo: undefined, failed: false });
  });

  it("shows the target while the target's messages load", async () => {
    const actor = createActor(
      localeMachine.provide({
        actors: {
          loadMessages: fromPromise<unknown, { locale: LocaleCode }>(({ input }) =>
            input.locale === "es" ? Promise.resolve({}) : new Promise(() => {}),
          ),
        },
      }),
      { input: { urlLocale: "en", signals: { cookie: undefined, acceptLanguage: undefined, fallback: "es" } } },
    ).start();
    actor.send({ type: "CHANGE", locale: "val" });
    await flush();
    expect(actor.getSnapshot().value).toBe("loadingTarget");
    expect(localeView(actor.getSnapshot())).toEqual({ locale: "en", switching: true, switchingTo: "val", failed: false });
  });

  it("reports a failed change and keeps the locale", async () => {
    const actor = start(["fail"]);
    actor.send({ type: "CHANGE", locale: "en" });
    await flush();
    expect(localeView(actor.getSnapshot())).toEqual({ locale: "es", switching: false, switchingTo: undefined, failed: true });
  });
});
