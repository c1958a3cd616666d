import { randomUUID } from "node:crypto";

/**
 * Where the page's markup goes in the document Vike makes of it (ui/pages/+onAfterRenderHtml.ts
 * puts it there): random per process, so no content can contain it.
 */
export const PAGE_MARKUP_MARK = `<!--page-markup:${randomUUID()}-->`;

/**
 * The document's bytes, with the page's markup in place of its mark.
 *
 * Vike splits and joins the whole document to inject its tags, several times per render. A home
 * page is 79,000 characters, two bytes each as soon as one of them is (an €, a ’), and a string of
 * 128 KB or more is a large object to V8: a fresh mapping of its own, zeroed page by page and
 * unmapped after the next scavenge. On this machine each copy cost 0.7 ms, and a render made
 * five. Kept out of the document, the markup is copied once, here, into the bytes that go out.
 */
export function pageDocumentBytes(document: string, markup: string | undefined): Buffer {
  const at = markup === undefined ? -1 : document.indexOf(PAGE_MARKUP_MARK);
  if (markup === undefined || at === -1) return Buffer.from(document);
  return Buffer.concat([Buffer.from(document.slice(0, at)), Buffer.from(markup), Buffer.from(document.slice(at + PAGE_MARKUP_MARK.length))]);
}
