import { useLocaleFormats } from "../components/i18n/locale-formats-context";
import { useTranslation } from "../components/i18n/use-translation";
import { useContentEnvironment } from "../components/content-link/content-environment";
import { EmptyState } from "../components/empty-state/EmptyState";
import { CONTACT_FORM } from "../shell/lead-form/forms/contact.form";
import { LeadForm } from "../shell/lead-form/LeadForm";
import { NO_INFORMATION } from "./block-empty-states";
import { innerLevel, useBlockContext } from "./block-context";
import { dataOfKind, type BlockOf, type BlockProps } from "./block-props";
import { BlockSection } from "./block-section";
import styles from "./Contact.module.css";

const EMAIL = /^[^\s@:/<>"]+@[^\s@/<>"]+\.[^\s@/<>"]+$/;

/** On a phone an address breaks after its @, not inside a word. */
function breakableAfterAt(email: string) {
  const at = email.lastIndexOf("@") + 1;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** The contact block: how to reach the arena (email and phone as links), then the contact form. */
export function Contact({ block, data }: BlockProps<BlockOf<"contact">>) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const { locale } = useContentEnvironment();
  const events = dataOfKind(data, "contact")?.events ?? [];
  const { headingLevel } = useBlockContext();
  const email = block.email?.trim();
  const phone = block.phone?.trim();
  const dialable = phone ? phone.replace(/[^\d+]/g, "") : "";

  if (!block.title && !block.intro && !email && !phone && !data) return <EmptyState content={NO_INFORMATION} headingLevel={innerLevel(headingLevel)} />;
  return (
    <BlockSection uid={block._uid} title={block.title} intro={block.intro}>
      {email || phone ? (
        <dl className={styles.details}>
          {email ? (
            <div className={styles.detail}>
              <dt>{t("contact.email")}</dt>
              <dd>{EMAIL.test(email) ? <a href={`mailto:${email}`}>{breakableAfterAt(email)}</a> : email}</dd>
            </div>
          ) : null}
          {phone ? (
            <div className={styles.detail}>
              <dt>{t("contact.phone")}</dt>
              <dd>{dialable.replace("+", "").length >= 6 ? <a href={`tel:${dialable}`}>{phone}</a> : phone}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <LeadForm
        form={CONTACT_FORM}
        id={`contact-form-${block._uid}`}
        choices={{ event: events.map((event) => ({ value: event.slug, label: `${event.title} · ${formats.date(new Date(event.dateFrom), locale, { dateStyle: "medium" })}` })) }}
      />
    </BlockSection>
  );
}
