import { Hono } from "hono";
import { calendarEventOf, eventCalendar, isEventId, isLocaleCode, localisePath, routes, type ContentPort, type LocaleSettings } from "../../../core";
import { apiError } from "./api-error";

export interface EventCalendarRouteOptions {
  readonly content: ContentPort;
  readonly locale: LocaleSettings;
  readonly publicOrigin: string;
  readonly now?: () => Date;
}

/**
 * 'Add to calendar' (issue 10): GET /:slug/calendar.ics?lang=es|en|val, an iCalendar file of a
 * published event in that language, mounted at /api/events. Public and briefly cacheable: it says
 * what the event page says.
 */
export function eventCalendarRoute(options: EventCalendarRouteOptions): Hono {
  const app = new Hono();
  app.get("/:slug/calendar.ics", async (c) => {
    const slug = c.req.param("slug");
    const lang = c.req.query("lang") ?? options.locale.defaultLocale;
    if (!isLocaleCode(lang)) return apiError(c, "invalid-request");
    if (!isEventId(slug)) return apiError(c, "not-found");
    const story = await options.content.event(slug, { locale: lang, version: "published" });
    if (!story) return apiError(c, "not-found");
    const url = `${options.publicOrigin}${localisePath(routes.event.path({ id: slug }), lang, options.locale)}`;
    return c.body(eventCalendar(calendarEventOf(story, url), options.now?.() ?? new Date()), 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${slug}.ics"`,
      "Cache-Control": "public, max-age=300",
    });
  });
  return app;
}
