import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, sourceFiles } from "./import-rules";

const CORE_FORMATTING = /\b(?:formatDate|formatNumber|formatPrice)\b/;
const PAGE_FORMATS = "ui/components/i18n/locale-formats.ts";

describe("dates, numbers and prices in ui/", () => {
  it(`are formatted through the page's formats (${PAGE_FORMATS}), which the browser hydrates with`, () => {
    const direct = sourceFiles("ui")
      .map((file) => relative(ROOT, file))
      .filter((file) => file !== PAGE_FORMATS && CORE_FORMATTING.test(readFileSync(`${ROOT}/${file}`, "utf8")));
    expect(direct).toEqual([]);
    expect(CORE_FORMATTING.test(readFileSync(`${ROOT}/${PAGE_FORMATS}`, "utf8"))).toBe(true);
  });
});
