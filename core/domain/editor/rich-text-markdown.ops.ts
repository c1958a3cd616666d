import { textAlignOf, type TextAlignment } from "../content/rich-text.ops";
import type { RichText, RichTextMark, RichTextNode } from "../content/rich-text.schema";

/*
 * The embedded editor edits rich-text fields in a plain <textarea>, as this Markdown subset. It is
 * close to CommonMark, but this file's parser is the reference: the subset is what it reads back.
 *
 * Blocks, separated by a blank line (a line of spaces and tabs is blank). Markers count only at the
 * start of a line: an indented line is always text.
 *   paragraph        lines of text. A line break is kept in the text (the site shows it as a space);
 *   hard_break       a backslash ending a line (`\`), as in CommonMark. Two trailing spaces are not
 *                    read: a textarea hides them and editors trim them.
 *   heading          `# ` to `###### ` and one line of text (attrs.level); no closing `#`s.
 *   bullet_list      one `- item` line per item (`*` and `+` are read too); ordered_list `1. item`,
 *                    its first number being attrs.order. An item is one paragraph: its further lines
 *                    are indented by the marker's width. A blank line ends the list. No nested lists.
 *   blockquote       lines starting with `> ` (`>` alone for a blank line in the quote); any blocks.
 *   horizontal_rule  `---`.
 *   alignment        a paragraph's or heading's attrs.textAlign (Storyblok's current rich text), written
 *                    ` {align=center}` at the end of its last line (left, center, right, justify);
 *                    textAlign null, which Storyblok puts on every paragraph and heading, is none.
 * Marks, nested in the order of a text's marks (the first is the outermost, as the renderer does):
 *   bold `**x**`, italic `_x_`, code `` `x` `` (innermost; longer fences when the text has backticks),
 *   link `[text](href)`:
 *     `(mailto:a@b.es)`           → linktype "email", href "a@b.es", target null
 *     `(/path#anchor "story:UUID")` → linktype "story", the uuid and anchor, target "_self"
 *     `(anything else)`           → linktype "url", target "_blank" for http(s) (the renderer opens
 *                                   those in a new tab anyway), null otherwise
 *     with the attrs shape the content uses: { href, uuid, anchor, target, linktype }. A
 *     destination with spaces, or an empty one, is written in `<…>`; any other title is ignored.
 * Escapes: a backslash before ASCII punctuation makes it text. Written text escapes the backslash,
 * `*`, `_`, the backtick, `[` and `]` everywhere, and at the start of a line `-`, `+`, `>`, and a
 * `#` or `1.` that would start a block. An opener never closed stays text, so a typed `5 * 3` or
 * `[note]` survives; a lone `*` is text (italic is `_` only), but two `_` make italic: type `\_`.
 * No HTML, entities, images, tables, code blocks or setext headings: they stay text.
 *
 * Normal form (what a round trip gives back; `normalizeRichText`): adjacent text nodes with the same
 * marks are one node, empty texts and empty `marks` are dropped, empty paragraphs directly in the
 * doc or a quote are dropped (they show nothing), empty `content` is dropped except the doc's, and
 * so is a paragraph's or heading's `textAlign: null` (a paragraph's `attrs` with it).
 */

