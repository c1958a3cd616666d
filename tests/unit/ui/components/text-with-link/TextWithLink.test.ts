import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { TextWithLink } from "../../../../../ui/components/text-with-link/TextWithLink";
import { renderHtml } from "../../support/render";

const POLICY = "I accept the <policy>privacy policy</policy>.";

describe("TextWithLink", () => {
  it("links the marked part of its text, in this tab", () => {
    expect(renderHtml(createElement(TextWithLink, { text: POLICY, tag: "policy", link: { href: "/en/privacy-policy/" } }))).toBe('I accept the <a href="/en/privacy-policy/">privacy policy</a>.');
  });

  it("says that a link opening a new tab does, in the page's language, as the site's other such links do (issue 49)", () => {
    const html = renderHtml(createElement(TextWithLink, { text: "Accepte la <policy>política de privacitat</policy>.", tag: "policy", link: { href: "/val/privacy-policy/", newTab: true } }), { locale: "val" });
    expect(html).toBe(
      'Accepte la <a href="/val/privacy-policy/" class="opens-new-tab" target="_blank" rel="noopener noreferrer">política de privacitat<span class="visually-hidden"> (s&#x27;obri en una pestanya nova)</span></a>.',
    );
  });

  it("shows a text without the mark whole", () => {
    expect(renderHtml(createElement(TextWithLink, { text: "I accept the privacy policy.", tag: "policy", link: { href: "/en/privacy-policy/" } }))).toBe("I accept the privacy policy.");
  });
});
