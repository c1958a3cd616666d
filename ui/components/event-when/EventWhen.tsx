import { eventWhen, isMultiDayEvent, TIME_FORMAT, type EventDates, type LocaleCode } from "../../../core";
import { useLocaleFormats } from "../i18n/locale-formats-context";
import { useTranslation } from "../i18n/use-translation";

/**
 * When an event is, in one line (the core's `eventWhen`): an evening as a `<time>` with the doors'
 * time when the summary has it, a run of days as its span.
 */
export function EventWhen({ dates, locale }: { readonly dates: EventDates & { readonly doorsOpenAt?: string | undefined }; readonly locale: LocaleCode }) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const text = eventWhen(dates, locale, formats);
  if (isMultiDayEvent(dates)) return <>{text}</>;
  return (
    <>
      <time dateTime={dates.dateFrom}>{text}</time>
      {dates.doorsOpenAt ? ` · ${t("event.doorsOpen", { time: formats.date(new Date(dates.doorsOpenAt), locale, TIME_FORMAT) })}` : ""}
    </>
  );
}
