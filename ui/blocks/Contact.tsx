import { useTranslation } from "react-i18next";
import { EmptyState } from "../components/empty-state/EmptyState";
import { innerLevel, useBlockContext } from "./block-context";
import type { BlockOf, BlockProps } from "./block-props";
import { BlockSection } from "./block-section";
import styles from "./Contact.module.css";

const EMAIL = /^[^\s@:/<>"]+@[^\s@/<>"]+\.[^\s@/<>"]+$/;

/** The contact block: how to reach the arena (email and phone as links), then the contact form. */
export function Contact({ block }: BlockProps<BlockOf<"contact">>) {
  const { t } = useTranslation();
  const { headingLevel } = useBlockContext();
  const email = block.email?.trim();
  const phone = block.phone?.trim();
  const dialable = phone ? phone.replace(/[^\d+]/g, "") : "";

  if (!block.title && !block.intro && !email && !phone) return <EmptyState kind="information" headingLevel={innerLevel(headingLevel)} />;
  return (
    <BlockSection uid={block._uid} title={block.title} intro={block.intro}>
      {email || phone ? (
        <dl className={styles.details}>
          {email ? (
            <div className={styles.detail}>
              <dt>{t("contact.email")}</dt>
              <dd>{EMAIL.test(email) ? <a href={`mailto:${email}`}>{email}</a> : email}</dd>
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
      <ContactFormSlot />
    </BlockSection>
  );
}

/** Slot: the contact form (SPEC §3 form fields) renders here once the forms issue lands. */
function ContactFormSlot() {
  return null;
}
