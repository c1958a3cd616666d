import { useMachine } from "@xstate/react";
import { useEffect, useState } from "react";
import { fromPromise } from "xstate";
import { waitingRoomMachine, waitingRoomView, type WaitingRoomAnswer } from "../../../core";
import { waitingRoomClient } from "../../../composition/waiting-room-browser";
import { useBrowserServices } from "../../shell/browser-services";

/**
 * This browser's place in the event's waiting room, on the waiting room machine, its actors on the
 * waiting room's API. Once admitted (or sold out) the page loads again: the server then renders
 * the tickets (or says they are gone).
 */
export function useWaitingRoom(eventSlug: string, answer: WaitingRoomAnswer) {
  const services = useBrowserServices();
  const [machine] = useState(() => {
    const client = () => waitingRoomClient(services().api);
    return waitingRoomMachine.provide({
      actors: {
        join: fromPromise(async () => (await client()).join(eventSlug)),
        poll: fromPromise(async () => (await client()).standing(eventSlug)),
      },
    });
  });
  const [snapshot] = useMachine(machine, { input: { answer } });
  const view = waitingRoomView(snapshot);
  useEffect(() => {
    if (view.stage === "admitted" || view.stage === "sold-out") window.location.reload();
  }, [view.stage]);
  return view;
}
