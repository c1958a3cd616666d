import { useTranslation } from "../i18n/use-translation";

export interface TextWithLinkProps {
  /** A translated text with one `<tag>…</tag>` part, e.g. "I accept the <policy>privacy policy</policy>." */
  readonly text: string;
  readonly tag: string;
  /** `newTab`: opened in a new tab (a form's policy, so that what was typed stays), which the link says as the site's other such links do. */
  readonly link: { readonly href: string; readonly newTab?: boolean };
}

/**
 * A sentence with one link in it, cut where its text marks the link. react-i18next's Trans does
 * this and much more, at a size every page would pay for; a text without the mark is shown whole.
 */
export function TextWithLink({ text, tag, link }: TextWithLinkProps) {
  const { t } = useTranslation();
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  const start = text.indexOf(open);
  const end = text.indexOf(close, start + open.length);
  if (start < 0 || end < 0) return <>{text}</>;
  const newTab = link.newTab === true;
  return (
    <>
      {text.slice(0, start)}
      {/* Written out, not spread: see LineIcon in Icons.tsx. */}
      <a href={link.href} className={newTab ? "opens-new-tab" : undefined} target={newTab ? "_blank" : undefined} rel={newTab ? "noopener noreferrer" : undefined}>
        {text.slice(start + open.length, end)}
        {newTab ? <span className="visually-hidden"> {t("link.opensInNewTab")}</span> : null}
      </a>
      {text.slice(end + close.length)}
    </>
  );
}
