import type { PageContextServer } from "vike/types";
import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE_SETTINGS } from "../../../../../core";
import { createBundledMessages } from "../../../../../adapters/runtime/bundled-messages.adapter";
import { attachPageTexts } from "../../../../../ui/shell/i18n/page-texts";

const messages = createBundledMessages();
const pageTextKeys = new Map([["/ui/pages/content", ["app.name", "nav.home"]]]);
const blockTextKeys = new Map([
  ["Faqs", ["app.name", "faqs.title"]],
  ["Events", ["eventCard.free"]],
  ["Sponsors", ["sponsors.institutional"]],
  ["HeroSlider", ["carousel.next", "heroSlider.label"]],
]);

/** A content page's context as the server has it when +onBeforeRender runs. */
function contentPage(data: unknown, contentPreview = false) {
  return {
    pageId: "/ui/pages/content",
    locale: "en",
    logicalPath: "/faq/",
    data,
    contentPreview,
    globalContext: { services: { messages, pageTextKeys, blockTextKeys }, publicConfig: { locale: DEFAULT_LOCALE_SETTINGS } },
  } as unknown as PageContextServer;
}

const faqsPage = { page: { component: "page", _uid: "p", body: [{ _uid: "f", component: "faqs", items: [] }] } };

describe("a page's texts", () => {
  it("are the page's own and those of the blocks it shows, in its language", async () => {
    const pageContext = contentPage(faqsPage);
    await attachPageTexts(pageContext);
    expect(Object.keys(pageContext.texts!)).toEqual(["app.name", "faqs.title", "nav.home"]);
    expect(pageContext.texts!["nav.home"]).toBe("Home");
    expect(JSON.parse(pageContext.textsJson!)).toEqual(pageContext.texts);
  });

  it("are the hero slider's too on a page with a hero, and not on one without", async () => {
    const slide = { _uid: "s", component: "hero_slide", title: "Lua Serrano" };
    const withHero = contentPage({ page: { ...faqsPage.page, hero: [slide] } });
    const emptyHero = contentPage({ page: { ...faqsPage.page, hero: [] } });
    await attachPageTexts(withHero);
    await attachPageTexts(emptyHero);
    expect(Object.keys(withHero.texts!)).toEqual(["app.name", "carousel.next", "faqs.title", "heroSlider.label", "nav.home"]);
    expect(Object.keys(emptyHero.texts!)).toEqual(["app.name", "faqs.title", "nav.home"]);
  });

  it("are every block's in the editor's preview, where any block or a hero may be added", async () => {
    const pageContext = contentPage(faqsPage, true);
    await attachPageTexts(pageContext);
    expect(Object.keys(pageContext.texts!)).toEqual(["app.name", "carousel.next", "eventCard.free", "faqs.title", "heroSlider.label", "nav.home", "sponsors.institutional"]);
  });

  it("are the same object, serialized once, for every render of a page with the same blocks", async () => {
    const first = contentPage(faqsPage);
    const second = contentPage({ page: { ...faqsPage.page, title: "Another render" } });
    await attachPageTexts(first);
    await attachPageTexts(second);
    expect(second.texts).toBe(first.texts);
    expect(second.textsJson).toBe(first.textsJson);
  });
});
