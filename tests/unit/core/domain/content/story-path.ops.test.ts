import { describe, expect, it } from "vitest";
import type { Multilink } from "../../../../../core/domain/content/link.schema";
import { isSafeHref, linkTarget, logicalPathOfStory, pageSlugOfPath } from "../../../../../core/domain/content/story-path.ops";

describe("logicalPathOfStory", () => {
  it("puts the home story at the root", () => {
    expect(logicalPathOfStory("home")).toBe("/");
    expect(logicalPathOfStory("/home/")).toBe("/");
    expect(logicalPathOfStory("")).toBe("/");
    expect(logicalPathOfStory("/")).toBe("/");
  });

  it("puts content pages at the root of the site, with a trailing slash", () => {
    expect(logicalPathOfStory("pages/about")).toBe("/about/");
    expect(logicalPathOfStory("pages/visit/getting-here")).toBe("/visit/getting-here/");
    expect(logicalPathOfStory("/pages/about/")).toBe("/about/");
  });

  it("gives events their own route", () => {
    expect(logicalPathOfStory("events/lua-serrano")).toBe("/event/lua-serrano/");
  });

  it("sends restaurants, jobs and sponsors to an anchor on their listing page", () => {
    expect(logicalPathOfStory("restaurants/la-barraca")).toBe("/restaurants/#la-barraca");
    expect(logicalPathOfStory("jobs/usher")).toBe("/jobs/#usher");
    expect(logicalPathOfStory("sponsors/acme")).toBe("/sponsors/#acme");
  });

  it("keeps any other slug as it is", () => {
    expect(logicalPathOfStory("press/kit")).toBe("/press/kit/");
  });
});

describe("pageSlugOfPath", () => {
  it("maps the root to home and everything else under pages/", () => {
    expect(pageSlugOfPath("/")).toBe("home");
    expect(pageSlugOfPath("")).toBe("home");
    expect(pageSlugOfPath("/about/")).toBe("pages/about");
    expect(pageSlugOfPath("about")).toBe("pages/about");
    expect(pageSlugOfPath("/visit/getting-here/")).toBe("pages/visit/getting-here");
  });
});

const link = (fields: Omit<Multilink, "fieldtype">): Multilink => ({ fieldtype: "multilink", ...fields });

