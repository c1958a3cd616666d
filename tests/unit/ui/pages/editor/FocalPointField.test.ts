import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { FocalPointField } from "../../../../../ui/pages/editor/FocalPointField";
import { renderHtml } from "../../support/render";

const field = (filename: string, focus = "") => renderHtml(createElement(FocalPointField, { filename, focus, onChange: () => undefined }), { locale: "val" });

describe("FocalPointField", () => {
  it("previews the picture through the image service, with where its point is", () => {
    const html = field("/a/f/1/1600x900/h/hero.jpg", "1040x450:1041x451");
    expect(html).toContain("Punt focal: 65 % d&#x27;amplària, 50 % d&#x27;altura");
    expect(html).toContain('src="/a/f/1/1600x900/h/hero.jpg/m/320x0"');
    expect(html).toContain("object-position:65% 50%");
  });

  it("offers nothing for a picture the site never crops: an SVG, another host's", () => {
    expect(field("/a/f/1/320x96/h/logo.svg")).toBe("");
    expect(field("https://images.example.org/f/1/1600x900/h/hero.jpg")).toBe("");
  });
});
