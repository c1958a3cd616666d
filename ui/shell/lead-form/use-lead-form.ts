import { useEffect, useRef, useState } from "react";
import { usePageContext } from "vike-react/usePageContext";
import type { ContactDetails, FieldValues } from "../../../core";
import { useBrowserServices } from "../browser-services";
import type { LeadFormDefinition } from "./lead-form-definition";
import { useLazyForm } from "../form/use-lazy-form";

type Focusable = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * A lead form's machine with the browser's ports: validation loaded on the first interaction, the
 * submission sent with one idempotency key per payload (a retry of the same values repeats it). A
 * plain post's outcome (no JavaScript) is the form's start, so the page that renders it and the
 * one that hydrates agree.
 */
export function useLeadForm({ kind, fields, loadSchema }: LeadFormDefinition, preset: FieldValues = {}) {
  const services = useBrowserServices();
  // Optional: blocks also render outside Vike (their tests, a kiosk).
  const pageContext = usePageContext() as Partial<Vike.PageContext> | undefined;
  const posted = pageContext?.formPost?.form === kind ? pageContext.formPost : undefined;
  const attempt = useRef<{ readonly key: string; readonly payload: string } | undefined>(undefined);
  const elements = useRef(new Map<string, Focusable>());

  // The page's post and the preset are the form's start; later renders do not restart it.
  const [input] = useState(() => {
    const initial: Record<string, string | boolean> = {};
    for (const field of fields) initial[field.name] = field.control === "checkbox" ? false : "";
    return {
      initial: Object.assign(initial, preset, posted?.outcome === "accepted" ? undefined : posted?.values),
      fieldOrder: fields.map((field) => field.name),
      checkboxes: fields.filter((field) => field.control === "checkbox").map((field) => field.name),
      posted: posted && { outcome: posted.outcome, issues: posted.issues },
    };
  });

  const { view, send: sendToForm, unavailable } = useLazyForm(input, {
    loadValidator: async () => {
      const [schema, { leadFormValidator }] = await Promise.all([loadSchema(), import("./lead-form-validator")]);
      return leadFormValidator(schema);
    },
    submit: async (payload) => {
      const serialized = JSON.stringify(payload);
      if (attempt.current?.payload !== serialized) attempt.current = { key: crypto.randomUUID(), payload: serialized };
      const { key } = attempt.current;
      return (await services().leadForms()).submit(kind, payload, { idempotencyKey: key });
    },
  });

  // A signed-in visitor's known fields fill the empty ones the visitor has not been in, once, when
  // the form is first used: what they type (or are about to type) is never overwritten.
  const values = useRef(view.values);
  values.current = view.values;
  const visited = useRef(new Set<string>());
  const prefilled = useRef(false);
  const send: typeof sendToForm = (event) => {
    if (event.type === "CHANGE" || event.type === "BLUR") visited.current.add(event.field);
    sendToForm(event);
    if (prefilled.current) return;
    prefilled.current = true;
    services()
      .leadForms()
      .then((client) => client.contactDetails())
      .then(
        (details) => {
          for (const field of input.fieldOrder) {
            const known = details?.[field as keyof ContactDetails];
            if (known && values.current[field] === "" && !visited.current.has(field)) sendToForm({ type: "CHANGE", field, value: known });
          }
        },
        // Nothing to prefill: the visitor types it.
        () => {},
      );
  };

  useEffect(() => {
    if (view.focusRequest) elements.current.get(view.focusRequest.field)?.focus();
  }, [view.focusRequest]);

  return {
    view,
    send,
    /** A field got the focus: it is the visitor's from now on, and the form wakes up. */
    focus: (field: string | null) => {
      if (field) visited.current.add(field);
      send({ type: "FOCUS" });
    },
    /** The machine could not be loaded: let the browser post the form itself. */
    unavailable,
    /** Gives the machine a field's element, so that it can ask for the focus to go there. */
    register: (name: string) => (element: Focusable | null) => {
      if (element) elements.current.set(name, element);
      else elements.current.delete(name);
    },
  };
}
