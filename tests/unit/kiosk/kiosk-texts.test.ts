import { describe, expect, it } from "vitest";
import { kiosk as en } from "../../../locales/en.json";
import { kiosk as es } from "../../../locales/es.json";
import { kiosk as val } from "../../../locales/val.json";
import { clockTime, kioskLocale, kioskTexts } from "../../../kiosk/kiosk-texts";

const keysOf = (node: object, prefix = ""): string[] =>
  Object.entries(node).flatMap(([key, value]) => (typeof value === "object" && value !== null ? keysOf(value as object, `${prefix}${key}.`) : [`${prefix}${key}`]));

function memoryStorage() {
  const kept = new Map<string, string>();
  return { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, value: string) => void kept.set(key, value) };
}

describe("the kiosk's texts", () => {
  it("has every kiosk text in Spanish, English and Valencian", () => {
    expect(keysOf(en).sort()).toEqual(keysOf(es).sort());
    expect(keysOf(val).sort()).toEqual(keysOf(es).sort());
  });

  it("takes the language asked in the address and keeps it, else the browser's, else Spanish", () => {
    const storage = memoryStorage();
    expect(kioskLocale("?lang=val", storage, ["en-US"])).toBe("val");
    expect(kioskLocale("", storage, ["en-US"])).toBe("val");
    expect(kioskLocale("?lang=xx", memoryStorage(), ["ca-ES", "en"])).toBe("val");
    expect(kioskLocale("", memoryStorage(), ["en-GB"])).toBe("en");
    expect(kioskLocale("", memoryStorage(), ["fr-FR"])).toBe("es");
  });

  it("fills in a text's values, and shows the key of a text it does not have", () => {
    expect(kioskTexts("val")("kiosk.refused.alreadyUsed", { gate: "Porta Nord", time: "19:42" })).toBe("Esta entrada ja es va usar en Porta Nord a les 19:42.");
    expect(kioskTexts("en")("kiosk.nothing.here")).toBe("kiosk.nothing.here");
  });

  it("writes times on each language's clock", () => {
    const at = new Date(2026, 11, 12, 19, 42).toISOString();
    expect(clockTime(at, "es")).toBe("19:42");
    expect(clockTime(at, "en")).toBe("7:42 PM");
  });
});
