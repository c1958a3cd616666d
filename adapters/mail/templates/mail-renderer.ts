import { createInstance } from "i18next";
import { LOCALES, formatDate, formatNumber, type LocaleCode, type MailMessage, type MessageCatalog } from "../../../core";
import { escapeHtml } from "./escape-html";
import { mailContentOf, type MailFact } from "./mail-templates";

export interface RenderedMail {
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

export interface MailRenderer {
  /** The message in its recipient's language, as HTML and as plain text. */
  render(message: MailMessage): Promise<RenderedMail>;
}

/** A text missing in the recipient's language, or a link that is not http(s): the mail is not sent. */
export class MailTemplateError extends Error {
  override readonly name = "MailTemplateError";
}

/** Renders the template set with the texts of `catalog` (the `mail` keys of locales/*.json). */
export function createMailRenderer(catalog: MessageCatalog): MailRenderer {
  // No fallback language: a mail is wholly in the recipient's language or not sent (the i18n test
  // keeps every locale complete). Parameters are not escaped here: the HTML layout escapes every
  // text whole, the plain-text layout needs none.
  const i18n = createInstance();
  void i18n.init({ resources: {}, fallbackLng: false, initAsync: false, interpolation: { escapeValue: false }, returnNull: false });
  const loaded = new Map<LocaleCode, Promise<void>>();
  const load = (locale: LocaleCode) => {
    let loading = loaded.get(locale);
    if (!loading) {
      loading = catalog.load(locale).then((messages) => void i18n.addResourceBundle(locale, "translation", messages));
      loading.catch(() => loaded.delete(locale));
      loaded.set(locale, loading);
    }
    return loading;
  };

  return {
    async render(message) {
      await load(message.locale);
      // A fixed-language t: renders in different languages never share a current language.
      const t = i18n.getFixedT(message.locale);
      const say = (key: string, variables: Record<string, string> = {}): string => {
        if (!i18n.exists(key, { lng: message.locale })) throw new MailTemplateError(`No text "${key}" in locale ${message.locale}`);
        return t(key, variables);
      };
      const site = say("app.name");
      const content = mailContentOf(message.template, message.params);
      if (content.action) checkLink(content.action.link);
      if (message.unsubscribe) checkLink(message.unsubscribe.page);
      const words: MailWords = {
        lang: LOCALES[message.locale].language,
        site,
        address: say("footer.address"),
        subject: say(content.subject, { site }),
        heading: say(content.heading, { site }),
        paragraphs: content.paragraphs.map((key) => say(key, { site })),
        action: content.action && { label: say(content.action.label, { site }), link: content.action.link },
        linkFallback: say("mail.layout.linkFallback"),
        closing: content.closing.map((key) => say(key, { site })),
        facts: (content.facts ?? []).map((fact) => ({ label: say(fact.label), value: factValue(fact.value, message.locale, say) })),
        unsubscribe: message.unsubscribe && { label: say("mail.layout.unsubscribe"), link: message.unsubscribe.page },
        automated: say("mail.layout.automated"),
      };
      return { subject: words.subject, html: htmlLayout(words), text: textLayout(words) };
    },
  };
}

/** A fact's value in the mail's language; a moment on the venue's clock, as the site writes dates. */
function factValue(value: MailFact["value"], locale: LocaleCode, say: (key: string) => string): string {
  if ("key" in value) return say(value.key);
  if ("text" in value) return value.text;
  if ("file" in value) return `${value.file.name} (${fileSize(value.file.bytes, locale)})`;
  if ("day" in value) {
    // Noon UTC is the same day on the venue's clock.
    const day = new Date(`${value.day}T12:00:00Z`);
    return Number.isNaN(day.getTime()) ? value.day : formatDate(day, locale, { dateStyle: "long" });
  }
  const instant = new Date(value.instant);
  return Number.isNaN(instant.getTime()) ? value.instant : formatDate(instant, locale, { dateStyle: "long", timeStyle: "short" });
}

/** Under a megabyte in kilobytes, as the CV field says it, each unit as the language writes it. */
function fileSize(bytes: number, locale: LocaleCode): string {
  const megabyte = 1024 * 1024;
  return bytes < megabyte
    ? formatNumber(Math.max(1, Math.round(bytes / 1024)), locale, { style: "unit", unit: "kilobyte" })
    : formatNumber(bytes / megabyte, locale, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 });
}

