import type { PageContextServer } from "vike/types";
import { describe, expect, it } from "vitest";
import { PAGE_MARKUP_MARK, pageDocumentBytes } from "../../../../adapters/http/server/page-document";
import { onAfterRenderHtml } from "../../../../ui/pages/+onAfterRenderHtml";

const MARKUP = "<main><h1>Túria Arena</h1><p>Entrades des de 25 € — l’Arena</p></main>";

/** The document vike-react makes around the page's markup, as far as this is concerned. */
const documentAround = (markup: string) => `<!DOCTYPE html><html><head><title>València</title></head><body><div id="root">${markup}</div></body></html>`;

describe("+onAfterRenderHtml", () => {
  it("puts the server's mark in place of the page's markup, which the server splices back into the same bytes", () => {
    const pageContext = { pageMarkupMark: PAGE_MARKUP_MARK, pageHtmlString: MARKUP } as unknown as PageContextServer;
    onAfterRenderHtml(pageContext);
    expect(pageContext.pageHtmlString).toBe(PAGE_MARKUP_MARK);
    expect(pageContext.pageMarkup).toBe(MARKUP);
    const sent = pageDocumentBytes(documentAround(pageContext.pageHtmlString as string), pageContext.pageMarkup);
    expect(Buffer.from(sent).toString("utf8")).toBe(documentAround(MARKUP));
  });

  it("leaves the markup in the document when the server does not ask for it", () => {
    const pageContext = { pageHtmlString: MARKUP } as unknown as PageContextServer;
    onAfterRenderHtml(pageContext);
    expect(pageContext.pageHtmlString).toBe(MARKUP);
    expect(pageContext.pageMarkup).toBeUndefined();
  });
});
