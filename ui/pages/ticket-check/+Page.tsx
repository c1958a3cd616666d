import { useId, useState } from "react";
import { useTranslation } from "../../components/i18n/use-translation";
import { useData } from "vike-react/useData";
import { usePageContext } from "vike-react/usePageContext";
import { routes } from "../../../core";
import { EventWhen } from "../../components/event-when/EventWhen";
import { Button } from "../../components/button/Button";
import { Feedback } from "../../components/feedback/Feedback";
import { TextAreaField } from "../../components/form-field/TextAreaField";
import { PageIntro } from "../../components/page-intro/PageIntro";
import { useLocalizedPath } from "../../shell/localized-link/use-localized-path";
import { usePageHead } from "../use-page-head";
import type { Data } from "./+data";
import styles from "./TicketCheck.module.css";

/**
 * Issue 10: is this ticket one the arena issued, unaltered? For door staff without a scanner and
 * for anyone handed a ticket. A plain GET form: it works without JavaScript.
 */
export default function Page() {
  const { token, result } = useData<Data>();
  const { locale } = usePageContext();
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState(token);
  const localizedPath = useLocalizedPath();
  usePageHead(t("ticketCheck.title"), t("ticketCheck.lead"));
  return (
    <>
      <PageIntro title={t("ticketCheck.title")} lead={t("ticketCheck.lead")} />
      <div className={`container ${styles.layout}`}>
        {result ? (
          result.valid === "short-code" ? (
            <Feedback tone="info" title={t("ticketCheck.shortCode.title")}>
              <p>{t("ticketCheck.shortCode.text")}</p>
            </Feedback>
          ) : result.valid ? (
            <Feedback tone="success" title={t("ticketCheck.valid.title")}>
              <dl className={styles.facts}>
                <dt>{t("ticketCheck.valid.code")}</dt>
                <dd className={styles.code}>{result.code}</dd>
                {result.event ? (
                  <>
                    <dt>{t("ticketCheck.valid.event")}</dt>
                    <dd>{result.event.title}</dd>
                    <dt>{t("ticketCheck.valid.date")}</dt>
                    <dd>
                      <EventWhen dates={result.event} locale={locale} />
                    </dd>
                  </>
                ) : null}
                {result.ticketType ? (
                  <>
                    <dt>{t("ticketCheck.valid.ticketType")}</dt>
                    <dd>{result.ticketType}</dd>
                  </>
                ) : null}
              </dl>
              <p>{t("ticketCheck.valid.note")}</p>
            </Feedback>
          ) : (
            <Feedback tone="error" title={t("ticketCheck.invalid.title")}>
              <p>{t("ticketCheck.invalid.text")}</p>
            </Feedback>
          )
        ) : null}
        <form method="get" action={localizedPath(routes.ticketCheck.path())} className={styles.form}>
          <TextAreaField id={`${id}-token`} name="t" label={t("ticketCheck.field")} hint={t("ticketCheck.hint")} value={typed} onChange={setTyped} rows={4} />
          <Button isSubmit text={t("ticketCheck.action")} />
        </form>
      </div>
    </>
  );
}
