import { Fragment, type ReactNode } from "react";
import { blokBlocks, isSafeHref, textAlignOf, type Block, type Multilink, type RichTextNode } from "../../../core";
import { ContentImage } from "../content-image/ContentImage";
import { ContentLink } from "../content-link/ContentLink";
import { attr, safeClassNames, safeColor, safeCount, safeId, safeLanguage, stringAttr } from "./rich-text-attrs";
import styles from "./RichText.module.css";

export interface RichTextProps {
  /** The CMS rich-text document (or any node of one). */
  readonly doc: RichTextNode | null | undefined;
  /** Renders the blocks embedded in a `blok` node (decoded with the story); the blocks pass theirs in. */
  readonly renderBlok?: (blocks: readonly Block[]) => ReactNode;
  /** Inside pages the page title is the only h1, so level-1 headings become h2. Default true. */
  readonly demoteH1?: boolean;
  readonly className?: string;
}

interface Context {
  readonly renderBlok: ((blocks: readonly Block[]) => ReactNode) | undefined;
  readonly demoteH1: boolean;
}

/** Deeper documents are cut off rather than risk the renderer's stack. */
const MAX_DEPTH = 48;

/**
 * SPEC §3 rich text as React elements: every node and mark, never raw HTML. Attributes from the
 * content are validated before they reach the page; unknown nodes render their children and
 * unknown marks are ignored.
 */
export function RichText({ doc, renderBlok, demoteH1 = true, className }: RichTextProps) {
  if (!hasContent(doc, 0)) return null;
  const context: Context = { renderBlok, demoteH1 };
  return <div className={className ? `${styles.richText} ${className}` : styles.richText}>{renderNode(doc, 0, context, 0)}</div>;
}

function renderNodes(nodes: unknown, context: Context, depth: number): ReactNode[] {
  return Array.isArray(nodes) ? nodes.map((node, index) => renderNode(node, index, context, depth)) : [];
}

function renderNode(value: unknown, key: number, context: Context, depth: number): ReactNode {
  if (depth > MAX_DEPTH || !value || typeof value !== "object") return null;
  const node = value as { type?: unknown; text?: unknown; attrs?: unknown; marks?: unknown; content?: unknown };
  const attrs = node.attrs;
  const children = () => renderNodes(node.content, context, depth + 1);
  switch (node.type) {
    case "text":
      return <Fragment key={key}>{renderText(node.text, node.marks)}</Fragment>;
    case "paragraph":
      return <p key={key} className={alignmentClass(attrs)}>{children()}</p>;
    case "heading":
      return (
        <Heading key={key} level={headingLevel(attr(attrs, "level"), context.demoteH1)} className={alignmentClass(attrs)}>
          {children()}
        </Heading>
      );
    case "blockquote":
      return <blockquote key={key}>{children()}</blockquote>;
    case "bullet_list":
      return <ul key={key}>{children()}</ul>;
    case "ordered_list": {
      const start = safeCount(attr(attrs, "order"), 1_000_000);
      return <ol key={key} start={start && start !== 1 ? start : undefined}>{children()}</ol>;
    }
    case "list_item":
      return <li key={key}>{children()}</li>;
    case "code_block": {
      const language = safeLanguage(attr(attrs, "class"));
      return (
        <pre key={key} className={styles.code} data-language={language} tabIndex={0}>
          <code className={language ? `language-${language}` : undefined}>{children()}</code>
        </pre>
      );
    }
    case "horizontal_rule":
      return <hr key={key} />;
    case "hard_break":
      return <br key={key} />;
    case "image":
      return (
        <ContentImage
          key={key}
          src={stringAttr(attrs, "src")}
          alt={stringAttr(attrs, "alt") ?? ""}
          title={stringAttr(attrs, "title")}
          sizes="(min-width: 48rem) 45rem, 100vw"
          className={styles.image}
        />
      );
    case "emoji": {
      const emoji = stringAttr(attrs, "emoji");
      const name = stringAttr(attrs, "name");
      if (!emoji && !name) return null;
      return (
        <span key={key} role="img" aria-label={name || emoji}>
          {emoji || `:${name}:`}
        </span>
      );
    }
    case "blok": {
      const blocks = blokBlocks(attr(attrs, "body"));
      return blocks.length > 0 && context.renderBlok ? <Fragment key={key}>{context.renderBlok(blocks)}</Fragment> : null;
    }
    case "table":
      return (
        // Wide tables scroll on phones; the region takes focus so keyboards can scroll it.
        <div key={key} className={styles.table} tabIndex={0}>
          <table>
            <tbody>{children()}</tbody>
          </table>
        </div>
      );
    case "tableRow":
      return <tr key={key}>{children()}</tr>;
    case "tableCell":
      return <td key={key} colSpan={safeCount(attr(attrs, "colspan"), 1000)} rowSpan={safeCount(attr(attrs, "rowspan"), 1000)}>{children()}</td>;
    case "tableHeader":
      return <th key={key} colSpan={safeCount(attr(attrs, "colspan"), 1000)} rowSpan={safeCount(attr(attrs, "rowspan"), 1000)}>{children()}</th>;
    default:
      // "doc" and unknown nodes: their children.
      return <Fragment key={key}>{children()}</Fragment>;
  }
}

