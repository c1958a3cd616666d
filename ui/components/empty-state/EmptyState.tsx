import type { ReactNode } from "react";
import { useTranslation } from "../i18n/use-translation";
import { CalendarIcon, ClockIcon, ImageIcon, InfoIcon, PinIcon } from "../icons/Icons";
import styles from "./EmptyState.module.css";

/** SPEC §2: the empty states the site has. */
export type EmptyStateKind = "events" | "futureEvents" | "yourFutureEvents" | "yourPastEvents" | "restaurants" | "sponsors" | "jobOffers" | "images" | "information";

const TEXTS: Readonly<Record<EmptyStateKind, { readonly title: string; readonly text: string }>> = {
  events: { title: "emptyState.noEvents.title", text: "emptyState.noEvents.text" },
  futureEvents: { title: "emptyState.noFutureEvents.title", text: "emptyState.noFutureEvents.text" },
  yourFutureEvents: { title: "emptyState.yourFutureEvents.title", text: "emptyState.yourFutureEvents.text" },
  yourPastEvents: { title: "emptyState.yourPastEvents.title", text: "emptyState.yourPastEvents.text" },
  restaurants: { title: "emptyState.noRestaurants.title", text: "emptyState.noRestaurants.text" },
  sponsors: { title: "emptyState.noSponsors.title", text: "emptyState.noSponsors.text" },
  jobOffers: { title: "emptyState.noJobOffers.title", text: "emptyState.noJobOffers.text" },
  images: { title: "emptyState.noImages.title", text: "emptyState.noImages.text" },
  information: { title: "emptyState.noInformation.title", text: "emptyState.noInformation.text" },
};

// Drawn, not emoji: they look the same on every device.
const ICONS: Readonly<Record<EmptyStateKind, () => ReactNode>> = {
  events: CalendarIcon, futureEvents: CalendarIcon, yourFutureEvents: CalendarIcon, yourPastEvents: ClockIcon, restaurants: PinIcon, sponsors: InfoIcon, jobOffers: InfoIcon, images: ImageIcon, information: InfoIcon,
};

export interface EmptyStateProps {
  readonly kind: EmptyStateKind;
  /** E.g. a "see all" link that leaves an empty filter. */
  readonly action?: ReactNode;
  readonly headingLevel?: 2 | 3 | 4;
}

/** What a list shows when it has nothing to list: a title, a line of help and maybe a way out. */
export function EmptyState({ kind, action, headingLevel = 3 }: EmptyStateProps) {
  const { t } = useTranslation();
  const Heading = `h${headingLevel}` as const;
  const Icon = ICONS[kind];
  return (
    <div className={styles.empty} data-empty-state={kind}>
      <span className={styles.icon} aria-hidden="true"><Icon /></span>
      <Heading className={styles.title}>{t(TEXTS[kind].title)}</Heading>
      <p className={styles.text}>{t(TEXTS[kind].text)}</p>
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
