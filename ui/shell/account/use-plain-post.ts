import { useSyncExternalStore } from "react";
import { usePageContext } from "vike-react/usePageContext";
import type { AccountFormName, FormPost } from "../../../core";

const unsubscribed = () => () => {};

/**
 * An account form as a plain form (issue 8, item 7). The embedded identity server takes the
 * account forms posted to their page, so until the page has hydrated (or when JavaScript never
 * runs) the server's HTML is a form that works on its own; from hydration on, the account machine
 * drives it. Firebase signs in from the browser only: there the form waits for JavaScript.
 */
export function usePlainPost(form: AccountFormName | undefined) {
  const pageContext = usePageContext();
  // A form without a plain post of its own (the dashboard's) always waits for JavaScript.
  const takesPlainPosts = form !== undefined && pageContext.globalContext.publicConfig.identity.provider === "local";
  // False while React hydrates the server's HTML (so both render the same), true from then on.
  const hydrated = useSyncExternalStore(unsubscribed, () => true, () => false);
  const posted: FormPost | undefined = form !== undefined && pageContext.formPost?.form === form ? pageContext.formPost : undefined;
  return {
    /** What the server made of the form's plain post, when this page is its answer. */
    posted,
    /** The form is a plain form now: enabled, with no machine behind it. */
    plain: takesPlainPosts && !hydrated,
    takesPlainPosts,
  };
}
