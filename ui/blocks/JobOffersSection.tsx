import { useTranslation } from "react-i18next";
import { formatDate, type JobOfferSummary, type LocaleCode } from "../../core";
import { Accordion } from "../components/accordion/Accordion";
import { useContentEnvironment } from "../components/content-link/content-environment";
import { ContentLink } from "../components/content-link/ContentLink";
import { EmptyState } from "../components/empty-state/EmptyState";
import { RichText } from "../components/rich-text/RichText";
import { innerLevel, useBlockContext } from "./block-context";
import { dataOfKind, type BlockOf, type BlockProps } from "./block-props";
import { BlockSection } from "./block-section";
import styles from "./JobOffersSection.module.css";
import { useRichTextBloks } from "./use-rich-text-bloks";

/** Open positions: what, where, which contract, until when, the description and how to apply. */
export function JobOffersSection({ block, data }: BlockProps<BlockOf<"job_offers_section">>) {
  const { t } = useTranslation();
  const { locale } = useContentEnvironment();
  const { headingLevel } = useBlockContext();
  const renderBlok = useRichTextBloks();
  const offers = dataOfKind(data, "job-offers")?.offers ?? [];
  const level = innerLevel(headingLevel);
  const Heading = `h${level}` as const;

  return (
    <BlockSection uid={block._uid} title={block.title} intro={block.intro}>
      {offers.length === 0 ? (
        <EmptyState kind="jobOffers" headingLevel={level} />
      ) : (
        <ul className={styles.list}>
          {offers.map((offer) => (
            <li key={offer.slug}>
              <article id={offer.slug} className={styles.offer}>
                <Heading className={styles.title}>{offer.title}</Heading>
                <dl className={styles.facts}>
                  {facts(offer, locale, t).map((fact) => (
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
                {offer.apply ? (
                  <div className={styles.apply}>
                    <ContentLink link={offer.apply} appearance="button">
                      {t("jobOffer.apply")}
                    </ContentLink>
                  </div>
                ) : null}
              </article>
            </li>
          ))}
        </ul>
      )}
    </BlockSection>
  );
}

function facts(offer: JobOfferSummary, locale: LocaleCode, t: (key: string, options?: Record<string, unknown>) => string) {
  const closing = offer.closingDate ? new Date(offer.closingDate) : undefined;
  return [
    ...(offer.department ? [{ label: t("jobOffer.department"), value: offer.department }] : []),
    ...(offer.location ? [{ label: t("content.location"), value: offer.location }] : []),
    ...(offer.contract ? [{ label: t("jobOffer.contract"), value: offer.contract }] : []),
    ...(closing && !Number.isNaN(closing.getTime())
      ? [{ label: t("jobOffer.closingDate"), value: formatDate(closing, locale, { dateStyle: "long" }) }]
      : []),
  ];
}
