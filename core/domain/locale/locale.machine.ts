import { assign, fromPromise, setup } from "xstate";
import { detectLocale, type LocaleSignals } from "./locale.ops";
import type { LocaleCode } from "./locale.settings";

export interface LocaleMachineInput {
  /** The locale the URL names, when it names one: it wins over detection. */
  readonly urlLocale: LocaleCode | undefined;
  readonly signals: LocaleSignals;
}

interface LocaleContext {
  readonly locale: LocaleCode;
  readonly fallback: LocaleCode;
  readonly target: LocaleCode | undefined;
  readonly failed: boolean;
}

export type LocaleEvent = { type: "CHANGE"; locale: LocaleCode };

/**
 * SPEC §4 locale handling. Detection happens once, when the actor starts; a change loads the
 * fallback messages, then the target's, then persists the choice and redirects. The effects
 * (`loadMessages`, `persistLocale`, `redirectToLocale`, `reportLoadFailure`) are provided by the host.
 */
export const localeMachine = setup({
  types: {
    context: {} as LocaleContext,
    events: {} as LocaleEvent,
    input: {} as LocaleMachineInput,
  },
  actors: {
    loadMessages: fromPromise<unknown, { locale: LocaleCode }>(async () => {
      throw new Error("loadMessages must be provided");
    }),
  },
  actions: {
    persistLocale: (_, _params: { locale: LocaleCode }) => {},
    redirectToLocale: (_, _params: { locale: LocaleCode }) => {},
    reportLoadFailure: (_, _params: { locale: LocaleCode; error: unknown }) => {},
  },
  guards: {
    isOtherLocale: ({ context, event }) => event.locale !== context.locale,
  },
}).createMachine({
  id: "locale",
  context: ({ input }) => ({
    locale: input.urlLocale ?? detectLocale(input.signals),
    fallback: input.signals.fallback,
    target: undefined,
    failed: false,
  }),
  initial: "ready",
  states: {
    ready: {
      on: {
        CHANGE: {
          guard: "isOtherLocale",
          target: "loadingFallback",
          actions: assign({ target: ({ event }) => event.locale, failed: false }),
        },
      },
    },
    loadingFallback: {
      invoke: {
        src: "loadMessages",
        input: ({ context }) => ({ locale: context.fallback }),
        onDone: "loadingTarget",
        onError: "failed",
      },
    },
    loadingTarget: {
      invoke: {
        src: "loadMessages",
        input: ({ context }) => ({ locale: context.target ?? context.locale }),
        onDone: "switched",
        onError: "failed",
      },
    },
    switched: {
      entry: [
        assign({ locale: ({ context }) => context.target ?? context.locale, target: undefined }),
        { type: "persistLocale", params: ({ context }) => ({ locale: context.locale }) },
        { type: "redirectToLocale", params: ({ context }) => ({ locale: context.locale }) },
      ],
      always: "ready",
    },
    failed: {
      entry: [
        {
          type: "reportLoadFailure",
          params: ({ context, event }) => ({
            locale: context.target ?? context.locale,
            error: "error" in event ? event.error : undefined,
          }),
        },
        assign({ target: undefined, failed: true }),
      ],
      always: "ready",
    },
  },
});
