import { useState } from "react";
import { useLocaleFormats } from "../../components/i18n/locale-formats-context";
import { useTranslation } from "../../components/i18n/use-translation";
import { useData } from "vike-react/useData";
import { usePageContext } from "vike-react/usePageContext";
import { EVENT_AVAILABILITY_DISPLAY, isMultiDayEvent, routes, type EventAvailability } from "../../../core";
import { Button } from "../../components/button/Button";
import { BuyButton } from "../../components/event-card/BuyButton";
import { eventPaths } from "../../components/event-card/event-paths";
import { Feedback } from "../../components/feedback/Feedback";
import { NoScriptNote } from "../../components/form-field/NoScriptNote";
import { useBrowserServices } from "../../shell/browser-services";
import { useLocalizedPath } from "../../shell/localized-link/use-localized-path";
import type { Data } from "./+data";
import { TicketPurchase } from "./TicketPurchase";
import { TicketReceipt } from "./TicketReceipt";
import { TicketsLayout } from "./TicketsLayout";
import { WaitingRoom } from "./WaitingRoom";


/**
 * Why an event's tickets cannot be bought here, where its state says more than "not right now".
 * Here rather than in EVENT_AVAILABILITY_DISPLAY: that table ships with every event card, and the
 * texts of the keys a page's code holds are sent with that page.
 */
const NOT_ON_SALE_WHY: Partial<Record<EventAvailability, string>> = {
  past: "tickets.notOnSaleWhy.past",
  cancelled: "tickets.notOnSaleWhy.cancelled",
  postponed: "tickets.notOnSaleWhy.postponed",
  "sold-out": "tickets.notOnSaleWhy.soldOut",
  "external-tickets": "tickets.notOnSaleWhy.external",
};

/**
 * SPEC §2 ticket page (issue 10): verified buyers choose, hold and pay; anyone else learns what
 * they need first. An event whose tickets cannot be bought here says why, to anyone, and links to
 * the other seller if there is one. What can be bought comes from the ticket store at request time.
 */
export default function Page() {
  const data = useData<Data>();
  return data.queue ? <QueuePage summary={data.summary} queue={data.queue} /> : <TicketsPage data={data} />;
}

/** Issue 51: the waiting room in place of the purchase, beside the event, until this browser is admitted. */
function QueuePage({ summary, queue }: Pick<Extract<Data, { queue: object }>, "summary" | "queue">) {
  return (
    <TicketsLayout summary={summary}>
      <WaitingRoom eventSlug={summary.slug} answer={queue.answer} saleStartsAt={queue.saleStartsAt} />
    </TicketsLayout>
  );
}

function TicketsPage({ data }: { readonly data: Extract<Data, { queue: undefined }> }) {
  const { summary, ticketNote, offer, hold, verified, chargesNothing, returnedFromPayment, paymentReturn } = data;
  const { locale } = usePageContext();
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const services = useBrowserServices();
  const localizedPath = useLocalizedPath();
  const paths = eventPaths(summary.slug);
  const [checkout, setCheckout] = useState({ attempt: 0, ticketTypes: offer.ticketTypes });

  async function restart() {
    const latest = await services()
      .tickets()
      .then((tickets) => tickets.offer(summary.slug))
      .catch(() => ({ ticketTypes: checkout.ticketTypes }));
    setCheckout({ attempt: checkout.attempt + 1, ticketTypes: latest.ticketTypes });
  }

  // The editor's word on what a ticket admits to; else, for a run, one inventory: one show on a day of the buyer's choosing.
  const runNote =
    ticketNote ??
    (isMultiDayEvent(summary)
      ? t("tickets.runNote", { from: formats.date(new Date(summary.dateFrom), locale), to: formats.date(new Date(summary.dateTo!), locale) })
      : undefined);
  const badge = EVENT_AVAILABILITY_DISPLAY[offer.availability].badgeKey;
  const onSale = offer.ticketTypes.length > 0;

  // "Choose your tickets" only where there are tickets to choose, and not to a buyer back from paying.
  return (
    <TicketsLayout summary={summary} lead={onSale && !returnedFromPayment ? t("tickets.description") : undefined}>
      {returnedFromPayment ? (
        <Feedback tone="success" title={t(paymentReturn?.state === "confirmed" ? "tickets.issued.title" : "tickets.paymentReceived.title")}>
          {paymentReturn ? <TicketReceipt receipt={paymentReturn.receipt} /> : null}
          <p>{t(paymentReturn?.state === "confirmed" ? "tickets.issued.text" : "tickets.paymentReceived.text")}</p>
          <p>
            <Button text={t("tickets.issued.seeTickets")} href={localizedPath(routes.dashboard.path())} />
          </p>
        </Feedback>
      ) : !onSale ? (
        <Feedback tone="info" title={badge ? t(badge) : t("tickets.error.notOnSale")} live={false}>
          <p>
            {offer.salesOpenAt
              ? t("tickets.salesOpenAt", { date: formats.date(new Date(offer.salesOpenAt), locale, { dateStyle: "full", timeStyle: "short" }) })
              : t(NOT_ON_SALE_WHY[offer.availability] ?? "tickets.notOnSaleText")}
          </p>
          {offer.availability === "external-tickets" ? (
            <p>
              <BuyButton event={Object.assign({}, summary, { availability: offer.availability })} ticketsHref={localizedPath(paths.tickets)} />
            </p>
          ) : null}
        </Feedback>
      ) : !verified ? (
        <Feedback tone="info" title={t("tickets.verifyFirst.title")} live={false}>
          <p>{t("tickets.verifyFirst.text")}</p>
          <p>
            <Button text={t("tickets.verifyFirst.action")} type="secondary" href={localizedPath(routes.dashboard.path())} />
          </p>
        </Feedback>
      ) : (
        <>
          <NoScriptNote text={t("tickets.needsJavaScript")} />
          <TicketPurchase
            key={checkout.attempt}
            eventSlug={summary.slug}
            ticketTypes={checkout.ticketTypes}
            hold={checkout.attempt === 0 ? (hold ?? undefined) : undefined}
            chargesNothing={chargesNothing}
            runNote={runNote}
            onRestart={restart}
          />
        </>
      )}
    </TicketsLayout>
  );
}
