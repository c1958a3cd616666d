import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { AssetField } from "../../../../../ui/pages/editor/AssetField";
import { StoryFormContext } from "../../../../../ui/pages/editor/story-form-context";
import { renderHtml } from "../../support/render";

const form: StoryFormContext = {
  components: [],
  stories: [],
  assets: [],
  language: "es",
  selectedBlock: undefined,
  selections: 0,
  fieldProblems: [],
  uploading: false,
  lastUpload: undefined,
  change: () => undefined,
  upload: () => undefined,
};

const field = (filenames: readonly string[]) =>
  renderHtml(
    createElement(StoryFormContext.Provider, { value: form }, createElement(AssetField, { id: "logos", labelledBy: "logos-label", multiple: true, value: filenames.map((filename) => ({ filename, alt: "" })), onChange: () => undefined })),
    { locale: "es" },
  );

describe("AssetField", () => {
  it("shows each picture's thumbnail from the image service, and an SVG or another host's picture as it is", () => {
    const html = field(["/a/f/1/1600x900/h/hero.jpg", "/a/f/1/320x96/h/logo.svg", "https://images.example.org/f/1/1600x900/h/hero.jpg"]);
    expect(html).toContain('src="/a/f/1/1600x900/h/hero.jpg/m/160x0"');
    expect(html).toContain('src="/a/f/1/320x96/h/logo.svg"');
    expect(html).toContain('src="https://images.example.org/f/1/1600x900/h/hero.jpg"');
  });

  it("is a group named by its field: a label can only name a single control", () => {
    expect(field([])).toMatch(/^<div [^>]*id="logos" role="group" aria-labelledby="logos-label"/);
  });
});

describe("AssetField in a translation", () => {
  const tent = { filename: "/a/f/1/1200x800/h/circus.jpg", alt: "Carpa de circo de rayas", fieldtype: "asset" };
  const render = (value: unknown, fallback: unknown) =>
    renderHtml(createElement(StoryFormContext.Provider, { value: { ...form, language: "en" } }, createElement(AssetField, { id: "image", labelledBy: "image-label", value, fallback, onChange: () => undefined })), { locale: "en" });

  it("shows the default language's picture while it has none of its own, its description as a placeholder to translate, and nothing to remove", () => {
    const html = render(undefined, tent);
    expect(html).toContain('src="/a/f/1/1200x800/h/circus.jpg/m/160x0"');
    expect(html).toContain('placeholder="Carpa de circo de rayas"');
    expect(html).toContain('value=""');
    expect(html).toContain("The same picture as in Español until you describe it here or choose another one.");
    expect(html).not.toContain("Remove image");
    expect(html).toContain("Change image");
  });

  it("shows its own picture and description once it has them, which can be removed to fall back again", () => {
    const html = render({ ...tent, alt: "Striped circus tent" }, tent);
    expect(html).toContain('value="Striped circus tent"');
    expect(html).not.toContain("placeholder=");
    expect(html).not.toContain("The same picture as in");
    expect(html).toContain("Remove image");
  });

  it("says there is no image when neither language has one", () => {
    const html = render(undefined, { filename: "", fieldtype: "asset" });
    expect(html).toContain("No image.");
    expect(html).not.toContain("The same picture as in");
  });
});
