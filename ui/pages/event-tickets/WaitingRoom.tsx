import { usePageContext } from "vike-react/usePageContext";
import { WAITING_ROOM, waitingRoomViewOf, type WaitingRoomAnswer, type WaitingRoomView } from "../../../core";
import { Button } from "../../components/button/Button";
import { Feedback } from "../../components/feedback/Feedback";
import { useLocaleFormats } from "../../components/i18n/locale-formats-context";
import type { Translate } from "../../components/i18n/translator";
import { useTranslation } from "../../components/i18n/use-translation";
import styles from "./WaitingRoom.module.css";
import { useWaitingRoom } from "./use-waiting-room";

export interface WaitingRoomProps {
  readonly eventSlug: string;
  /** The standing the server rendered the page with. */
  readonly answer: WaitingRoomAnswer;
  /** When the room admits its first buyers (ISO 8601). */
  readonly saleStartsAt: string;
}

/**
 * Issue 51: the queue in front of the tickets. Without JavaScript a form takes the place and the
 * page refreshes itself (the event-tickets page's Head); with it, the waiting room machine does
 * both. Screen readers hear the people ahead at milestones only (the view's `milestone`).
 */
export function WaitingRoom({ eventSlug, answer, saleStartsAt }: WaitingRoomProps) {
  const live = useWaitingRoom(eventSlug, answer);
  // Admitted or sold out, the page is loading again: it goes on showing the last standing meanwhile.
  const view = live.stage === "admitted" || live.stage === "sold-out" ? waitingRoomViewOf(answer, "waiting") : live;
  const { t } = useTranslation();
  const { locale } = usePageContext();
  const formats = useLocaleFormats();
  const joinForm = (text: string) => (
    <form method="post" action={`/api/waiting-room/events/${encodeURIComponent(eventSlug)}/arrivals`} className={styles.join}>
      <input type="hidden" name="locale" value={locale} />
      <Button text={text} isSubmit busy={view.stage === "joining" && live.stage !== "joining"} />
    </form>
  );

  if (view.stage === "expired") {
    return (
      <Feedback tone="info" title={t("waitingRoom.expiredTitle")} live={false}>
        <p>{t("waitingRoom.expiredText", { minutes: WAITING_ROOM.admissionWindowMs / 60_000 })}</p>
        {joinForm(t("waitingRoom.rejoin"))}
      </Feedback>
    );
  }
  return (
    <section className={styles.room} aria-labelledby="waiting-room-title">
      <h2 id="waiting-room-title" className={styles.title}>
        {view.stage === "joining" ? t("waitingRoom.joinTitle") : t("waitingRoom.title")}
      </h2>
      {view.stage === "joining" ? (
        <>
          <p>{t("waitingRoom.joinText")}</p>
          {joinForm(t("waitingRoom.join"))}
        </>
      ) : (
        <Figures view={view} />
      )}
      <p role="status" className={styles.announcement}>
        {announcement(view, t)}
      </p>
      {view.retrying ? <p className={styles.note}>{t("waitingRoom.retrying")}</p> : null}
      {view.preQueue ? <p className={styles.note}>{t("waitingRoom.preQueue", { time: formats.date(new Date(saleStartsAt), locale, { dateStyle: "full", timeStyle: "short" }) })}</p> : null}
      <p className={styles.note}>{t("waitingRoom.fair")}</p>
      {view.stage === "waiting" ? <p className={styles.note}>{t("waitingRoom.keepOpen")}</p> : null}
      {view.stage === "waiting" ? (
        <noscript>
          <p className={styles.note}>{t("waitingRoom.refreshes", { seconds: WAITING_ROOM.refreshSeconds })}</p>
        </noscript>
      ) : null}
    </section>
  );
}

function Figures({ view }: { readonly view: WaitingRoomView }) {
  const { t } = useTranslation();
  const { locale } = usePageContext();
  const formats = useLocaleFormats();
  return (
    <dl className={styles.figures}>
      <div className={styles.figure}>
        <dt>{t("waitingRoom.place")}</dt>
        <dd className={styles.value}>{view.place === undefined ? "—" : formats.number(view.place, locale)}</dd>
      </div>
      <div className={styles.figure}>
        <dt>{t("waitingRoom.ahead")}</dt>
        <dd className={styles.value}>{view.ahead === undefined ? "—" : formats.number(view.ahead, locale)}</dd>
      </div>
      <div className={styles.figure}>
        <dt>{t("waitingRoom.wait")}</dt>
        <dd className={styles.value}>{view.waitMinutes === undefined ? t("waitingRoom.waitUnknown") : t("waitingRoom.minutes", { count: view.waitMinutes })}</dd>
      </div>
    </dl>
  );
}

/** The live region's words: the same until the people ahead cross a milestone. */
function announcement(view: WaitingRoomView, t: Translate): string {
  if (view.milestone === undefined) return "";
  if (view.milestone === 0) return t("waitingRoom.announceNext");
  return view.milestone < 10 ? t("waitingRoom.announceExact", { count: view.milestone }) : t("waitingRoom.announceAbout", { count: view.milestone });
}
