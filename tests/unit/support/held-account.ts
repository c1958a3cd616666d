import { SimulatedClock, createActor, fromCallback, fromPromise, type EventObject, type InspectionEvent } from "xstate";
import type { AccountUser } from "../../../core/domain/account/account.ops";
import { accountMachine } from "../../../core/domain/account/account.machine";
import type { LocaleCode } from "../../../core/domain/locale/locale.settings";
import { deferred, type Deferred } from "./async";

/** A provider call the account machine made, waiting for the test to settle it. */
export interface HeldCall {
  readonly actor: string;
  readonly input: unknown;
  readonly answer: Deferred<unknown>;
}

/**
 * The account machine on a simulated clock with every provider call held until the test answers
 * it: the unit tests and the model-based tests drive the same fakes.
 */
export function heldAccount(locale: LocaleCode, inspect?: (event: InspectionEvent) => void) {
  const clock = new SimulatedClock();
  const calls: HeldCall[] = [];
  let userChanged: ((user: AccountUser | null) => void) | undefined;
  // Typed by where it is provided: each fake takes its actor's input and output types.
  const held = <TOutput, TInput>(actor: string) =>
    fromPromise<TOutput, TInput>(({ input }) => {
      const answer = deferred<unknown>();
      calls.push({ actor, input, answer });
      return answer.promise as Promise<TOutput>;
    });
  const machine = accountMachine.provide({
    actors: {
      watchUser: fromCallback<EventObject>(({ sendBack }) => {
        userChanged = (user) => sendBack({ type: "USER_CHANGED", user });
      }),
      restoreUser: held("restoreUser"),
      signIn: held("signIn"),
      register: held("register"),
      requestPasswordReset: held("requestPasswordReset"),
      requestSignInLink: held("requestSignInLink"),
      signInWithLink: held("signInWithLink"),
      resetPassword: held("resetPassword"),
      verifyEmail: held("verifyEmail"),
      sendVerification: held("sendVerification"),
      reloadUser: held("reloadUser"),
      updateProfile: held("updateProfile"),
      updateLanguage: held("updateLanguage"),
      updatePassword: held("updatePassword"),
      deleteAccount: held("deleteAccount"),
      signOut: held("signOut"),
    },
  });
  const actor = createActor(machine, { clock, inspect, input: { locale } }).start();
  return { actor, clock, calls, userChanged: (user: AccountUser | null) => userChanged?.(user) };
}
