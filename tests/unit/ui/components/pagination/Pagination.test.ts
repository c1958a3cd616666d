import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { Pagination, pageWindow } from "../../../../../ui/components/pagination/Pagination";
import { renderHtml } from "../../support/render";

describe("Pagination", () => {
  it("shows the first, the last and the current page's neighbours", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([1, "gap", 4, 5, 6, "gap", 10]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, "gap", 10]);
  });

  it("is a labelled nav of plain links with the current page marked", () => {
    const html = renderHtml(createElement(Pagination, { page: 2, pageCount: 3, hrefFor: (page: number) => `/en/events/?page=${page}` }));
    expect(html).toMatch(/^<nav class="[^"]*" aria-label="Pages">/);
    expect(html).toContain('href="/en/events/?page=2" aria-current="page" aria-label="Page 2"');
    expect(html).toMatch(/href="\/en\/events\/\?page=1" rel="prev">/);
    expect(html).toMatch(/href="\/en\/events\/\?page=3" rel="next">/);
  });

  it("renders nothing for a single page", () => {
    expect(renderHtml(createElement(Pagination, { page: 1, pageCount: 1, hrefFor: () => "/" }))).toBe("");
  });
});