/** A mail's texts in one language, ready to lay out. */
interface MailWords {
  readonly lang: string;
  readonly site: string;
  readonly address: string;
  readonly subject: string;
  readonly heading: string;
  readonly paragraphs: readonly string[];
  readonly action: { readonly label: string; readonly link: string } | undefined;
  readonly linkFallback: string;
  readonly closing: readonly string[];
  readonly facts: readonly { readonly label: string; readonly value: string }[];
  readonly unsubscribe: { readonly label: string; readonly link: string } | undefined;
  readonly automated: string;
}

function checkLink(link: string): void {
  let protocol: string | undefined;
  try {
    protocol = new URL(link).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol !== "https:" && protocol !== "http:") throw new MailTemplateError(`A mail link must be an http(s) URL: ${JSON.stringify(link)}`);
}

// The site's palette (ui/ styles): ink on white, the primary colour at 7.6:1.
const INK = "#14121c";
const MUTED = "#4a4658";
const PRIMARY = "#5b1fd1";
const BACKGROUND = "#f4f2f8";

// One column, text in reading order, no layout tables and no images: what screen readers and
// every mail client handle. Mail clients drop <style> blocks, so styles are inline.
function htmlLayout(words: MailWords): string {
  const e = escapeHtml;
  const paragraph = (text: string) => `<p style="margin:0 0 16px;">${e(text)}</p>`;
  const action = words.action
    ? [
        `<p style="margin:24px 0;"><a href="${e(words.action.link)}" style="display:inline-block;padding:12px 24px;border-radius:6px;background-color:${PRIMARY};color:#ffffff;font-weight:bold;text-decoration:none;">${e(words.action.label)}</a></p>`,
        `<p style="margin:0 0 8px;font-size:14px;">${e(words.linkFallback)}</p>`,
        `<p style="margin:0 0 16px;font-size:14px;word-break:break-all;"><a href="${e(words.action.link)}" style="color:${PRIMARY};">${e(words.action.link)}</a></p>`,
      ]
    : [];
  // A definition list: each label is read before its value, in any client.
  const facts = words.facts.length
    ? [
        '<dl style="margin:0 0 16px;">',
        ...words.facts.map(
          (fact) =>
            `<dt style="margin:12px 0 0;font-weight:bold;">${e(fact.label)}</dt><dd style="margin:0;white-space:pre-wrap;word-break:break-word;">${e(fact.value)}</dd>`,
        ),
        "</dl>",
      ]
    : [];
  return [
    "<!DOCTYPE html>",
    `<html lang="${e(words.lang)}" dir="ltr">`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light">',
    `<title>${e(words.subject)}</title>`,
    "</head>",
    `<body style="margin:0;padding:0;background-color:${BACKGROUND};color:${INK};font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;">`,
    `<div role="article" aria-label="${e(words.subject)}" style="max-width:600px;margin:0 auto;padding:24px 16px;">`,
    `<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:${PRIMARY};">${e(words.site)}</p>`,
    `<div style="padding:24px;border-radius:8px;background-color:#ffffff;">`,
    `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.25;color:${INK};">${e(words.heading)}</h1>`,
    ...words.paragraphs.map(paragraph),
    ...facts,
    ...action,
    ...words.closing.map(paragraph),
    "</div>",
    `<p style="margin:16px 0 0;font-size:13px;color:${MUTED};">${e(words.site)} · ${e(words.address)}<br>${e(words.automated)}</p>`,
    ...(words.unsubscribe
      ? [`<p style="margin:8px 0 0;font-size:13px;"><a href="${e(words.unsubscribe.link)}" style="color:${PRIMARY};">${e(words.unsubscribe.label)}</a></p>`]
      : []),
    "</div>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

function textLayout(words: MailWords): string {
  const blocks = [
    words.site,
    words.heading,
    ...words.paragraphs,
    ...words.facts.map((fact) => `${fact.label}:\n${fact.value}`),
    ...(words.action ? [`${words.action.label}:\n${words.action.link}`] : []),
    ...words.closing,
    `-- \n${words.site} · ${words.address}\n${words.automated}`,
    ...(words.unsubscribe ? [`${words.unsubscribe.label}:\n${words.unsubscribe.link}`] : []),
  ];
  return `${blocks.join("\n\n")}\n`;
}
