import { useMachine } from "@xstate/react";
import { useMemo } from "react";
import { useTranslation } from "../../components/i18n/use-translation";
import { usePageContext } from "vike-react/usePageContext";
import { fromPromise } from "xstate";
import { FORM_POST_FIELD, formMachine, formView, type FormValidator } from "../../../core";
import { Button } from "../../components/button/Button";
import { FormStatus } from "../../components/form-field/FormStatus";
import { PageIntro } from "../../components/page-intro/PageIntro";
import { useBrowserServices } from "../browser-services";
import styles from "./LeadForm.module.css";

export type NewsletterLinkAction = "confirm" | "unsubscribe";

const TEXTS = {
  confirm: { title: "newsletter.confirm.title", lead: "newsletter.confirm.lead", button: "newsletter.confirm.button", done: "newsletter.confirm.done" },
  unsubscribe: { title: "newsletter.unsubscribe.title", lead: "newsletter.unsubscribe.lead", button: "newsletter.unsubscribe.button", done: "newsletter.unsubscribe.done" },
} as const;

/**
 * The landing page of a newsletter mail's link. The link itself changes nothing (mail scanners
 * fetch links): a button does, by a POST — from the browser, or as a plain form without JavaScript.
 */
export function NewsletterLinkPage({ action }: { action: NewsletterLinkAction }) {
  const { t } = useTranslation();
  const pageContext = usePageContext();
  const services = useBrowserServices();
  const token = new URLSearchParams(pageContext.urlParsed.searchOriginal ?? "").get("token") ?? "";
  const posted = pageContext.formPost?.form === `newsletter-${action}` ? pageContext.formPost : undefined;
  const texts = TEXTS[action];

  const machine = useMemo(
    () =>
      formMachine.provide({
        actors: {
          // Nothing to type: the token is the whole payload, and the server checks its signature.
          loadValidator: fromPromise<FormValidator>(async () => () => ({ ok: true, payload: { token } })),
          submit: fromPromise(async ({ input }) => {
            try {
              return await services().api.request(`/api/newsletter/${action}`, { method: "POST", body: input });
            } catch (error) {
              // 403: the token is not (or no longer) good; the page says so, as after a plain post.
              if ((error as { status?: unknown }).status === 403) throw { kind: "invalid", issues: { "": "newsletter.invalidLink" } };
              throw error;
            }
          }),
        },
      }),
    [action, services, token],
  );
  const [snapshot, send] = useMachine(machine, {
    input: { initial: {}, fieldOrder: [], checkboxes: [], posted: posted && { outcome: posted.outcome, issues: posted.issues } },
  });
  const view = formView(snapshot);

  return (
    <>
      <PageIntro title={t(texts.title)} lead={t(texts.lead)} />
      <div className={`container ${styles.linkPage}`}>
        {view.submitted ? (
          <FormStatus notice={t(texts.done)} />
        ) : (
          <form
            className={styles.form}
            method="post"
            action={`${pageContext.urlPathname}?token=${encodeURIComponent(token)}`}
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: "SUBMIT" });
            }}
          >
            <input type="hidden" name={FORM_POST_FIELD} value={`newsletter-${action}`} />
            <input type="hidden" name="token" value={token} />
            <FormStatus progress={view.busy ? t("leadForm.progress") : undefined} error={view.formMessage?.tone === "error" ? t(view.formMessage.key) : undefined} />
            <div className={styles.actions}>
              <Button isSubmit text={t(texts.button)} busy={view.busy} disabled={view.busy || !token} />
            </div>
          </form>
        )}
      </div>
    </>
  );
}
