import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { Schema } from "effect";
import { useTranslation } from "../../components/i18n/use-translation";
import type { AccountFormName, AccountView, Confirmation, FieldValues, FormRejection, FormValidator } from "../../../core";
import { loadSchemaCheck } from "../../components/form-field/load-schema-check";
import { useLazyForm } from "../form/use-lazy-form";
import { usePlainPost } from "./use-plain-post";

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

export interface AccountFormOptions<S extends Schema.ConstraintDecoder<unknown>> {
  /** The page's plain post of this form (see usePlainPost), when the form has one. */
  readonly plainPost?: AccountFormName;
  readonly confirmations?: readonly Confirmation[];
  /** Values no field shows (a link's code): their problems are the form's message. */
  readonly hidden?: readonly string[];
  /** Hands the decoded payload to the account (`perform` of useAccount): the account's view once it has settled, undefined when it did not take it. */
  readonly submit: (payload: S["Type"]) => Promise<AccountView | undefined>;
}

/**
 * Said when the schema's code could not be loaded (offline, or a newer build replaced it): a failed
 * import stays failed until the page reloads, so "try again later" would not help.
 */
const CHECK_UNAVAILABLE = "feedback.error.reloadNeeded";

const refusal = (message: string): FormRejection => ({ kind: "invalid", issues: { "": message } });

/**
 * An account form on the form machine (SPEC §5), as the lead forms are: text fields show their
 * message once blurred, checkboxes once changed, every field after a submit, and a submit with
 * problems moves the focus to the first field that has one. The machine, and the payload's schema
 * with Effect, load on the form's first use; a submit before then waits. A valid submit is the
 * account's operation (`submit`), whose error is the form's message. A form whose checks cannot
 * load is posted as without JavaScript where its page answers plain posts, else keeps what was
 * typed and asks for a reload.
 */
export function useAccountForm<S extends Schema.ConstraintDecoder<unknown>, V extends FieldValues>(
  loadSchema: () => Promise<S>,
  initial: V,
  options: AccountFormOptions<S>,
) {
  const { t } = useTranslation();
  const formId = useId();
  const plainPost = usePlainPost(options.plainPost);
  const { posted } = plainPost;
  const elements = useRef(new Map<string, Focusable>());
  const formElement = useRef<HTMLFormElement | null>(null);
  const checksFailed = useRef(false);
  const latest = useRef(options);
  latest.current = options;

  // The page's post is the form's start; later renders do not restart it.
  const [input] = useState(() => {
    const hidden = options.hidden ?? [];
    return {
      initial: Object.assign({}, initial, posted?.outcome === "accepted" ? undefined : posted?.values),
      fieldOrder: Object.keys(initial).filter((name) => !hidden.includes(name)),
      checkboxes: Object.keys(initial).filter((name) => typeof initial[name] === "boolean"),
      posted: posted && { outcome: posted.outcome, issues: posted.issues },
    };
  });

  const { view, send, unavailable } = useLazyForm(input, {
    loadValidator: async (): Promise<FormValidator> => {
      const check = await loadSchemaCheck(loadSchema).catch((error: unknown) => {
        checksFailed.current = true;
        throw error;
      });
      return (values) => check(values, latest.current.confirmations);
    },
    submit: async (payload) => {
      if (checksFailed.current) {
        // A failed import stays failed until the page reloads: the server checks it instead.
        if (plainPost.takesPlainPosts && formElement.current) {
          formElement.current.submit();
          return new Promise<never>(() => {});
        }
        throw refusal(CHECK_UNAVAILABLE);
      }
      const settled = await latest.current.submit(payload as S["Type"]);
      if (!settled) throw refusal("feedback.error.generic");
      if (settled.errorKey) throw refusal(settled.errorKey);
      return settled;
    },
  });

  useEffect(() => {
    if (view.focusRequest) elements.current.get(view.focusRequest.field)?.focus();
  }, [view.focusRequest]);

  // Stored values that arrive while a submit runs (a profile saved) start the form over once it has settled.
  const pendingReset = useRef<V | undefined>(undefined);
  const reset = (next: V = initial) => {
    if (view.busy) pendingReset.current = next;
    else send({ type: "RESET", values: next });
  };
  useEffect(() => {
    if (view.busy || !pendingReset.current) return;
    send({ type: "RESET", values: pendingReset.current });
    pendingReset.current = undefined;
  }, [view.busy]);

  const messageKey = view.formMessage?.tone === "error" && !view.busy ? view.formMessage.key : undefined;
  // The machine's chunk did not load: without a plain post to fall back on, only a reload helps.
  const formErrorKey = unavailable && !plainPost.takesPlainPosts ? CHECK_UNAVAILABLE : messageKey;
  const bind = (name: keyof V & string): FieldBinding => {
    const error = view.errorOf(name);
    return {
      id: `${formId}-${name}`,
      name,
      error: error ? t(error) : undefined,
      inputRef: (element) => {
        if (element) elements.current.set(name, element);
        else elements.current.delete(name);
      },
    };
  };
  const set = (name: string, value: string | boolean) => send({ type: "CHANGE", field: name, value });

  return {
    view,
    /** Which plain post the form sends without JavaScript, if any. */
    plainPostForm: options.plainPost,
    /** What the server made of the form's plain post, when this page is its answer. */
    posted,
    /** The form is a plain form now (see usePlainPost): enabled, with no machine behind it. */
    plain: plainPost.plain,
    takesPlainPosts: plainPost.takesPlainPosts,
    // Extended with Object.assign, not spread into a literal: see tests/architecture/spread-first-literals.ts.
    text: (name: keyof V & string): TextBinding =>
      Object.assign(bind(name), {
        value: String(view.values[name] ?? ""),
        onChange: (value: string) => set(name, value),
        onBlur: () => send({ type: "BLUR", field: name }),
      }),
    checkbox: (name: keyof V & string): CheckboxBinding =>
      Object.assign(bind(name), {
        checked: view.values[name] === true,
        onChange: (value: boolean) => set(name, value),
      }),
    /** The translated message about the whole form (incomplete, a value no field shows, the account's error). */
    formError: formErrorKey ? t(formErrorKey) : undefined,
    /** The form's message asks for a reload: FormStatus offers it. */
    reloadNeeded: formErrorKey === CHECK_UNAVAILABLE,
    /** Starts over from `next` (after a save, or once stored values arrive). */
    reset,
    /** The form's own handlers: a field's focus wakes the machine; a submit goes to it, unless it could not load and the page takes plain posts. */
    formProps: {
      onFocus: () => send({ type: "FOCUS" }),
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        formElement.current = event.currentTarget;
        if (unavailable && plainPost.takesPlainPosts) return;
        event.preventDefault();
        send({ type: "SUBMIT" });
      },
    },
  };
}

export type AccountForm = ReturnType<typeof useAccountForm>;
