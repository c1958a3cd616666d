import { Hono } from "hono";
import { LOCALE_CODES, alternateLinks, isListedInSitemap, localisePath, logicalPathOfStory, originForLocale, routes, type ContentPort, type LocaleSettings } from "../../../core";

export interface SeoRoutesOptions {
  readonly content: ContentPort;
  readonly locale: LocaleSettings;
  readonly publicOrigin: string;
  readonly now?: () => Date;
}

/** sitemap.xml with hreflang alternates per locale, and robots.txt pointing at it (SPEC §2, issue: SEO). */
export function seoRoutes(options: SeoRoutesOptions) {
  const app = new Hono();
  app.get("/sitemap.xml", async (c) => {
    const now = options.now?.() ?? new Date();
    const [stories, events] = await Promise.all([options.content.sitemap(), options.content.events({ locale: "es", version: "published" })]);
    // Past events leave the sitemap (their pages stay): what the event-availability model says.
    const unlisted = new Set(events.filter((event) => !isListedInSitemap(event.content, now)).map((event) => event.meta.uuid));
    const urls = stories.flatMap((story) => {
      if (unlisted.has(story.uuid)) return [];
      const logicalPath = logicalPathOfStory(story.fullSlug);
      if (logicalPath.includes("#")) return [];
      const alternates = alternateLinks(logicalPath, options.locale, options.publicOrigin)
        .map((link) => `    <xhtml:link rel="alternate" hreflang="${link.hreflang}" href="${escapeXml(link.href)}"/>`)
        .join("\n");
      return LOCALE_CODES.map((code) => {
        const loc = originForLocale(code, options.locale, options.publicOrigin) + localisePath(logicalPath, code, options.locale);
        const lastmod = story.publishedAt ? `\n    <lastmod>${story.publishedAt.slice(0, 10)}</lastmod>` : "";
        return `  <url>\n    <loc>${escapeXml(loc)}</loc>${lastmod}\n${alternates}\n  </url>`;
      });
    });
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
    return c.body(xml, 200, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" });
  });
  app.get("/robots.txt", (c) => {
    const privatePaths = LOCALE_CODES.flatMap((code) => [`Disallow: ${localisePath(routes.dashboard.path(), code, options.locale)}`, `Disallow: ${localisePath("/_tmp/", code, options.locale)}`]);
    const body = ["User-agent: *", "Allow: /", "Disallow: /api/", ...new Set(privatePaths), "", `Sitemap: ${options.publicOrigin}/sitemap.xml`, ""].join("\n");
    return c.text(body, 200, { "Cache-Control": "public, max-age=3600" });
  });
  return app;
}

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

