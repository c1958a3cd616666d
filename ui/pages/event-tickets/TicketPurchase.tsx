import { useLocaleFormats } from "../../components/i18n/locale-formats-context";
import { useTranslation } from "../../components/i18n/use-translation";
import { usePageContext } from "vike-react/usePageContext";
import { routes, type LocaleCode, type ResumedHold, type TicketPurchaseLine, type TicketTypeOnSale } from "../../../core";
import { Button } from "../../components/button/Button";
import { Feedback } from "../../components/feedback/Feedback";
import { useLocalizedPath } from "../../shell/localized-link/use-localized-path";
import styles from "./TicketPurchase.module.css";
import { TicketReceipt } from "./TicketReceipt";
import { useTicketPurchase } from "./use-ticket-purchase";

export interface TicketPurchaseProps {
  readonly eventSlug: string;
  readonly ticketTypes: readonly TicketTypeOnSale[];
  /** The buyer's hold in force when the page opened: the checkout starts on it. */
  readonly hold?: ResumedHold | undefined;
  readonly chargesNothing: boolean;
  /** For an event that runs over several days: what one ticket is for. */
  readonly runNote?: string;
  /** Starts another checkout with what is left now. */
  readonly onRestart: () => void;
}

/** mm:ss, for the countdown. */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/**
 * Issue 10: choose → hold (countdown) → pay → issued, as the purchase machine's view says. The
 * countdown is shown every second but spoken only at the machine's announcements.
 */
export function TicketPurchase({ eventSlug, ticketTypes, hold, chargesNothing, runNote, onRestart }: TicketPurchaseProps) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const { locale } = usePageContext();
  const localizedPath = useLocalizedPath();
  const { view, send } = useTicketPurchase(eventSlug, ticketTypes, hold);
  const choosing = view.step === "choose" || view.step === "holding";
  const holding = view.step === "held" || view.step === "paying";

  if (view.step === "issued") {
    return (
      <Feedback tone="success" title={t("tickets.issued.title")}>
        {view.receipt ? <TicketReceipt receipt={view.receipt} /> : null}
        <p>{t("tickets.issued.text")}</p>
        <p>
          <Button text={t("tickets.issued.seeTickets")} href={localizedPath(routes.dashboard.path())} />
        </p>
      </Feedback>
    );
  }
  if (view.step === "expired" || view.step === "failed" || view.step === "cancelled") {
    return (
      <Feedback tone={view.step === "cancelled" ? "info" : "error"} title={t(view.step === "cancelled" ? "tickets.cancelled" : (view.errorKey ?? "tickets.error.generic"))}>
        <p>
          <Button text={t("tickets.chooseAgain")} type="secondary" onClick={onRestart} />
        </p>
      </Feedback>
    );
  }

  return (
    <form
      className={styles.purchase}
      aria-labelledby="ticket-purchase-heading"
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: choosing ? "HOLD" : "PAY" });
      }}
    >
      <h2 id="ticket-purchase-heading" className={styles.heading}>
        {t(holding ? "tickets.heldHeading" : "tickets.chooseHeading")}
      </h2>
      {runNote ? <p className={styles.runNote}>{runNote}</p> : null}
      {chargesNothing ? (
        <p className={styles.testMode} role="note">
          {t("tickets.noChargeNotice")}
        </p>
      ) : null}

      <ul className={styles.lines}>
        {view.lines.map((line) => (
          <TicketLine key={line.ticketTypeId} line={line} locale={locale} editable={view.step === "choose"} onChange={(quantity) => send({ type: "SET_QUANTITY", ticketTypeId: line.ticketTypeId, quantity })} />
        ))}
      </ul>

      <p className={styles.total}>
        <span>{t("tickets.ticketCount", { count: view.ticketCount })}</span>
        <strong>{formats.price(view.totalCents, locale)}</strong>
      </p>

      {holding && view.secondsLeft !== undefined ? (
        <div className={styles.countdown}>
          <p>
            {t("tickets.hold.timeLeft")}{" "}
            <span role="timer" aria-live="off" className={styles.clock}>
              {clock(view.secondsLeft)}
            </span>
          </p>
          {view.canExtend ? <Button text={t("tickets.hold.extend")} type="tertiary" size="small" onClick={() => send({ type: "EXTEND" })} /> : null}
        </div>
      ) : null}
      {/* Polite: said when the hold starts, is extended, or crosses one of the machine's thresholds. */}
      <p className="visually-hidden" aria-live="polite">
        {view.announcementKey ? t(view.announcementKey) : ""}
      </p>

      {view.errorKey ? (
        <p className={styles.error} role="alert">
          {t(view.errorKey)}
        </p>
      ) : null}

      <div className={styles.actions}>
        {choosing ? (
          <Button isSubmit size="large" text={t(view.step === "holding" ? "tickets.holding" : "tickets.hold.action")} disabled={!view.canHold} busy={view.step === "holding"} />
        ) : (
          <>
            <Button
              isSubmit
              size="large"
              text={t(view.step === "paying" ? "tickets.paying" : chargesNothing ? "tickets.confirmFree" : "tickets.pay", { total: formats.price(view.totalCents, locale) })}
              busy={view.step === "paying"}
              disabled={view.step === "paying"}
            />
            <Button text={t("tickets.cancel")} type="tertiary" onClick={() => send({ type: "CANCEL" })} disabled={view.step === "paying"} />
          </>
        )}
      </div>
    </form>
  );
}

function TicketLine({ line, locale, editable, onChange }: { line: TicketPurchaseLine; locale: LocaleCode; editable: boolean; onChange: (quantity: number) => void }) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const id = `quantity-${line.ticketTypeId}`;
  const soldOut = line.maxQuantity === 0;
  if (!editable && line.quantity === 0) return null;
  return (
    <li className={styles.line}>
      <div className={styles.lineText}>
        <label htmlFor={id} className={styles.lineName}>
          {line.name}
        </label>
        <span className={styles.linePrice}>{line.unitPriceCents === 0 ? t("eventCard.free") : formats.price(line.unitPriceCents, locale)}</span>
        {soldOut ? <span className={styles.soldOut}>{t("eventCard.soldOut")}</span> : null}
        {editable && !soldOut ? (
          <span id={`${id}-limit`} className={styles.limit}>
            {t("tickets.upTo", { count: line.maxQuantity })}
          </span>
        ) : null}
        {/* Said as it happens: a typed 99 that became 6 is no longer a silent change. */}
        {editable ? (
          <span className={styles.lowered} aria-live="polite">
            {line.lowered ? t("tickets.lowered", { count: line.maxQuantity }) : ""}
          </span>
        ) : null}
      </div>
      {editable ? (
        <div className={styles.stepper}>
          <button type="button" className={styles.step} onClick={() => onChange(line.quantity - 1)} disabled={line.quantity === 0} aria-label={t("tickets.fewer", { name: line.name })}>
            −
          </button>
          <input
            id={id}
            className={styles.quantity}
            type="number"
            inputMode="numeric"
            min={0}
            max={line.maxQuantity}
            value={line.quantity}
            disabled={soldOut}
            onChange={(event) => onChange(Number(event.target.value))}
            aria-describedby={soldOut ? undefined : `${id}-limit`}
          />
          <button type="button" className={styles.step} onClick={() => onChange(line.quantity + 1)} disabled={line.quantity >= line.maxQuantity} aria-label={t("tickets.more", { name: line.name })}>
            +
          </button>
        </div>
      ) : (
        <span className={styles.heldQuantity}>× {line.quantity}</span>
      )}
    </li>
  );
}
