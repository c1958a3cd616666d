export interface TextWithLinkProps {
  /** A translated text with one `<tag>…</tag>` part, e.g. "I accept the <policy>privacy policy</policy>." */
  readonly text: string;
  readonly tag: string;
  readonly link: { readonly href: string; readonly target?: string; readonly rel?: string };
}

/**
 * A sentence with one link in it, cut where its text marks the link. react-i18next's Trans does
 * this and much more, at a size every page would pay for; a text without the mark is shown whole.
 */
export function TextWithLink({ text, tag, link }: TextWithLinkProps) {
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  const start = text.indexOf(open);
  const end = text.indexOf(close, start + open.length);
  if (start < 0 || end < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, start)}
      {/* Written out, not spread: see LineIcon in Icons.tsx. */}
      <a href={link.href} target={link.target} rel={link.rel}>
        {text.slice(start + open.length, end)}
      </a>
      {text.slice(end + close.length)}
    </>
  );
}
