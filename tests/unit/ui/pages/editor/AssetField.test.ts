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
    createElement(StoryFormContext.Provider, { value: form }, createElement(AssetField, { id: "logos", multiple: true, value: filenames.map((filename) => ({ filename, alt: "" })), onChange: () => undefined })),
    { locale: "es" },
  );

describe("AssetField", () => {
  it("shows each picture's thumbnail from the image service, and an SVG or another host's picture as it is", () => {
    const html = field(["/a/f/1/1600x900/h/hero.jpg", "/a/f/1/320x96/h/logo.svg", "https://images.example.org/f/1/1600x900/h/hero.jpg"]);
    expect(html).toContain('src="/a/f/1/1600x900/h/hero.jpg/m/160x0"');
    expect(html).toContain('src="/a/f/1/320x96/h/logo.svg"');
    expect(html).toContain('src="https://images.example.org/f/1/1600x900/h/hero.jpg"');
  });
});
