import { createActor, fromPromise, type AnyEventObject, type InspectionEvent } from "xstate";
import { describe, expect, it } from "vitest";
import { localeMachine, type LocaleEvent } from "../../core/domain/locale/locale.machine";
import { LOCALE_CODES, type LocaleCode } from "../../core/domain/locale/locale.settings";
import { localeView } from "../../core/domain/locale/locale.view";
import { deferred, flush, type Deferred } from "../unit/support/async";
import { allStates, doneEvent, errorEvent, reachedStates, replay, shortestPaths, transientStates, type ModelPath } from "./support";

const INPUT = { urlLocale: "en" as const, signals: { cookie: undefined, acceptLanguage: undefined, fallback: "es" as const } };
const LOAD_ERROR = { message: "messages unavailable" };
const EVENTS: AnyEventObject[] = [
  ...LOCALE_CODES.map((locale) => ({ type: "CHANGE", locale })),
  { type: doneEvent(localeMachine, "locale.loadingFallback"), output: {} },
  { type: errorEvent(localeMachine, "locale.loadingFallback"), error: LOAD_ERROR },
  { type: doneEvent(localeMachine, "locale.loadingTarget"), output: {} },
  { type: errorEvent(localeMachine, "locale.loadingTarget"), error: LOAD_ERROR },
];

// The context is small (locale × target × failed), so states are told apart by value and context.
const paths = shortestPaths(localeMachine, { input: INPUT, events: EVENTS });

/** A real actor whose loads are settled as the model's done/error events say, logging every effect. */
function harness(inspect: (event: InspectionEvent) => void) {
  const loads: Array<Deferred<unknown>> = [];
  const effects: string[] = [];
  const machine = localeMachine.provide({
    actors: {
      loadMessages: fromPromise<unknown, { locale: LocaleCode }>(({ input }) => {
        effects.push(`load:${input.locale}`);
        const load = deferred<unknown>();
        loads.push(load);
        return load.promise;
      }),
    },
    actions: {
      persistLocale: (_, { locale }) => effects.push(`persist:${locale}`),
      redirectToLocale: (_, { locale }) => effects.push(`redirect:${locale}`),
      reportLoadFailure: (_, { locale, error }) => effects.push(`failure:${locale}:${JSON.stringify(error)}`),
    },
  });
  const actor = createActor(machine, { input: INPUT, inspect }).start();
  return {
    effects,
    snapshot: () => actor.getSnapshot(),
    perform: async (event: AnyEventObject) => {
      if (event.type === "CHANGE") actor.send(event as LocaleEvent);
      else if (event.type.startsWith("xstate.done.actor.")) loads.at(-1)?.resolve(event.output);
      else if (event.type.startsWith("xstate.error.actor.")) loads.at(-1)?.reject(event.error);
      else throw new Error(`unexpected model event ${event.type}`);
      await flush();
    },
  };
}

describe("locale machine model", () => {
  it("reaches every resting state, and passes through the transient ones", async () => {
    expect(transientStates(localeMachine)).toEqual(["failed", "switched"]);
    expect(reachedStates(paths)).toEqual(["loadingFallback", "loadingTarget", "ready"]);

    const visited = new Set<string>();
    for (const path of paths) {
      for (const state of await replay(path, harness, () => {})) visited.add(state);
    }
    expect([...visited].sort()).toEqual(allStates(localeMachine));
  });

  it("reaches every locale from the start, and a failed change", () => {
    const settled = (path: ModelPath) => path.state.value === "ready";
    const locales = new Set(paths.filter(settled).map((path) => path.state.context.locale as LocaleCode));
    expect([...locales].sort()).toEqual([...LOCALE_CODES].sort());
    expect(paths.some((path) => settled(path) && path.state.context.failed === true)).toBe(true);
  });

  it("behaves like its model along every shortest path, with effects in the specified order", async () => {
    for (const path of paths) {
      let real: ReturnType<typeof harness> | undefined;
      let switchingTo: unknown;
      await replay(
        path,
        (inspect) => (real = harness(inspect)),
        (snapshot, model, event) => {
          expect(snapshot.value).toEqual(model.value);
          expect(snapshot.status).toBe(model.status);
          expect(snapshot.context).toEqual(model.context);
          expect(localeView(snapshot)).toEqual(localeView(model as typeof snapshot));
          const effects = real?.effects ?? [];
          if (model.context.target !== undefined) switchingTo = model.context.target;
          // A switch is persisted and redirected only after both loads, fallback first; a failure is reported instead.
          if (event.type.startsWith("xstate.done.actor.") && model.value === "ready") {
            const to = model.context.locale as LocaleCode;
            expect(effects.slice(-4)).toEqual([`load:${INPUT.signals.fallback}`, `load:${to}`, `persist:${to}`, `redirect:${to}`]);
          }
          if (event.type.startsWith("xstate.error.actor.")) {
            expect(effects.at(-1)).toBe(`failure:${String(switchingTo)}:${JSON.stringify(LOAD_ERROR)}`);
            // Since the previous outcome, this change only loaded (the fallback first) and neither persisted nor redirected.
            const previousOutcome = effects.slice(0, -1).findLastIndex((effect) => !effect.startsWith("load:"));
            const loads = effects.slice(previousOutcome + 1, -1);
            expect(loads[0]).toBe(`load:${INPUT.signals.fallback}`);
            expect(loads.length).toBeLessThanOrEqual(2);
            expect(loads.every((effect) => effect.startsWith("load:"))).toBe(true);
          }
        },
      );
    }
  });
});