type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

function headingLevel(value: unknown, demoteH1: boolean): HeadingLevel {
  const number = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
  const level = (Number.isFinite(number) ? Math.min(6, Math.max(1, Math.round(number))) : 2) as HeadingLevel;
  return level === 1 && demoteH1 ? 2 : level;
}

function Heading({ level, className, children }: { level: HeadingLevel; className: string | undefined; children: ReactNode }) {
  const Tag = `h${level}` as const;
  return <Tag className={className}>{children}</Tag>;
}

/** A paragraph's or heading's `attrs.textAlign` (Storyblok's current rich text), as a class: no inline style. */
function alignmentClass(attrs: unknown): string | undefined {
  const alignment = textAlignOf(attrs && typeof attrs === "object" ? (attrs as Record<string, unknown>) : undefined);
  return alignment ? styles[`align-${alignment}`] : undefined;
}

function renderText(text: unknown, marks: unknown): ReactNode {
  let element: ReactNode = typeof text === "string" ? text : "";
  if (!Array.isArray(marks)) return element;
  // One link per text: a link inside a link is not HTML.
  const firstLink = marks.findIndex((mark) => isMark(mark) && mark.type === "link");
  // The first mark is the outermost element.
  for (let index = marks.length - 1; index >= 0; index--) {
    const mark: unknown = marks[index];
    if (!isMark(mark) || (mark.type === "link" && index !== firstLink)) continue;
    element = applyMark(mark, element);
  }
  return element;
}

function isMark(value: unknown): value is { type: string; attrs?: unknown } {
  return Boolean(value) && typeof value === "object" && typeof (value as { type?: unknown }).type === "string";
}

function applyMark(mark: { type: string; attrs?: unknown }, children: ReactNode): ReactNode {
  switch (mark.type) {
    case "bold":
    case "strong":
      return <strong>{children}</strong>;
    case "italic":
      return <em>{children}</em>;
    case "strike":
      return <s>{children}</s>;
    case "underline":
      return <u>{children}</u>;
    case "code":
      return <code>{children}</code>;
    case "superscript":
      return <sup>{children}</sup>;
    case "subscript":
      return <sub>{children}</sub>;
    case "link":
      return <ContentLink link={multilinkOfMark(mark.attrs)}>{children}</ContentLink>;
    case "anchor": {
      const id = safeId(attr(mark.attrs, "id"));
      return id ? <span id={id}>{children}</span> : children;
    }
    case "styled": {
      const className = safeClassNames(attr(mark.attrs, "class"));
      return className ? <span className={className}>{children}</span> : children;
    }
    case "textStyle": {
      const color = safeColor(attr(mark.attrs, "color"));
      return color ? <span style={{ color }}>{children}</span> : children;
    }
    case "highlight": {
      const color = safeColor(attr(mark.attrs, "color"));
      return <mark style={color ? { backgroundColor: color } : undefined}>{children}</mark>;
    }
    default:
      return children;
  }
}

const EMAIL = /^[^\s@:/<>"]+@[^\s@/<>"]+$/;

/** A rich-text link mark as a multilink, or undefined when it cannot safely go anywhere. */
export function multilinkOfMark(attrs: unknown): Multilink | undefined {
  const href = (stringAttr(attrs, "href") ?? "").trim();
  const anchor = safeId(attr(attrs, "anchor"));
  const withAnchor = anchor ? { anchor } : {};
  switch (stringAttr(attrs, "linktype")) {
    case "story": {
      // A story link's href is the story's path: anything with a scheme is not one.
      if (!href || href.includes(":")) return undefined;
      const uuid = stringAttr(attrs, "uuid");
      return { linktype: "story", cached_url: href.replace(/^\/+/, ""), ...(uuid ? { uuid } : {}), ...withAnchor };
    }
    case "email": {
      const email = href.replace(/^mailto:/i, "");
      return EMAIL.test(email) ? { linktype: "email", email } : undefined;
    }
    case "asset":
      return href && isSafeHref(href) ? { linktype: "asset", url: href } : undefined;
    default:
      return href && isSafeHref(href) ? { linktype: "url", url: href, ...withAnchor } : undefined;
  }
}

/** Whether a document has anything to show (tolerant of malformed documents). */
function hasContent(value: unknown, depth: number): boolean {
  if (depth > MAX_DEPTH || !value || typeof value !== "object") return false;
  const node = value as { type?: unknown; text?: unknown; content?: unknown };
  if (typeof node.text === "string" && node.text.trim() !== "") return true;
  if (node.type === "image" || node.type === "blok" || node.type === "horizontal_rule" || node.type === "emoji") return true;
  return Array.isArray(node.content) && node.content.some((child) => hasContent(child, depth + 1));
}
