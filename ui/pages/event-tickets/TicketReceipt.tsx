import type { TicketReceipt as Receipt } from "../../../core";
import { useTranslation } from "../../components/i18n/use-translation";
import { useLocaleFormats } from "../../components/i18n/locale-formats-context";
import { usePageContext } from "vike-react/usePageContext";
import styles from "./TicketPurchase.module.css";

/** An order's reference (once there is one), its lines and its total, as the buyer's receipt. */
export function TicketReceipt({ receipt }: { readonly receipt: Receipt }) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const { locale } = usePageContext();
  return (
    <>
      {receipt.orderId ? (
        <dl className={styles.receiptFacts}>
          <dt>{t("tickets.issued.reference")}</dt>
          <dd className={styles.reference}>{receipt.orderId}</dd>
        </dl>
      ) : null}
      <ul className={styles.receiptLines}>
        {receipt.lines.map((line) => (
          <li key={line.ticketTypeId}>
            <span>
              {line.quantity} × {line.name}
            </span>
            <span>{formats.price(line.subtotalCents, locale)}</span>
          </li>
        ))}
        <li className={styles.receiptTotal}>
          <span>{t("tickets.issued.total")}</span>
          <strong>{formats.price(receipt.totalCents, locale)}</strong>
        </li>
      </ul>
    </>
  );
}
