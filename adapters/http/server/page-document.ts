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
 * five. Kept out of the document, the markup is copied once, here, into the bytes that go out:
 * the three parts are encoded straight into one buffer, not each into its own and then joined.
 */
export function pageDocumentBytes(document: string, markup: string | undefined): Buffer {
  const at = markup === undefined ? -1 : document.indexOf(PAGE_MARKUP_MARK);
  if (markup === undefined || at === -1) return Buffer.from(document);
  const parts = [document.slice(0, at), markup, document.slice(at + PAGE_MARKUP_MARK.length)];
  const bytes = Buffer.allocUnsafe(parts.reduce((size, part) => size + Buffer.byteLength(part), 0));
  parts.reduce((offset, part) => offset + bytes.write(part, offset), 0);
  return bytes;
}
