import { describe, expect, it } from "vitest";
import { PAGE_MARKUP_MARK, pageDocumentBytes } from "../../../../../adapters/http/server/page-document";

const MARKUP = '<main><h1>Túria Arena</h1><p>Entradas desde 25 € — l’Arena</p></main>';

describe("pageDocumentBytes", () => {
  it("puts the page's markup in place of its mark, as UTF-8", () => {
    const document = `<!DOCTYPE html><html><head><title>València</title></head><body><div id="root">${PAGE_MARKUP_MARK}</div><script>{"price":"25 €"}</script></body></html>`;
    expect(Buffer.from(pageDocumentBytes(document, MARKUP)).toString("utf8")).toBe(document.replace(PAGE_MARKUP_MARK, MARKUP));
  });

  it("leaves a document without the mark, or without markup, as it is", () => {
    const whole = `<!DOCTYPE html><html><body><div id="root">${MARKUP}</div></body></html>`;
    expect(Buffer.from(pageDocumentBytes(whole, MARKUP)).toString("utf8")).toBe(whole);
    expect(Buffer.from(pageDocumentBytes(whole, undefined)).toString("utf8")).toBe(whole);
  });

  it("is a comment with a random token, which no content can contain", () => {
    expect(PAGE_MARKUP_MARK).toMatch(/^<!--page-markup:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}-->$/);
  });
});
