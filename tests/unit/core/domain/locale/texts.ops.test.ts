import { describe, expect, it } from "vitest";
import { fillPlaceholders, messageKeys, resolveTexts } from "../../../../../core";

describe("messageKeys", () => {
  it("names every text by its full key", () => {
    expect(messageKeys({ nav: { home: "Inici", events: "Esdeveniments" }, app: { name: "Arena" } })).toEqual(["nav.home", "nav.events", "app.name"]);
  });
});

describe("resolveTexts", () => {
  it("takes a text the language lacks from the fallback language", () => {
    expect(resolveTexts({ nav: { home: "Inici" } }, { nav: { home: "Inicio", events: "Eventos" } })).toEqual({ "nav.home": "Inici", "nav.events": "Eventos" });
  });
});

describe("fillPlaceholders", () => {
  it("fills each placeholder, spaces inside the braces allowed, and leaves one without a value", () => {
    expect(fillPlaceholders("{{count}} of {{ total }} for {{name}}", { count: 2, total: "5" })).toBe("2 of 5 for {{name}}");
  });

  it("fills nothing for undefined and null, and never reads a value's $ patterns", () => {
    expect(fillPlaceholders("[{{a}}][{{b}}][{{c}}]", { a: undefined, b: null, c: "$&$1" })).toBe("[][][$&$1]");
  });

  it("gives the text as it is without values", () => {
    expect(fillPlaceholders("Hola, {{name}}", undefined)).toBe("Hola, {{name}}");
  });
});