describe("linkTarget", () => {
  it("goes nowhere without a link", () => {
    expect(linkTarget(undefined)).toEqual({ kind: "none" });
    expect(linkTarget(null)).toEqual({ kind: "none" });
  });

  describe("story links", () => {
    it("prefers the resolved story's full slug over the cached url", () => {
      expect(linkTarget(link({ linktype: "story", id: "1", cached_url: "pages/old", story: { full_slug: "pages/new" } }))).toEqual({
        kind: "internal",
        logicalPath: "/new/",
      });
      expect(linkTarget(link({ linktype: "story", id: "1", cached_url: "events/gala" }))).toEqual({ kind: "internal", logicalPath: "/event/gala/" });
    });

    it("appends the anchor", () => {
      expect(linkTarget(link({ linktype: "story", id: "1", cached_url: "pages/faq", anchor: "tickets" }))).toEqual({
        kind: "internal",
        logicalPath: "/faq/#tickets",
      });
    });

    it("keeps the item anchor of a listing page instead of the link's anchor", () => {
      expect(linkTarget(link({ linktype: "story", id: "1", cached_url: "restaurants/la-barraca", anchor: "menu" }))).toEqual({
        kind: "internal",
        logicalPath: "/restaurants/#la-barraca",
      });
    });

    it("goes nowhere when the story link is empty", () => {
      expect(linkTarget(link({ linktype: "story", id: "", cached_url: "" }))).toEqual({ kind: "none" });
      expect(linkTarget(link({ linktype: "story" }))).toEqual({ kind: "none" });
    });
  });

  describe("email links", () => {
    it("makes a mailto: href, without doubling the scheme", () => {
      expect(linkTarget(link({ linktype: "email", email: "info@arena.test" }))).toEqual({ kind: "contact", href: "mailto:info@arena.test" });
      expect(linkTarget(link({ linktype: "email", url: "MAILTO:info@arena.test" }))).toEqual({ kind: "contact", href: "mailto:info@arena.test" });
    });

    it("goes nowhere without an address", () => {
      expect(linkTarget(link({ linktype: "email", email: "" }))).toEqual({ kind: "none" });
    });
  });

  describe("url links", () => {
    it("are external for http(s), with the anchor", () => {
      expect(linkTarget(link({ linktype: "url", url: "https://tickets.test/e/1" }))).toEqual({ kind: "external", href: "https://tickets.test/e/1" });
      expect(linkTarget(link({ linktype: "url", url: "http://x.test", anchor: "top" }))).toEqual({ kind: "external", href: "http://x.test#top" });
      // Dialled or written from this tab: neither opens a new one.
      expect(linkTarget(link({ linktype: "url", url: "tel:+34900000000" }))).toEqual({ kind: "contact", href: "tel:+34900000000" });
      expect(linkTarget(link({ linktype: "url", url: "MAILTO:info@arena.test" }))).toEqual({ kind: "contact", href: "MAILTO:info@arena.test" });
    });

    it("fall back to cached_url and href", () => {
      expect(linkTarget(link({ linktype: "url", url: "", cached_url: "https://a.test" }))).toEqual({ kind: "external", href: "https://a.test" });
      expect(linkTarget(link({ linktype: "url", href: "https://b.test" }))).toEqual({ kind: "external", href: "https://b.test" });
    });

    it("are internal for site paths and bare anchors", () => {
      expect(linkTarget(link({ linktype: "url", url: "/events/" }))).toEqual({ kind: "internal", logicalPath: "/events/" });
      expect(linkTarget(link({ linktype: "url", url: "/events/", anchor: "list" }))).toEqual({ kind: "internal", logicalPath: "/events/#list" });
      expect(linkTarget(link({ linktype: "url", url: "#tickets" }))).toEqual({ kind: "internal", logicalPath: "#tickets" });
    });

    it("go nowhere for unsafe schemes", () => {
      for (const url of ["javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:x", "relative/path"]) {
        expect(linkTarget(link({ linktype: "url", url }))).toEqual({ kind: "none" });
      }
    });

    it("go nowhere when empty", () => {
      expect(linkTarget(link({ linktype: "url", url: "" }))).toEqual({ kind: "none" });
    });
  });

  describe("asset links", () => {
    it("point at the asset", () => {
      expect(linkTarget(link({ linktype: "asset", url: "https://a.storyblok.com/f/1/x.pdf" }))).toEqual({ kind: "asset", href: "https://a.storyblok.com/f/1/x.pdf" });
      expect(linkTarget(link({ linktype: "asset", url: "/a/f/1/x.pdf" }))).toEqual({ kind: "asset", href: "/a/f/1/x.pdf" });
    });

    it("go nowhere for unsafe schemes", () => {
      expect(linkTarget(link({ linktype: "asset", url: "data:application/pdf;base64,AAAA" }))).toEqual({ kind: "none" });
      expect(linkTarget(link({ linktype: "asset", url: "javascript:alert(1)" }))).toEqual({ kind: "none" });
    });
  });
});

describe("isSafeHref", () => {
  it("accepts web, mail and phone links, site paths and anchors", () => {
    for (const href of ["https://x.test", "HTTP://x.test", "mailto:a@b.test", "tel:123", "/about/", "#top", "  https://x.test  "]) {
      expect(isSafeHref(href)).toBe(true);
    }
  });

  it("refuses script and data URLs (whatever the case or surrounding space) and other schemes", () => {
    for (const href of ["javascript:alert(1)", "  JAVASCRIPT:alert(1)", "data:text/html,x", "vbscript:x", "file:///etc/passwd", "about:blank", "", "relative"]) {
      expect(isSafeHref(href)).toBe(false);
    }
  });
});
