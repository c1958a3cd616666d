import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../i18n/use-translation";
import type { Schema } from "effect";
import { FORM, type Confirmation, type FieldIssues, type FieldValues, type FormCheck, type FormPost } from "../../../core";
import { loadSchemaCheck, type SchemaCheck } from "./load-schema-check";

const NO_CONFIRMATIONS: readonly Confirmation[] = [];

type Focusable = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface FieldBinding {
  readonly id: string;
  readonly name: string;
  /** The translated message, once the field may show it. */
  readonly error: string | undefined;
  readonly inputRef: (element: Focusable | null) => void;
}

export interface TextBinding extends FieldBinding {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onBlur: () => void;
}

export interface CheckboxBinding extends FieldBinding {
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
}

export interface SchemaFormOptions {
  readonly confirmations?: readonly Confirmation[];
  /** The form's plain post that this page answers: its values fill the fields, the server's messages show until the field changes. */
  readonly posted?: FormPost | undefined;
  /** The page answers the form's plain post: when the checks cannot load, the form is posted as without JavaScript. */
  readonly plainPost?: boolean;
}

const NO_ISSUES: FieldIssues = {};

/** The whole form's message after a refused post: incomplete when a field has one, else the server's own. */
function postedFormError(issues: FieldIssues): string | undefined {
  return Object.keys(issues).some((name) => name !== "") ? FORM.incompleteMessage : issues[""];
}

/**
 * Said when the schema's code could not be loaded (offline, or a newer build replaced it): a failed
 * import stays failed until the page reloads, so "try again later" would not help.
 */
const CHECK_UNAVAILABLE = "feedback.error.reloadNeeded";

/**
 * A form's state against the payload's schema (SPEC §5): text fields show their message once
 * blurred, checkboxes once changed, every field after a submit; input is checked FORM.inputDebounceMs
 * after the last keystroke. A submit with problems shows the incomplete-form message and moves the
 * focus to the first field that has one (in the order of `initial`); a valid one hands over the
 * decoded payload. Values that no field shows (a link's code) report their problem as the form's.
 * The schema, and Effect with it, load once the page has hydrated (`loadSchema`), not with the
 * page: nothing is checked before a field is left or the form sent, and a submit before then waits.
 */
export function useSchemaForm<S extends Schema.ConstraintDecoder<unknown>, V extends FieldValues>(
  loadSchema: () => Promise<S>,
  initial: V,
  options: SchemaFormOptions = {},
) {
  const { t } = useTranslation();
  const formId = useId();
  const refused = options.posted && options.posted.outcome !== "accepted" ? options.posted : undefined;
  const [start] = useState<V>(() => Object.assign({}, initial, refused?.values));
  const [values, setValues] = useState<V>(start);
  const [checked, setChecked] = useState<V>(start);
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [formErrorKey, setFormErrorKey] = useState<string | undefined>(() => refused && postedFormError(refused.issues));
  // The server's messages for the post, each until its field changes or the form is sent again.
  const [postedIssues, setPostedIssues] = useState<FieldIssues>(refused?.issues ?? NO_ISSUES);
  const elements = useRef(new Map<string, Focusable>());
  const confirmations = options.confirmations ?? NO_CONFIRMATIONS;
  const [schemaCheck, setSchemaCheck] = useState<SchemaCheck<S> | undefined>(undefined);
  const loading = useRef<Promise<SchemaCheck<S>> | undefined>(undefined);
  const loadCheck = () =>
    (loading.current ??= loadSchemaCheck(loadSchema).then((loaded) => {
      setSchemaCheck(() => loaded);
      return loaded;
    }));

  useEffect(() => {
    // A failure shows when the form is sent; the new-build notice hears of a missing chunk.
    loadCheck().catch(() => {});
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => setChecked(values), FORM.inputDebounceMs);
    return () => clearTimeout(timer);
  }, [values]);

  const check = useMemo(() => schemaCheck?.(checked, confirmations), [schemaCheck, checked, confirmations]);
  const issueOf = (name: string) => (check === undefined || check.ok ? undefined : check.issues[name]);
  const errorOf = (name: string) => {
    const key = postedIssues[name] ?? (submitted || shown.has(name) ? issueOf(name) : undefined);
    return key ? t(key) : undefined;
  };
  const show = (name: string) => setShown((current) => (current.has(name) ? current : new Set(current).add(name)));
  const bind = (name: keyof V & string): FieldBinding => ({
    id: `${formId}-${name}`,
    name,
    error: errorOf(name),
    inputRef: (element) => {
      if (element) elements.current.set(name, element);
      else elements.current.delete(name);
    },
  });
  const set = (name: keyof V & string, value: string | boolean) => {
    setValues((current) => Object.assign({}, current, { [name]: value }));
    setPostedIssues((current) => {
      if (current[name] === undefined) return current;
      const { [name]: _changed, ...rest } = current;
      return rest;
    });
  };

  return {
    values,
    // Extended with Object.assign, not spread into a literal: see tests/architecture/spread-first-literals.ts.
    text: (name: keyof V & string): TextBinding =>
      Object.assign(bind(name), {
        value: String(values[name] ?? ""),
        onChange: (value: string) => set(name, value),
        onBlur: () => {
          setChecked(values);
          show(name);
        },
      }),
    checkbox: (name: keyof V & string): CheckboxBinding =>
      Object.assign(bind(name), {
        checked: values[name] === true,
        onChange: (value: boolean) => {
          set(name, value);
          show(name);
        },
      }),
    set,
    /** The translated message about the whole form (incomplete, or a value no field shows). */
    formError: formErrorKey ? t(formErrorKey) : undefined,
    /** The form's message asks for a reload: FormStatus offers it. */
    reloadNeeded: formErrorKey === CHECK_UNAVAILABLE,
    /** Starts over from `next` (after a save, or once stored values arrive). */
    reset: (next: V = initial) => {
      setValues(next);
      setChecked(next);
      setShown(new Set());
      setSubmitted(false);
      setFormErrorKey(undefined);
      setPostedIssues(NO_ISSUES);
    },
    handleSubmit: (onValid: (payload: S["Type"]) => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const sent = values;
      const form = event.currentTarget;
      if (schemaCheck) settle(schemaCheck(sent, confirmations), sent, onValid);
      else
        loadCheck().then(
          (loaded) => settle(loaded(sent, confirmations), sent, onValid),
          () => {
            // A failed import stays failed until the page reloads: the server checks it instead.
            if (options.plainPost) form.submit();
            else setFormErrorKey(CHECK_UNAVAILABLE);
          },
        );
    },
  };

  /** A sent form's outcome: the payload handed over, or every message shown and the focus on the first. */
  function settle(result: FormCheck<S>, sent: V, onValid: (payload: S["Type"]) => void) {
    setChecked(sent);
    setSubmitted(true);
    setPostedIssues(NO_ISSUES);
    if (result.ok) {
      setFormErrorKey(undefined);
      onValid(result.payload);
      return;
    }
    const fields = Object.keys(initial).filter((name) => result.issues[name] !== undefined);
    const first = fields.map((name) => elements.current.get(name)).find((element) => element !== undefined);
    const unshown = fields.find((name) => !elements.current.has(name)) ?? (result.issues[""] !== undefined ? "" : undefined);
    setFormErrorKey(first ? FORM.incompleteMessage : unshown !== undefined ? result.issues[unshown] : FORM.incompleteMessage);
    first?.focus();
  }
}
