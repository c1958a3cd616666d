import { useActorRef, useSelector } from "@xstate/react";
import { useRef, useState } from "react";
import { createActor } from "xstate";
import { usePageContext } from "vike-react/usePageContext";
import { accountMachine, accountView, type AccountEvent, type AccountView, type LocaleCode } from "../../../core";
import { accountActors, type AccountActorHooks } from "./account-actors";
import { useAccountServices } from "./account-services";

/**
 * The account machine for one page, on the browser's ports, and its view. The actor starts in the
 * browser once the page has hydrated; the server renders the machine's first view (standing
 * unknown, busy), so forms come alive only when the provider has said who is signed in.
 */
export function useAccount(hooks: AccountActorHooks = {}): AccountBinding {
  const { locale } = usePageContext();
  // The same branch for the process's whole life: the server never runs the browser's hooks below.
  if (typeof window === "undefined") return { view: firstViewIn(locale), send: ignore, perform: refuse };
  return useAccountActor(locale, hooks);
}

export interface AccountBinding {
  readonly view: AccountView;
  readonly send: (event: AccountEvent) => void;
  /**
   * Sends an operation's event and resolves once the account has settled, with its view then (its
   * error, its notice); undefined when the account does not take the event now. A form's submit.
   */
  readonly perform: (event: AccountEvent) => Promise<AccountView | undefined>;
}

const firstViews = new Map<LocaleCode, AccountView>();
const ignore = () => {};
const refuse = async () => undefined;

/**
 * What the server renders: the machine's first view, the same for every request in a language,
 * made once rather than with an actor (and a copy of the machine) per render.
 */
function firstViewIn(locale: LocaleCode): AccountView {
  let view = firstViews.get(locale);
  if (!view) firstViews.set(locale, (view = accountView(createActor(accountMachine, { input: { locale } }).getSnapshot())));
  return view;
}

function useAccountActor(locale: LocaleCode, hooks: AccountActorHooks) {
  const services = useAccountServices();
  const latestHooks = useRef(hooks);
  latestHooks.current = hooks;
  const [machine] = useState(() =>
    accountMachine.provide({
      actors: accountActors(services, { onProfileSaved: (profile) => latestHooks.current.onProfileSaved?.(profile) }),
    }),
  );
  const actor = useActorRef(machine, { input: { locale } });
  const view = useSelector(actor, accountView);
  // Not XState's waitFor: every page's XState chunk would carry it for the account pages alone.
  const perform = (event: AccountEvent) =>
    new Promise<AccountView | undefined>((resolve) => {
      if (!actor.getSnapshot().can(event)) return resolve(undefined);
      actor.send(event);
      const settled = () => {
        const now = accountView(actor.getSnapshot());
        if (now.busy) return;
        subscription.unsubscribe();
        resolve(now);
      };
      const subscription = actor.subscribe(settled);
      settled();
    });
  return { view, send: actor.send, perform };
}