/** A line of spaces and tabs only is blank: it ends a paragraph, a list or a quote's block. */
const BLANK_LINE = /^[ \t]*$/;
const HORIZONTAL_RULE = /^(?:-[ \t]*){3,}$/;
const HEADING = /^(#{1,6})(?: (.*))?$/s;
const BULLET_ITEM = /^([-*+])(?: (.*))?$/s;
const ORDERED_ITEM = /^(\d{1,9})\.(?: (.*))?$/s;
const ASCII_PUNCTUATION = /^[!-/:-@[-`{-~]$/;
/** Destinations that leave the site: the content's URL links to them open in a new tab. */
const OTHER_SITE = /^(?:https?:)?\/\//i;
const STORY_TITLE = /^story(?::(.+))?$/s;
const HARD_BREAK: RichTextNode = { type: "hard_break" };
/** The end of a paragraph's or heading's last line that gives its alignment. */
const ALIGNMENT_SUFFIX = /(?:^| )\{align=(left|center|right|justify)\}[ \t]*$/;
/** Text ending like an alignment suffix: its `{` is escaped when written. */
const ALIGNMENT_LIKE = /\{align=(?:left|center|right|justify)\}[ \t]*$/;

// ---------------------------------------------------------------------------------------------
// Rich text → Markdown

/**
 * The document as Markdown. Whatever the subset cannot hold (see `isMarkdownRepresentable`) is
 * written as best it can be: unknown containers as their children, other marks dropped.
 */
export function richTextToMarkdown(doc: RichText | undefined): string {
  if (!doc) return "";
  const normal = normalizeRichText(doc);
  return blockLines(normal.type === "doc" ? (normal.content ?? []) : [normal]).join("\n");
}

/** The lines of a run of blocks, a blank line between two blocks. */
function blockLines(nodes: readonly RichTextNode[]): string[] {
  const lines: string[] = [];
  const add = (block: readonly string[]) => {
    if (block.length === 0) return;
    if (lines.length > 0) lines.push("");
    lines.push(...block);
  };
  let inline: RichTextNode[] = [];
  for (const node of nodes) {
    if (isInlineNode(node)) {
      inline.push(node);
      continue;
    }
    add(paragraphLines(inline));
    inline = [];
    add(linesOfBlock(node));
  }
  add(paragraphLines(inline));
  return lines;
}

function linesOfBlock(node: RichTextNode): string[] {
  switch (node.type) {
    case "paragraph":
      return withAlignment(paragraphLines(node.content ?? []), textAlignOf(node.attrs));
    case "heading": {
      const text = inlineMarkdown(inlineOf(node.content ?? []), { singleLine: true });
      const marker = "#".repeat(headingLevelOf(node) ?? 2);
      return withAlignment([text === "" ? marker : `${marker} ${text}`], textAlignOf(node.attrs));
    }
    case "bullet_list":
    case "ordered_list": {
      const order = node.type === "ordered_list" ? (listOrderOf(node) ?? 1) : 0;
      return (node.content ?? []).flatMap((item, index) => {
        const marker = node.type === "ordered_list" ? `${order + index}.` : "-";
        const [first = "", ...rest] = inlineMarkdown(inlineOf(item.content ?? []), { singleLine: false }).split("\n");
        if (first === "" && rest.length === 0) return [marker];
        const indent = " ".repeat(marker.length + 1);
        // `- ` and a text of spaces and dashes would read as a rule.
        const line = HORIZONTAL_RULE.test(`${marker} ${first}`) ? `${marker} ${first.replace("-", "\\-")}` : `${marker} ${first}`;
        return [line, ...rest.map((next) => indent + next)];
      });
    }
    case "blockquote": {
      const inner = blockLines(node.content ?? []);
      return inner.length === 0 ? [">"] : inner.map((line) => (line === "" ? ">" : `> ${line}`));
    }
    case "horizontal_rule":
      return ["---"];
    default:
      // Like the renderer: a node the subset does not know is its children.
      return blockLines(node.content ?? []);
  }
}

/** A block's lines with its alignment at the end of the last one; text that would read as one is escaped. */
function withAlignment(lines: readonly string[], alignment: TextAlignment | undefined): string[] {
  const last = lines[lines.length - 1];
  if (last === undefined) return [];
  const escaped = last.replace(ALIGNMENT_LIKE, (suffix) => `\\${suffix}`);
  return [...lines.slice(0, -1), alignment ? `${escaped} {align=${alignment}}` : escaped];
}

function paragraphLines(inline: readonly RichTextNode[]): string[] {
  const text = inlineMarkdown(inline, { singleLine: false });
  return text === "" ? [] : text.split("\n");
}

/** Nodes that sit in a line of text rather than make a block of their own. */
function isInlineNode(node: RichTextNode): boolean {
  return node.type === "text" || node.type === "hard_break" || node.type === "emoji" || node.type === "image";
}

/** A node's inline content; blocks inside it (which the subset cannot nest) are joined by line breaks. */
function inlineOf(nodes: readonly RichTextNode[]): RichTextNode[] {
  const inline: RichTextNode[] = [];
  for (const node of nodes) {
    if (isInlineNode(node)) {
      inline.push(node);
      continue;
    }
    const inner = inlineOf(node.content ?? []);
    if (inner.length === 0) continue;
    if (inline.length > 0) inline.push(HARD_BREAK);
    inline.push(...inner);
  }
  return inline;
}

/** How a text's marks are written: the ones that nest (in order), and whether it is code. */
interface WrittenMarks {
  readonly nesting: readonly RichTextMark[];
  readonly code: boolean;
}

function writtenMarks(marks: readonly RichTextMark[] | undefined): WrittenMarks {
  const nesting: RichTextMark[] = [];
  let code = false;
  for (const mark of marks ?? []) {
    const written = mark.type === "strong" ? { type: "bold" } : mark;
    if (written.type === "code") code = true;
    else if ((written.type === "bold" || written.type === "italic" || written.type === "link") && !nesting.some((other) => other.type === written.type)) {
      nesting.push(written.type === "link" ? written : { type: written.type });
    }
  }
  return { nesting, code };
}

/**
 * Inline nodes as Markdown. Marks stay open across texts that share them (so `**a _b_ c**`) and
 * the hard breaks between them; a heading (`singleLine`) writes line breaks as spaces.
 */
function inlineMarkdown(nodes: readonly RichTextNode[], { singleLine }: { readonly singleLine: boolean }): string {
  let out = "";
  const open: RichTextMark[] = [];
  const closeTo = (depth: number) => {
    while (open.length > depth) out += closingOf(open.pop()!);
  };
  /** How many of the open marks the next text keeps open. */
  const sharedWith = (marks: WrittenMarks) => {
    let shared = 0;
    while (shared < open.length && shared < marks.nesting.length && sameMark(open[shared]!, marks.nesting[shared]!)) shared++;
    return shared;
  };
  nodes.forEach((node, index) => {
    if (node.type === "hard_break") {
      // Marks the next text does not share close before the break when that text starts the next
      // line with something visible; otherwise their closers are what keeps that line from being blank.
      const next = nodes[index + 1];
      if (next && /^[^\n]*[^ \t\n]/.test(writtenText(next))) closeTo(sharedWith(writtenMarks(next.marks)));
      out += singleLine ? " " : "\\\n";
      return;
    }
    const text = writtenText(node);
    if (text === "") return;
    const marks = writtenMarks(node.marks);
    const shared = sharedWith(marks);
    closeTo(shared);
    for (const mark of marks.nesting.slice(shared)) {
      out += openingOf(mark);
      open.push(mark);
    }
    const lineText = singleLine ? text.replace(/\n/g, " ") : text;
    out += marks.code ? codeSpan(lineText) : escapeText(lineText, !singleLine && (out === "" || out.endsWith("\n")));
  });
  closeTo(0);
  return out;
}

/** The text an inline node writes: a text's, an emoji's character; nothing for the rest. */
function writtenText(node: RichTextNode): string {
  return node.type === "text" ? (node.text ?? "") : node.type === "emoji" ? (stringAttr(node.attrs, "emoji") ?? "") : "";
}

function openingOf(mark: RichTextMark): string {
  return mark.type === "bold" ? "**" : mark.type === "italic" ? "_" : "[";
}

function closingOf(mark: RichTextMark): string {
  if (mark.type !== "link") return openingOf(mark);
  const { destination, title } = linkDestinationOf(mark.attrs);
  return `](${destinationMarkdown(destination)}${title === undefined ? "" : ` "${title.replace(/[\\"]/g, "\\$&")}"`})`;
}

/** Raw when it can be; in `<…>` when it has spaces or control characters, or is empty (a title would read as it). */
function destinationMarkdown(destination: string): string {
  return destination === "" || /[\s\u0000-\u001f\u007f]/.test(destination) ? `<${destination.replace(/[\\<>]/g, "\\$&")}>` : destination.replace(/[\\()<>]/g, "\\$&");
}

/** Text with the characters that would read as syntax escaped, each line's start included. */
function escapeText(text: string, startsLine: boolean): string {
  return text
    .split("\n")
    .map((line, index) => escapeLineStart(line.replace(/[\\*_`[\]]/g, "\\$&"), index > 0 || startsLine))
    .join("\n");
}

