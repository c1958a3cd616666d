import { eventWhen, isMultiDayEvent, type EventDates, type LocaleCode } from "../../../core";
import { useLocaleFormats } from "../i18n/locale-formats-context";

/** When an event is, in one line (the core's `eventWhen`): an evening as a `<time>`, a run of days as its span. */
export function EventWhen({ dates, locale }: { readonly dates: EventDates; readonly locale: LocaleCode }) {
  const text = eventWhen(dates, locale, useLocaleFormats());
  return isMultiDayEvent(dates) ? <>{text}</> : <time dateTime={dates.dateFrom}>{text}</time>;
}
