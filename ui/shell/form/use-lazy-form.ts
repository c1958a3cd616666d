import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { formStartView, formView, type FormEvent, type FormMachineInput } from "../../../core";
import type { FormActor, FormEffects } from "./form-actor";

/**
 * A form's machine, started on the form's first use: until then the page shows the form's start
 * (formStartView) and keeps the events, which the machine then receives in order. A page renders
 * its forms without loading the machine (nor XState, where the page has none); `unavailable` says
 * the machine could not be loaded (offline): the form then posts as a plain form. The lead forms
 * and the account forms both run on it.
 */
export function useLazyForm(input: FormMachineInput, effects: FormEffects) {
  const actor = useRef<FormActor | undefined>(undefined);
  const queued = useRef<FormEvent[]>([]);
  const loading = useRef(false);
  const [started, setStarted] = useState<FormActor | undefined>(undefined);
  const [unavailable, setUnavailable] = useState(false);
  const [values, setValues] = useState(input.initial);
  const effectsRef = useRef(effects);
  effectsRef.current = effects;

  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!started) return () => {};
      const subscription = started.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [started],
  );
  const snapshot = useSyncExternalStore(subscribe, () => started?.getSnapshot(), () => undefined);
  useEffect(
    () => () => {
      started?.stop();
    },
    [started],
  );

  const send = useCallback(
    (event: FormEvent) => {
      if (actor.current) {
        actor.current.send(event);
        return;
      }
      queued.current.push(event);
      if (event.type === "CHANGE") setValues((current) => Object.assign({}, current, { [event.field]: event.value }));
      // Stored values that arrive before the form is used (a profile's) wake nothing: the machine starts from them.
      if (event.type === "RESET") {
        setValues(event.values ?? input.initial);
        return;
      }
      if (loading.current) return;
      loading.current = true;
      import("./form-actor").then(
        ({ startFormActor }) => {
          const running = startFormActor(input, {
            loadValidator: () => effectsRef.current.loadValidator(),
            submit: (payload) => effectsRef.current.submit(payload),
          });
          actor.current = running;
          for (const waiting of queued.current.splice(0)) running.send(waiting);
          setStarted(running);
        },
        () => setUnavailable(true),
      );
    },
    [input],
  );

  return { view: snapshot ? formView(snapshot) : formStartView(input, values), send, unavailable };
}
