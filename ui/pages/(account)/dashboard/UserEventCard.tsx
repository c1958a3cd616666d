import { useLocaleFormats } from "../../../components/i18n/locale-formats-context";
import { useTranslation } from "../../../components/i18n/use-translation";
import { usePageContext } from "vike-react/usePageContext";
import { type OwnedOrder, type UserEvent } from "../../../../core";
import { EventWhen } from "../../../components/event-when/EventWhen";
import { eventPaths } from "../../../components/event-card/event-paths";
import { TicketQr } from "../../../components/ticket-qr/TicketQr";
import { useLocalizedPath } from "../../../shell/localized-link/use-localized-path";
import styles from "./Dashboard.module.css";

/** The receipt's lines: one per ticket type, in the order's order. */
function receiptLines(order: OwnedOrder) {
  const lines = new Map<string, { name: string; quantity: number; unitCents: number }>();
  for (const ticket of order.tickets) {
    const line = lines.get(ticket.ticketTypeId) ?? { name: ticket.typeName, quantity: 0, unitCents: ticket.priceCents };
    lines.set(ticket.ticketTypeId, { name: line.name, quantity: line.quantity + 1, unitCents: line.unitCents });
  }
  return [...lines.values()];
}

/**
 * One of the user's events (issue 10): when and where, each ticket with its code, the calendar
 * file while it is ahead, and each order's receipt.
 */
export function UserEventCard({ event, upcoming, qrCodes }: { readonly event: UserEvent; readonly upcoming: boolean; readonly qrCodes: Readonly<Record<string, string>> }) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const { locale } = usePageContext();
  const localizedPath = useLocalizedPath();
  const { summary } = event;
  const confirmed = event.orders.filter((order) => order.status === "confirmed");
  const tickets = confirmed.flatMap((order) => order.tickets);
  return (
    <article className={styles.userEvent} aria-labelledby={`user-event-${event.eventId}`}>
      <header className={styles.userEventHeader}>
        <h4 id={`user-event-${event.eventId}`}>
          <a href={localizedPath(eventPaths(summary.slug).detail)}>{summary.title}</a>
        </h4>
        <p>
          <EventWhen dates={summary} locale={locale} />
          {summary.location ? ` · ${summary.location}` : ""}
        </p>
        {upcoming ? (
          <p>
            <a href={`/api/events/${encodeURIComponent(summary.slug)}/calendar.ics?lang=${locale}`} download>
              {t("dashboard.events.addToCalendar")}
            </a>
          </p>
        ) : null}
      </header>

      {tickets.length ? (
        <ul className={styles.tickets} aria-label={t("dashboard.events.tickets")}>
          {tickets.map((ticket) => (
            <li key={ticket.ticketId} className={styles.ticket}>
              {upcoming && qrCodes[ticket.ticketId] ? (
                <TicketQr value={qrCodes[ticket.ticketId]!} label={t("dashboard.events.qrCode", { code: ticket.code })} size={176} />
              ) : null}
              <span className={styles.ticketType}>{ticket.typeName}</span>
              <span className={styles.ticketCode}>
                <span className="visually-hidden">{t("dashboard.events.ticketCode")} </span>
                {ticket.code}
              </span>
            </li>
          ))}
        </ul>
      ) : null}

      {event.orders.map((order) => (
        <details key={order.orderId} className={styles.receipt}>
          <summary>
            {t("dashboard.events.receipt", { date: formats.date(new Date(order.placedAt), locale, { dateStyle: "medium" }) })}
            {order.status === "cancelled" ? ` · ${t("dashboard.events.cancelled")}` : order.status === "refunded" ? ` · ${t("dashboard.events.refunded")}` : ""}
          </summary>
          <dl className={styles.facts}>
            <dt>{t("dashboard.events.orderReference")}</dt>
            <dd>{order.orderId}</dd>
            <dt>{t("dashboard.events.placedAt")}</dt>
            <dd>{formats.date(new Date(order.placedAt), locale, { dateStyle: "long", timeStyle: "short" })}</dd>
            <dt>{t("dashboard.events.channel")}</dt>
            <dd>{t(order.channel === "online" ? "dashboard.events.online" : "dashboard.events.boxOffice")}</dd>
          </dl>
          <table className={styles.receiptLines}>
            <thead>
              <tr>
                <th scope="col">{t("dashboard.events.ticketType")}</th>
                <th scope="col">{t("dashboard.events.quantity")}</th>
                <th scope="col">{t("dashboard.events.amount")}</th>
              </tr>
            </thead>
            <tbody>
              {receiptLines(order).map((line) => (
                <tr key={line.name}>
                  <td>
                    {line.name} <span className={styles.muted}>({formats.price(line.unitCents, locale)})</span>
                  </td>
                  <td>{line.quantity}</td>
                  <td>{formats.price(line.unitCents * line.quantity, locale)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  {t("dashboard.events.total")}
                </th>
                <td>{formats.price(order.totalCents, locale)}</td>
              </tr>
            </tfoot>
          </table>
        </details>
      ))}
    </article>
  );
}
