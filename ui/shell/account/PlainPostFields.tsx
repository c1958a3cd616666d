import { usePageContext } from "vike-react/usePageContext";
import { FORM_POST_FIELD, type AccountFormName } from "../../../core";

/** What a plain post of an account form tells the server besides its fields: which form, and the page's language (for mails). */
export function PlainPostFields({ form }: { readonly form: AccountFormName }) {
  const { locale } = usePageContext();
  return (
    <>
      <input type="hidden" name={FORM_POST_FIELD} value={form} />
      <input type="hidden" name="locale" value={locale} />
    </>
  );
}
