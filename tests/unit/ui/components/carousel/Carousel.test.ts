import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { Carousel } from "../../../../../ui/components/carousel/Carousel";
import { renderHtml } from "../../support/render";

describe("Carousel", () => {
  it("is a named carousel region of labelled slides with labelled previous/next buttons and a counter", () => {
    const slides = ["a", "b", "c"].map((key) => ({ key, content: createElement("p", null, key) }));
    const html = renderHtml(createElement(Carousel, { label: "Gallery", slides }));
    expect(html).toMatch(/<section class="[^"]*" aria-roledescription="carousel" aria-label="Gallery">/);
    expect(html.match(/role="group" aria-roledescription="slide" aria-label="Slide \d of 3"/g)).toHaveLength(3);
    expect(html).toContain('aria-label="Previous slide"');
    expect(html).toContain('aria-label="Next slide"');
    expect(html).toContain("Slide 1 of 3");
    // No autoplay unless asked: no pause button.
    expect(html).not.toContain("Pause the carousel");
  });

  it("offers a pause button when it plays by itself", () => {
    const slides = ["a", "b"].map((key) => ({ key, content: key }));
    expect(renderHtml(createElement(Carousel, { label: "Hero", slides, autoplay: 5000 }))).toContain("Pause the carousel");
  });
});
