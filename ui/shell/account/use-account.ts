import { useActorRef, useSelector } from "@xstate/react";
import { useRef, useState } from "react";
import { usePageContext } from "vike-react/usePageContext";
import { accountMachine, accountView } from "../../../core";
import { accountActors, type AccountActorHooks } from "./account-actors";
import { useAccountServices } from "./account-services";

/**
 * The account machine for one page, on the browser's ports, and its view. The actor starts in the
 * browser once the page has hydrated; the server renders the machine's first view (standing
 * unknown, busy), so forms come alive only when the provider has said who is signed in.
 */
export function useAccount(hooks: AccountActorHooks = {}) {
  const services = useAccountServices();
  const { locale } = usePageContext();
  const latestHooks = useRef(hooks);
  latestHooks.current = hooks;
  const [machine] = useState(() =>
    accountMachine.provide({
      actors: accountActors(services, { onProfileSaved: (profile) => latestHooks.current.onProfileSaved?.(profile) }),
    }),
  );
  const actor = useActorRef(machine, { input: { locale } });
  const view = useSelector(actor, accountView);
  return { view, send: actor.send };
}
