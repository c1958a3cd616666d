import { describe, expect, it } from "vitest";
import type { GlobalConfig, NavItem } from "../../../../../core/domain/content/content-types.schema";
import type { Multilink } from "../../../../../core/domain/content/link.schema";
import { siteNavigation } from "../../../../../core/domain/content/site-navigation.ops";

let uid = 0;
const item = (label: string | undefined, link: Multilink | undefined): NavItem => ({
  component: "nav_item",
  _uid: `nav-${++uid}`,
  ...(label === undefined ? {} : { label }),
  ...(link === undefined ? {} : { link }),
});

const config = (fields: Partial<GlobalConfig> = {}): GlobalConfig => ({ component: "global_config", _uid: "config", ...fields });

describe("siteNavigation", () => {
  it("turns story links into internal entries and other addresses into external ones", () => {
    const navigation = siteNavigation(
      config({
        main_navigation: [
          item("Events", { linktype: "story", id: "1", cached_url: "pages/events" }),
          item("Home", { linktype: "story", id: "2", story: { full_slug: "home" } }),
          item("Gala", { linktype: "story", id: "3", cached_url: "events/gala" }),
          item("Map", { linktype: "url", url: "/visit/", anchor: "map" }),
          item("Tickets", { linktype: "url", url: "https://tickets.test/" }),
          item("Write to us", { linktype: "email", email: "info@arena.test" }),
          item("Call us", { linktype: "url", url: "tel:+34960000000" }),
          item("Programme (PDF)", { linktype: "asset", url: "https://a.storyblok.com/f/1/programme.pdf" }),
        ],
      }),
    );
    expect(navigation.main).toEqual([
      { label: "Events", kind: "internal", logicalPath: "/events/" },
      { label: "Home", kind: "internal", logicalPath: "/" },
      { label: "Gala", kind: "internal", logicalPath: "/event/gala/" },
      { label: "Map", kind: "internal", logicalPath: "/visit/#map" },
      { label: "Tickets", kind: "external", href: "https://tickets.test/" },
      { label: "Write to us", kind: "contact", href: "mailto:info@arena.test" },
      { label: "Call us", kind: "contact", href: "tel:+34960000000" },
      { label: "Programme (PDF)", kind: "external", href: "https://a.storyblok.com/f/1/programme.pdf" },
    ]);
  });

  it("drops entries without a label or with a link that goes nowhere, and trims labels", () => {
    const navigation = siteNavigation(
      config({
        footer_navigation: [
          item(undefined, { linktype: "url", url: "https://a.test" }),
          item("", { linktype: "url", url: "https://a.test" }),
          item("   ", { linktype: "url", url: "https://a.test" }),
          item("No link", undefined),
          item("Empty link", { linktype: "url", url: "" }),
          item("Empty story", { linktype: "story", id: "", cached_url: "" }),
          item("Empty email", { linktype: "email", email: "" }),
          item("Script", { linktype: "url", url: "javascript:alert(1)" }),
          item("Data", { linktype: "asset", url: "data:text/html,x" }),
          item("  Press  ", { linktype: "story", id: "9", cached_url: "pages/press" }),
        ],
      }),
    );
    expect(navigation.footer).toEqual([{ label: "Press", kind: "internal", logicalPath: "/press/" }]);
  });

  it("keeps each menu separate and in the editor's order", () => {
    const navigation = siteNavigation(
      config({
        main_navigation: [item("B", { linktype: "url", url: "/b/" }), item("A", { linktype: "url", url: "/a/" })],
        footer_navigation: [item("F", { linktype: "url", url: "/f/" })],
        legal_navigation: [item("Privacy", { linktype: "story", id: "4", cached_url: "pages/legal/privacy" })],
      }),
    );
    expect(navigation.main.map((entry) => entry.label)).toEqual(["B", "A"]);
    expect(navigation.footer.map((entry) => entry.label)).toEqual(["F"]);
    expect(navigation.legal).toEqual([{ label: "Privacy", kind: "internal", logicalPath: "/legal/privacy/" }]);
  });

  it("has empty menus and no contact details for an empty config", () => {
    expect(siteNavigation(config())).toEqual({ main: [], footer: [], legal: [], address: undefined, phone: undefined, email: undefined });
    expect(siteNavigation(config({ address: "", phone: "", email: "" }))).toMatchObject({ address: undefined, phone: undefined, email: undefined });
  });

  it("carries the venue's contact details", () => {
    expect(siteNavigation(config({ address: "Av. del Port 1, València", phone: "+34 960 000 000", email: "info@arena.test" }))).toMatchObject({
      address: "Av. del Port 1, València",
      phone: "+34 960 000 000",
      email: "info@arena.test",
    });
  });
});
