import { doorsOpenAt, TIME_FORMAT, type EventDates, type LocaleCode } from "../../../core";
import { useLocaleFormats } from "../i18n/locale-formats-context";
import { useTranslation } from "../i18n/use-translation";

/** An evening's start and, when the story gives it, the doors' time, both on the language's one clock: "10:00 PM · doors open at 9:30 PM". */
export function EventTime({ dates, locale }: { readonly dates: EventDates; readonly locale: LocaleCode }) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const doors = doorsOpenAt(dates);
  return (
    <>
      {formats.date(new Date(dates.dateFrom), locale, TIME_FORMAT)}
      {doors ? ` · ${t("event.doorsOpen", { time: formats.date(doors, locale, TIME_FORMAT) })}` : ""}
    </>
  );
}