function escapeLineStart(line: string, atLineStart: boolean): string {
  if (!atLineStart) return line;
  if (/^[-+>]/.test(line) || /^#{1,6}(?: |$)/.test(line)) return `\\${line}`;
  const ordered = /^\d+(?=\.(?: |$))/.exec(line);
  return ordered ? `${ordered[0]}\\${line.slice(ordered[0].length)}` : line;
}

/** A code span: a fence of a length no backtick run inside has, padded when a space would be lost. */
function codeSpan(text: string): string {
  const runs = new Set((text.match(/`+/g) ?? []).map((run) => run.length));
  let length = 1;
  while (runs.has(length)) length++;
  const fence = "`".repeat(length);
  const padded = text.startsWith("`") || text.endsWith("`") || (text.startsWith(" ") && text.endsWith(" ") && /[^ ]/.test(text));
  return padded ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

// ---------------------------------------------------------------------------------------------
// Link marks ↔ Markdown destinations

interface LinkDestination {
  readonly destination: string;
  readonly title: string | undefined;
}

function linkDestinationOf(attrs: RichTextMark["attrs"]): LinkDestination {
  const href = stringAttr(attrs, "href") ?? "";
  switch (stringAttr(attrs, "linktype")) {
    case "email":
      return { destination: `mailto:${href}`, title: undefined };
    case "story": {
      const anchor = stringAttr(attrs, "anchor");
      const uuid = stringAttr(attrs, "uuid");
      return { destination: anchor ? `${href}#${anchor}` : href, title: uuid ? `story:${uuid}` : "story" };
    }
    default:
      return { destination: href, title: undefined };
  }
}

/** The link mark a Markdown link stands for, in the attrs shape the content's links have. */
function linkMarkOf({ destination, title }: LinkDestination): RichTextMark {
  const linkMark = (href: string, uuid: string | null, anchor: string | null, target: string | null, linktype: string) => ({
    type: "link",
    attrs: { href, uuid, anchor, target, linktype },
  });
  if (/^mailto:/i.test(destination)) return linkMark(destination.slice("mailto:".length), null, null, null, "email");
  const story = title === undefined ? null : STORY_TITLE.exec(title);
  if (story) {
    const hash = destination.indexOf("#");
    const href = hash === -1 ? destination : destination.slice(0, hash);
    const anchor = hash === -1 ? "" : destination.slice(hash + 1);
    return linkMark(href, story[1] ?? null, anchor || null, "_self", "story");
  }
  return linkMark(destination, null, null, OTHER_SITE.test(destination) ? "_blank" : null, "url");
}

// ---------------------------------------------------------------------------------------------
// Markdown → rich text

/** The Markdown subset as a rich-text document, in normal form. Any text is read; none is refused. */
export function markdownToRichText(text: string): RichText {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  return normalizeRichText({ type: "doc", content: parseBlocks(lines) });
}

/** The block a line starts, if any; an item carries its marker and the text after it. */
type BlockStart =
  | { readonly kind: "rule" | "heading" | "quote" }
  | { readonly kind: "item"; readonly list: "bullet_list" | "ordered_list"; readonly marker: string; readonly number: number; readonly width: number; readonly rest: string };

function blockStartOf(line: string): BlockStart | undefined {
  if (HORIZONTAL_RULE.test(line)) return { kind: "rule" };
  if (HEADING.test(line)) return { kind: "heading" };
  if (line.startsWith(">")) return { kind: "quote" };
  const bullet = BULLET_ITEM.exec(line);
  if (bullet) return { kind: "item", list: "bullet_list", marker: bullet[1]!, number: 0, width: 2, rest: bullet[2] ?? "" };
  const ordered = ORDERED_ITEM.exec(line);
  if (ordered) return { kind: "item", list: "ordered_list", marker: ".", number: Number(ordered[1]), width: ordered[1]!.length + 2, rest: ordered[2] ?? "" };
  return undefined;
}

function parseBlocks(lines: readonly string[]): RichTextNode[] {
  const blocks: RichTextNode[] = [];
  let index = 0;
  /** The lines after `index` that go on the current block: not blank, and starting no block. */
  const takeContinuation = (strip: (line: string) => string): string[] => {
    const taken: string[] = [];
    while (index < lines.length && !BLANK_LINE.test(lines[index]!) && !blockStartOf(lines[index]!)) taken.push(strip(lines[index++]!));
    return taken;
  };
  while (index < lines.length) {
    const line = lines[index]!;
    if (BLANK_LINE.test(line)) {
      index++;
      continue;
    }
    const start = blockStartOf(line);
    if (start?.kind === "rule") {
      blocks.push({ type: "horizontal_rule" });
      index++;
    } else if (start?.kind === "heading") {
      const [, hashes = "#", rest = ""] = HEADING.exec(line) ?? [];
      const { text, alignment } = alignmentOf(rest);
      blocks.push({ type: "heading", attrs: { level: hashes.length, ...(alignment ? { textAlign: alignment } : {}) }, content: parseInline(text) });
      index++;
    } else if (start?.kind === "quote") {
      const quoted: string[] = [];
      while (index < lines.length && lines[index]!.startsWith(">")) quoted.push(lines[index++]!.replace(/^> ?/, ""));
      blocks.push({ type: "blockquote", content: parseBlocks(quoted) });
    } else if (start?.kind === "item") {
      const items: RichTextNode[] = [];
      let item: BlockStart | undefined = start;
      while (item?.kind === "item" && item.list === start.list && item.marker === start.marker) {
        index++;
        const width = item.width;
        const itemLines = [item.rest, ...takeContinuation((next) => next.replace(new RegExp(`^ {0,${width}}`), ""))];
        items.push({ type: "list_item", content: [{ type: "paragraph", content: parseInline(itemLines.join("\n")) }] });
        item = index < lines.length ? blockStartOf(lines[index]!) : undefined;
      }
      blocks.push(start.list === "ordered_list" ? { type: "ordered_list", attrs: { order: start.number }, content: items } : { type: "bullet_list", content: items });
    } else {
      index++;
      const { text, alignment } = alignmentOf([line, ...takeContinuation((next) => next)].join("\n"));
      blocks.push({ type: "paragraph", ...(alignment ? { attrs: { textAlign: alignment } } : {}), content: parseInline(text) });
    }
  }
  return blocks;
}

/** A block's text without its alignment suffix, and that alignment. */
function alignmentOf(source: string): { readonly text: string; readonly alignment: TextAlignment | undefined } {
  const suffix = ALIGNMENT_SUFFIX.exec(source);
  return suffix ? { text: source.slice(0, suffix.index), alignment: suffix[1] as TextAlignment } : { text: source, alignment: undefined };
}

/** An open delimiter while reading a line of text: its content so far. */
interface Frame {
  readonly opener: "" | "**" | "_" | "[";
  readonly nodes: RichTextNode[];
  /** A bracket before a link that formed: a link holds no link, so it stays text. */
  inactive?: boolean;
}

/**
 * Inline Markdown as text and hard_break nodes. Each opener waits for its closer; an opener never
 * closed, and an emphasis or link with no text, stays text. Emphasis inside a link's brackets does
 * not close emphasis outside them. Code spans bind tightest, then escapes.
 */
function parseInline(source: string): RichTextNode[] {
  const frames: Frame[] = [{ opener: "", nodes: [] }];
  const top = () => frames[frames.length - 1]!;
  const pushText = (text: string) => {
    if (text !== "") top().nodes.push({ type: "text", text });
  };
  /** The top frame was never closed: its opener is text, its content goes on the frame below. */
  const flattenTop = () => {
    const frame = frames.pop()!;
    pushText(frame.opener);
    top().nodes.push(...frame.nodes);
  };
  const toggleEmphasis = (delimiter: "**" | "_") => {
    let depth = frames.length - 1;
    while (depth > 0 && frames[depth]!.opener !== delimiter && frames[depth]!.opener !== "[") depth--;
    if (depth === 0 || frames[depth]!.opener !== delimiter) {
      frames.push({ opener: delimiter, nodes: [] });
      return;
    }
    while (frames.length - 1 > depth) flattenTop();
    const frame = frames.pop()!;
    if (frame.nodes.some((node) => node.type === "text")) top().nodes.push(...withMark(frame.nodes, { type: delimiter === "**" ? "bold" : "italic" }));
    else top().nodes.push({ type: "text", text: delimiter }, ...frame.nodes, { type: "text", text: delimiter });
  };
  /** At a `]`: a link when a bracket is open and a destination follows. Returns where to read on. */
  const closeBracket = (at: number): number => {
    let depth = frames.length - 1;
    while (depth > 0 && frames[depth]!.opener !== "[") depth--;
    const target = depth > 0 && !frames[depth]!.inactive ? linkTargetAt(source, at + 1) : undefined;
    if (target) {
      while (frames.length - 1 > depth) flattenTop();
      if (top().nodes.some((node) => node.type === "text")) {
        const frame = frames.pop()!;
        top().nodes.push(...withMark(frame.nodes, linkMarkOf(target)));
        for (const outer of frames) if (outer.opener === "[") outer.inactive = true;
        return target.end;
      }
    }
    if (depth > 0) {
      // Not a link: the bracket is text, and what opened inside it may still close after it.
      const [bracket] = frames.splice(depth, 1);
      frames[depth - 1]!.nodes.push({ type: "text", text: "[" }, ...bracket!.nodes);
    }
    pushText("]");
    return at + 1;
  };

  let at = 0;
  const special = /[\\`*_[\]]/g;
  while (at < source.length) {
    special.lastIndex = at;
    const found = special.exec(source);
    const next = found ? found.index : source.length;
    pushText(source.slice(at, next));
    at = next;
    if (!found) break;
    const char = found[0];
    if (char === "\\") {
      const escaped = source[at + 1];
      if (escaped === "\n") top().nodes.push(HARD_BREAK);
      else if (escaped !== undefined && ASCII_PUNCTUATION.test(escaped)) pushText(escaped);
      else {
        pushText("\\");
        at += 1;
        continue;
      }
      at += 2;
    } else if (char === "`") {
      const fence = /^`+/.exec(source.slice(at))![0].length;
      const close = closingFenceAt(source, at + fence, fence);
      if (close === -1) pushText("`".repeat(fence));
      else top().nodes.push({ type: "text", text: codeText(source.slice(at + fence, close)), marks: [{ type: "code" }] });
      at = close === -1 ? at + fence : close + fence;
    } else if (char === "*") {
      if (source.startsWith("**", at)) toggleEmphasis("**");
      else pushText("*");
      at += source.startsWith("**", at) ? 2 : 1;
    } else if (char === "_") {
      toggleEmphasis("_");
      at += 1;
    } else if (char === "[") {
      frames.push({ opener: "[", nodes: [] });
      at += 1;
    } else {
      at = closeBracket(at);
    }
  }
  while (frames.length > 1) flattenTop();
  return frames[0]!.nodes;
}

/** The nodes with a mark added outside their own; a text that has the mark already keeps its own. */
function withMark(nodes: readonly RichTextNode[], mark: RichTextMark): RichTextNode[] {
  return nodes.map((node) =>
    node.type !== "text" || (node.marks ?? []).some((own) => own.type === mark.type) ? node : { ...node, marks: [mark, ...(node.marks ?? [])] },
  );
}

/** Where the next run of exactly `length` backticks starts, or -1. */
function closingFenceAt(source: string, from: number, length: number): number {
  const runs = /`+/g;
  runs.lastIndex = from;
  for (let run = runs.exec(source); run; run = runs.exec(source)) if (run[0].length === length) return run.index;
  return -1;
}

/** A code span's text: line breaks read as spaces, one space of padding on each side removed. */
function codeText(raw: string): string {
  const text = raw.replace(/\n/g, " ");
  return text.length > 1 && text.startsWith(" ") && text.endsWith(" ") && /[^ ]/.test(text) ? text.slice(1, -1) : text;
}

/** `(destination "title")` right after a link's `]`, or undefined when there is none. */
function linkTargetAt(source: string, start: number): (LinkDestination & { readonly end: number }) | undefined {
  if (source[start] !== "(") return undefined;
  const skipSpaces = (from: number) => {
    let at = from;
    while (source[at] === " " || source[at] === "\t") at++;
    return at;
  };
  /** A backslash before ASCII punctuation is that character. */
  const escapedAt = (at: number) => source[at] === "\\" && ASCII_PUNCTUATION.test(source[at + 1] ?? "");
  let at = skipSpaces(start + 1);
  let destination = "";
  if (source[at] === "<") {
    for (at++; at < source.length && source[at] !== ">"; at++) {
      if (source[at] === "\n" || source[at] === "<") return undefined;
      if (escapedAt(at)) at++;
      destination += source[at];
    }
    if (source[at] !== ">") return undefined;
    at++;
  } else {
    let parentheses = 0;
    for (; at < source.length; at++) {
      const char = source[at]!;
      if (escapedAt(at)) {
        destination += source[++at];
        continue;
      }
      if (char <= " " || char === "\u007f") break;
      if (char === ")" && parentheses === 0) break;
      if (char === "(") parentheses++;
      if (char === ")") parentheses--;
      destination += char;
    }
    if (parentheses !== 0) return undefined;
  }
  const afterDestination = at;
  at = skipSpaces(at);
  let title: string | undefined;
  const quote = source[at];
  if (at > afterDestination && (quote === '"' || quote === "'")) {
    title = "";
    for (at++; at < source.length && source[at] !== quote; at++) {
      if (escapedAt(at)) at++;
      title += source[at];
    }
    if (source[at] !== quote) return undefined;
    at = skipSpaces(at + 1);
  }
  return source[at] === ")" ? { destination, title, end: at + 1 } : undefined;
}

// ---------------------------------------------------------------------------------------------
// Normal form and what the subset holds

/**
 * The document in the normal form a Markdown round trip gives back (see the top of this file):
 * only merges and drops what shows nothing; everything else, representable or not, is kept.
 */
export function normalizeRichText(doc: RichText): RichText {
  return normalizeNode(doc, undefined);
}

function normalizeNode(node: RichTextNode, parentType: string | undefined): RichTextNode {
  let normal: RichTextNode = node.marks && node.marks.length === 0 ? without(node, "marks") : node;
  if ((node.type === "paragraph" || node.type === "heading") && node.attrs && "textAlign" in node.attrs && node.attrs.textAlign === null) {
    const { textAlign: _none, ...attrs } = node.attrs;
    normal = node.type === "paragraph" && Object.keys(attrs).length === 0 ? without(normal, "attrs") : { ...normal, attrs };
  }
  if (node.content) {
    const content = normalizeChildren(node.content, node.type);
    normal = content.length > 0 || node.type === "doc" ? { ...normal, content } : without(normal, "content");
  } else if (node.type === "doc" && parentType === undefined) {
    normal = { ...normal, content: [] };
  }
  return normal;
}

function normalizeChildren(nodes: readonly RichTextNode[], parentType: string): RichTextNode[] {
  const children: RichTextNode[] = [];
  for (const child of nodes) {
    const node = normalizeNode(child, parentType);
    if (node.type === "text" && node.text === "") continue;
    const isBlockParent = parentType === "doc" || parentType === "blockquote";
    if (isBlockParent && node.type === "paragraph" && !node.content && hasOnlyKeys(node, ["type"])) continue;
    const previous = children[children.length - 1];
    if (previous && isPlainText(previous) && isPlainText(node) && sameMarks(previous.marks, node.marks)) {
      children[children.length - 1] = { ...previous, text: `${previous.text}${node.text}` };
      continue;
    }
    children.push(node);
  }
  return children;
}

function isPlainText(node: RichTextNode): boolean {
  return node.type === "text" && typeof node.text === "string" && hasOnlyKeys(node, ["type", "text", "marks"]);
}

/**
 * Whether the subset holds the whole document, so that `markdownToRichText(richTextToMarkdown(doc))`
 * is `normalizeRichText(doc)`. False when it has a node, mark or attribute the subset would lose
 * (a table, an underline, a link with other attrs…), or text a line of Markdown cannot carry (a
 * blank line inside a paragraph, a line break in a heading): the editor warns instead of dropping it.
 */
export function isMarkdownRepresentable(doc: RichText): boolean {
  if (doc.type !== "doc" || !hasOnlyKeys(doc, ["type", "content"])) return false;
  const normal = normalizeRichText(doc);
  return areBlocksRepresentable(normal.content ?? []);
}

function areBlocksRepresentable(blocks: readonly RichTextNode[]): boolean {
  return blocks.every(isBlockRepresentable);
}

function isBlockRepresentable(node: RichTextNode): boolean {
  switch (node.type) {
    case "paragraph":
      return hasOnlyKeys(node, ["type", "attrs", "content"]) && isAlignmentRepresentable(node, []) && isInlineRepresentable(node.content ?? [], "paragraph");
    case "heading":
      return hasOnlyKeys(node, ["type", "attrs", "content"]) && isAlignmentRepresentable(node, ["level"]) && headingLevelOf(node) !== undefined && isInlineRepresentable(node.content ?? [], "heading");
    case "bullet_list":
      return hasOnlyKeys(node, ["type", "content"]) && areItemsRepresentable(node.content ?? []);
    case "ordered_list": {
      const order = listOrderOf(node);
      const items = node.content ?? [];
      return hasOnlyKeys(node, ["type", "attrs", "content"]) && hasOnlyKeys(node.attrs ?? {}, ["order"]) && order !== undefined && order + items.length <= 1_000_000_000 && areItemsRepresentable(items);
    }
    case "blockquote":
      return hasOnlyKeys(node, ["type", "content"]) && areBlocksRepresentable(node.content ?? []);
    case "horizontal_rule":
      return hasOnlyKeys(node, ["type"]);
    default:
      return false;
  }
}

/** Whether a block's attrs are `others` and an alignment the subset writes (none, or one it knows). */
function isAlignmentRepresentable(node: RichTextNode, others: readonly string[]): boolean {
  const attrs = node.attrs ?? {};
  return hasOnlyKeys(attrs, [...others, "textAlign"]) && (attrs.textAlign === undefined || textAlignOf(attrs) !== undefined);
}

/** A list of items that are each one paragraph (the subset has no nested lists). */
function areItemsRepresentable(items: readonly RichTextNode[]): boolean {
  return (
    items.length > 0 &&
    items.every((item) => {
      const [paragraph, ...others] = item.content ?? [];
      return (
        item.type === "list_item" &&
        hasOnlyKeys(item, ["type", "content"]) &&
        paragraph?.type === "paragraph" &&
        others.length === 0 &&
        hasOnlyKeys(paragraph, ["type", "content"]) &&
        isInlineRepresentable(paragraph.content ?? [], "list item")
      );
    })
  );
}

function isInlineRepresentable(nodes: readonly RichTextNode[], container: "paragraph" | "heading" | "list item"): boolean {
  const singleLine = container === "heading";
  const nodesFit = nodes.every((node) => {
    if (node.type === "hard_break") return !singleLine && hasOnlyKeys(node, ["type"]);
    if (node.type !== "text" || typeof node.text !== "string" || !hasOnlyKeys(node, ["type", "text", "marks"])) return false;
    if (node.text.includes("\r") || (singleLine && node.text.includes("\n"))) return false;
    return areMarksRepresentable(node.marks ?? [], node.text);
  });
  if (!nodesFit || singleLine) return nodesFit;
  // A line of a paragraph that would be blank ends it; an item's first line has its marker.
  const lines = inlineMarkdown(nodes, { singleLine }).split("\n");
  return lines.every((line, index) => !BLANK_LINE.test(line) || (container === "list item" && index === 0));
}

function areMarksRepresentable(marks: readonly RichTextMark[], text: string): boolean {
  const types = marks.map((mark) => mark.type);
  if (new Set(types).size !== types.length) return false;
  const code = types.indexOf("code");
  if (code !== -1 && (code !== types.length - 1 || text.includes("\n"))) return false;
  return marks.every((mark) => {
    if (mark.type === "bold" || mark.type === "italic" || mark.type === "code") return hasOnlyKeys(mark, ["type"]);
    if (mark.type !== "link" || !hasOnlyKeys(mark, ["type", "attrs"]) || !mark.attrs) return false;
    // A link fits when writing it and reading it back gives the same attrs.
    const destination = linkDestinationOf(mark.attrs);
    return !destination.destination.includes("\n") && sameMark(linkMarkOf(destination), mark);
  });
}

// ---------------------------------------------------------------------------------------------
// Helpers

function headingLevelOf(node: RichTextNode): number | undefined {
  const level = node.attrs?.level;
  return typeof level === "number" && Number.isInteger(level) && level >= 1 && level <= 6 ? level : undefined;
}

function listOrderOf(node: RichTextNode): number | undefined {
  const order = node.attrs?.order;
  return typeof order === "number" && Number.isInteger(order) && order >= 0 ? order : undefined;
}

function stringAttr(attrs: { readonly [key: string]: unknown } | undefined, key: string): string | undefined {
  const value = attrs?.[key];
  return typeof value === "string" ? value : undefined;
}

/** Whether every key the value has (with a value) is one of these. */
function hasOnlyKeys(value: object, keys: readonly string[]): boolean {
  return Object.entries(value).every(([key, entry]) => entry === undefined || keys.includes(key));
}

function without(node: RichTextNode, key: "marks" | "content" | "attrs"): RichTextNode {
  const copy = { ...node };
  delete copy[key];
  return copy;
}

function sameMarks(a: readonly RichTextMark[] | undefined, b: readonly RichTextMark[] | undefined): boolean {
  const left = a ?? [];
  const right = b ?? [];
  return left.length === right.length && left.every((mark, index) => sameMark(mark, right[index]!));
}

function sameMark(a: RichTextMark, b: RichTextMark): boolean {
  return a.type === b.type && sameJson(a.attrs, b.attrs);
}

/** Deep equality of JSON values, whatever the order of their keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const left = Object.entries(a).filter(([, value]) => value !== undefined);
  const right = new Map(Object.entries(b).filter(([, value]) => value !== undefined));
  return left.length === right.size && left.every(([key, value]) => right.has(key) && sameJson(value, right.get(key)));
}
