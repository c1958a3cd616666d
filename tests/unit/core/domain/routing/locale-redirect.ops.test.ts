import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE_SETTINGS } from "../../../../../core/domain/locale/locale.settings";
import { unprefixedPageRedirect } from "../../../../../core/domain/routing/locale-redirect.ops";

const none = { cookie: undefined, acceptLanguage: undefined };

describe("unprefixedPageRedirect", () => {
  it("sends a page path without a language to the detected language's page, its query kept", () => {
    expect(unprefixedPageRedirect("/events/", "?page=2&search=jazz", DEFAULT_LOCALE_SETTINGS, { cookie: "en", acceptLanguage: "ca" })).toBe(
      "/en/events/?page=2&search=jazz",
    );
    expect(unprefixedPageRedirect("/dashboard/", "", DEFAULT_LOCALE_SETTINGS, { cookie: undefined, acceptLanguage: "ca-ES-valencia,es;q=0.8" })).toBe(
      "/val/dashboard/",
    );
    expect(unprefixedPageRedirect("/event/7/tickets/", "", DEFAULT_LOCALE_SETTINGS, { cookie: undefined, acceptLanguage: "fr, de" })).toBe("/es/event/7/tickets/");
    expect(unprefixedPageRedirect("/", "?x=1", DEFAULT_LOCALE_SETTINGS, { cookie: "val", acceptLanguage: undefined })).toBe("/val/?x=1");
  });

  it("sends an unknown page there too, to be answered in that language", () => {
    expect(unprefixedPageRedirect("/no-such-page/", "", DEFAULT_LOCALE_SETTINGS, { cookie: "en", acceptLanguage: undefined })).toBe("/en/no-such-page/");
    expect(unprefixedPageRedirect("/fr/events/", "", DEFAULT_LOCALE_SETTINGS, none)).toBe("/es/fr/events/");
  });

  it("keeps the target on the site whatever the path holds", () => {
    for (const path of ["//evil.example/", "/\\evil.example/", "///evil.example/a/", "/%2F%2Fevil.example/"]) {
      const target = unprefixedPageRedirect(path, "", DEFAULT_LOCALE_SETTINGS, none) ?? "";
      expect(target, path).toMatch(/^\/es\//);
      expect(new URL(target, "https://arena.example").origin, path).toBe("https://arena.example");
    }
  });

  it("leaves alone pages with a language, files, the API, the editor and paths still to be slashed", () => {
    for (const path of ["/en/events/", "/val/", "/api/health", "/assets/app.js", "/robots.txt", "/_build/latest.json", "/_editor/", "/events"]) {
      expect(unprefixedPageRedirect(path, "", DEFAULT_LOCALE_SETTINGS, none), path).toBeUndefined();
    }
  });

  it("applies to the prefix strategy only, and to the root only while its redirect is on", () => {
    expect(unprefixedPageRedirect("/events/", "", { ...DEFAULT_LOCALE_SETTINGS, strategy: "prefix_except_default" }, none)).toBeUndefined();
    expect(unprefixedPageRedirect("/events/", "", { ...DEFAULT_LOCALE_SETTINGS, strategy: "no_prefix" }, none)).toBeUndefined();
    expect(unprefixedPageRedirect("/", "", { ...DEFAULT_LOCALE_SETTINGS, redirectRoot: false }, none)).toBeUndefined();
    expect(unprefixedPageRedirect("/events/", "", { ...DEFAULT_LOCALE_SETTINGS, redirectRoot: false }, { cookie: "en", acceptLanguage: undefined })).toBe("/en/events/");
  });
});
