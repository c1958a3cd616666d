import { describe, expect, it } from "vitest";
import { DEFAULT_LANGUAGE, isFilledTranslation, localizeContent } from "../../../../../core";

const doc = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

describe("localizeContent", () => {
  const content = {
    _uid: "p",
    component: "page",
    title: "Hola",
    title__i18n__en: "Hello",
    title__i18n__val: "Hola!",
    body: [
      { _uid: "b1", component: "text_component", title: "Uno", title__i18n__en: "One", text: doc("texto"), text__i18n__en: doc("text") },
      { _uid: "b2", component: "grid_layout", items: [{ _uid: "c", component: "card", text: "Tarjeta", text__i18n__val: "Targeta" }] },
    ],
  };

  it("keeps the default language's fields and drops every translation", () => {
    expect(localizeContent(content, DEFAULT_LANGUAGE)).toEqual({
      _uid: "p",
      component: "page",
      title: "Hola",
      body: [
        { _uid: "b1", component: "text_component", title: "Uno", text: doc("texto") },
        { _uid: "b2", component: "grid_layout", items: [{ _uid: "c", component: "card", text: "Tarjeta" }] },
      ],
    });
  });

  it("replaces each field by its translation, at any depth", () => {
    expect(localizeContent(content, "en")).toEqual({
      _uid: "p",
      component: "page",
      title: "Hello",
      body: [
        { _uid: "b1", component: "text_component", title: "One", text: doc("text") },
        { _uid: "b2", component: "grid_layout", items: [{ _uid: "c", component: "card", text: "Tarjeta" }] },
      ],
    });
    const val = localizeContent(content, "val");
    expect(val.title).toBe("Hola!");
    expect(val.body[1]).toEqual({ _uid: "b2", component: "grid_layout", items: [{ _uid: "c", component: "card", text: "Targeta" }] });
  });

  it("falls back to the default where the translation is empty", () => {
    const empty = {
      a: "A", a__i18n__en: "",
      b: "B", b__i18n__en: null,
      c: ["x"], c__i18n__en: [],
      d: doc("D"), d__i18n__en: { type: "doc", content: [{ type: "paragraph" }] },
      e: { fieldtype: "asset", filename: "/a/f/1/1x1/h/e.jpg" }, e__i18n__en: { fieldtype: "asset", filename: "" },
      f: { fieldtype: "multilink", linktype: "url", url: "https://x.example" }, f__i18n__en: { fieldtype: "multilink", linktype: "url", url: "" },
    };
    expect(localizeContent(empty, "en")).toEqual({ a: "A", b: "B", c: ["x"], d: doc("D"), e: empty.e, f: empty.f });
  });

  it("keeps a translation whose default field is missing, and leaves other languages out", () => {
    expect(localizeContent({ only__i18n__en: "Only", only__i18n__val: "Només" }, "en")).toEqual({ only: "Only" });
    expect(localizeContent({ only__i18n__en: "Only" }, "val")).toEqual({});
  });

  it("does not change its input, and passes scalars through", () => {
    const input = { title: "Hola", title__i18n__en: "Hello" };
    localizeContent(input, "en");
    expect(input).toEqual({ title: "Hola", title__i18n__en: "Hello" });
    expect(localizeContent("text", "en")).toBe("text");
    expect(localizeContent(null, "en")).toBeNull();
  });
});

describe("isFilledTranslation", () => {
  it("counts text, numbers, booleans and filled fields", () => {
    for (const value of ["x", 0, false, ["a"], doc("y"), { fieldtype: "asset", filename: "/a.jpg" }, { fieldtype: "multilink", linktype: "story", id: "u" }, { any: 1 }]) {
      expect(isFilledTranslation(value), JSON.stringify(value)).toBe(true);
    }
  });
});
