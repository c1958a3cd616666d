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

  it("has no way back on the first page and none on from the last, each arrow on its step's side", () => {
    const first = renderHtml(createElement(Pagination, { page: 1, pageCount: 3, hrefFor: (page: number) => `/en/events/?page=${page}` }));
    expect(first).toMatch(/<span class="[^"]*disabled[^"]*" aria-disabled="true"><span aria-hidden="true">←<\/span><span class="[^"]*">Previous page<\/span><\/span>/);
    expect(first).toMatch(/<a class="[^"]*" href="\/en\/events\/\?page=2" rel="next"><span class="[^"]*">Next page<\/span><span aria-hidden="true">→<\/span><\/a>/);
    const last = renderHtml(createElement(Pagination, { page: 3, pageCount: 3, hrefFor: (page: number) => `/en/events/?page=${page}` }));
    expect(last).toMatch(/<span class="[^"]*disabled[^"]*" aria-disabled="true"><span class="[^"]*">Next page<\/span><span aria-hidden="true">→<\/span><\/span>/);
    expect(last).not.toContain('rel="next"');
  });

  it("renders nothing for a single page", () => {
    expect(renderHtml(createElement(Pagination, { page: 1, pageCount: 1, hrefFor: () => "/" }))).toBe("");
  });
});
