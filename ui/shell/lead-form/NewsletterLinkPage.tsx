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
import { useLocalizedPath } from "../localized-link/use-localized-path";
import { sitePage, type SitePageId } from "../navigation/site-pages";
import styles from "./LeadForm.module.css";

export type NewsletterLinkAction = "confirm" | "unsubscribe";

/** A page's texts, and where a broken link sends its reader. */
interface NewsletterLinkTexts {
  readonly title: string;
  readonly lead: string;
  readonly button: string;
  readonly done: string;
  readonly invalidLink: string;
  readonly wayOn: { readonly page: SitePageId; readonly label: string };
}

/** A broken link leads to any page's sign-up form, or to writing to the team. */
const TEXTS: Readonly<Record<NewsletterLinkAction, NewsletterLinkTexts>> = {
  confirm: {
    title: "newsletter.confirm.title",
    lead: "newsletter.confirm.lead",
    button: "newsletter.confirm.button",
    done: "newsletter.confirm.done",
    invalidLink: "newsletter.confirm.invalidLink",
    wayOn: { page: "home", label: "error.backHome" },
  },
  unsubscribe: {
    title: "newsletter.unsubscribe.title",
    lead: "newsletter.unsubscribe.lead",
    button: "newsletter.unsubscribe.button",
    done: "newsletter.unsubscribe.done",
    invalidLink: "newsletter.unsubscribe.invalidLink",
    wayOn: { page: "contact", label: "newsletter.unsubscribe.writeToUs" },
  },
};

/**
 * The landing page of a newsletter mail's link. The link itself changes nothing (mail scanners
 * fetch links): a button does, by a POST — from the browser, or as a plain form without JavaScript.
 */
export function NewsletterLinkPage({ action }: { action: NewsletterLinkAction }) {
  const { t } = useTranslation();
  const pageContext = usePageContext();
  const services = useBrowserServices();
  const localizedPath = useLocalizedPath();
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
              if ((error as { status?: unknown }).status === 403) throw { kind: "invalid", issues: { "": TEXTS[action].invalidLink } };
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
  const wayOn = (
    <div className={styles.actions}>
      <Button text={t(texts.wayOn.label)} type="secondary" href={localizedPath(sitePage(texts.wayOn.page).path)} />
    </div>
  );
  const broken = view.formMessage?.tone === "error" && view.formMessage.key === texts.invalidLink;

  return (
    <>
      <PageIntro title={t(texts.title)} lead={t(texts.lead)} />
      <div className={`container ${styles.linkPage}`}>
        {view.submitted ? (
          <FormStatus notice={t(texts.done)} />
        ) : !token ? (
          // A link without its token cannot work: say so rather than offer a button that cannot.
          <FormStatus error={t(texts.invalidLink)} errorActions={wayOn} />
        ) : (
          <form
            className={styles.form}
            // Without JavaScript, to the page's own address: its language and its token.
            method="post"
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: "SUBMIT" });
            }}
          >
            <input type="hidden" name={FORM_POST_FIELD} value={`newsletter-${action}`} />
            <input type="hidden" name="token" value={token} />
            <FormStatus
              progress={view.busy ? t("leadForm.progress") : undefined}
              error={view.formMessage?.tone === "error" ? t(view.formMessage.key) : undefined}
              errorActions={broken ? wayOn : undefined}
            />
            {broken ? null : (
              <div className={styles.actions}>
                <Button isSubmit text={t(texts.button)} busy={view.busy} disabled={view.busy} />
              </div>
            )}
          </form>
        )}
      </div>
    </>
  );
}
