import { useState } from "react";
import type { LocaleFormats } from "../components/i18n/locale-formats";
import { useLocaleFormats } from "../components/i18n/locale-formats-context";
import { useTranslation } from "../components/i18n/use-translation";
import type { JobOfferSummary, LocaleCode } from "../../core";
import { Accordion } from "../components/accordion/Accordion";
import { Button } from "../components/button/Button";
import { useContentEnvironment } from "../components/content-link/content-environment";
import { ContentLink } from "../components/content-link/ContentLink";
import { EmptyState, type EmptyStateContent } from "../components/empty-state/EmptyState";
import { InfoIcon } from "../components/icons/Icons";
import { RichText } from "../components/rich-text/RichText";
import { JOB_APPLICATION_FORM } from "../shell/lead-form/forms/job-application.form";
import { LeadForm, type FieldSelection } from "../shell/lead-form/LeadForm";
import { innerLevel, useBlockContext } from "./block-context";
import { dataOfKind, type BlockOf, type BlockProps } from "./block-props";
import { BlockSection } from "./block-section";
import styles from "./JobOffersSection.module.css";
import { useRichTextBloks } from "./use-rich-text-bloks";

const NO_JOB_OFFERS: EmptyStateContent = { kind: "jobOffers", title: "emptyState.noJobOffers.title", text: "emptyState.noJobOffers.text", Icon: InfoIcon };

/**
 * Open positions: what, where, which contract, until when, the description, and the application
 * form below them; an offer's 'Apply now' goes to the form with that offer chosen.
 */
export function JobOffersSection({ block, data }: BlockProps<BlockOf<"job_offers_section">>) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const { locale } = useContentEnvironment();
  const { headingLevel } = useBlockContext();
  const renderBlok = useRichTextBloks();
  const offers = dataOfKind(data, "job-offers")?.offers ?? [];
  const level = innerLevel(headingLevel);
  const Heading = `h${level}` as const;
  const formId = `job-application-${block._uid}`;
  const [selection, setSelection] = useState<FieldSelection | undefined>(undefined);

  return (
    <BlockSection uid={block._uid} title={block.title} intro={block.intro}>
      {offers.length === 0 ? (
        <EmptyState content={NO_JOB_OFFERS} headingLevel={level} />
      ) : (
        <ul className={styles.list}>
          {offers.map((offer) => (
            <li key={offer.slug}>
              <article id={offer.slug} className={styles.offer}>
                <Heading className={styles.title}>{offer.title}</Heading>
                <dl className={styles.facts}>
                  {facts(offer, locale, t, formats).map((fact) => (
                    <div key={fact.label} className={styles.fact}>
                      <dt>{fact.label}</dt>
                      <dd>{fact.value}</dd>
                    </div>
                  ))}
                </dl>
                {offer.description ? (
                  <Accordion
                    items={[{ id: offer.slug, title: t("jobOffer.description"), content: <RichText doc={offer.description} renderBlok={renderBlok} /> }]}
                  />
                ) : null}
                <div className={styles.apply}>
                  <Button
                    text={t("jobOffer.apply")}
                    href={`#${formId}`}
                    onClick={() => setSelection({ field: "jobOffer", value: offer.slug, seq: (selection?.seq ?? 0) + 1 })}
                  />
                  {offer.apply ? <ContentLink link={offer.apply}>{t("jobOffer.applyElsewhere")}</ContentLink> : null}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {offers.length > 0 ? (
        <section className={styles.application} aria-labelledby={`${formId}-title`}>
          <Heading id={`${formId}-title`} className={styles.title}>
            {t("jobOffer.formTitle")}
          </Heading>
          <LeadForm form={JOB_APPLICATION_FORM} id={formId} choices={{ jobOffer: offers.map((offer) => ({ value: offer.slug, label: offer.title })) }} selection={selection} />
        </section>
      ) : null}
    </BlockSection>
  );
}

function facts(offer: JobOfferSummary, locale: LocaleCode, t: (key: string, options?: Record<string, unknown>) => string, formats: LocaleFormats) {
  const closing = offer.closingDate ? new Date(offer.closingDate) : undefined;
  return [
    ...(offer.department ? [{ label: t("jobOffer.department"), value: offer.department }] : []),
    ...(offer.location ? [{ label: t("content.location"), value: offer.location }] : []),
    ...(offer.contract ? [{ label: t("jobOffer.contract"), value: offer.contract }] : []),
    ...(closing && !Number.isNaN(closing.getTime())
      ? [{ label: t("jobOffer.closingDate"), value: formats.date(closing, locale, { dateStyle: "long" }) }]
      : []),
  ];
}
