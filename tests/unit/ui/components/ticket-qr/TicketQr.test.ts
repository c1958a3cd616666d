import { createElement } from "react";
import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import { TicketQr } from "../../../../../ui/components/ticket-qr/TicketQr";
import { renderHtml } from "../../support/render";

const render = (value: string) => renderHtml(createElement(TicketQr, { value, label: "QR code of ticket 7K3M9Q2X4ZRT" }), { locale: "en" });
const VALUE = "https://arena.test/en/tickets/check/?t=TA1.eyJ2IjoxfQ.c2lnbmF0dXJl";

/** The dark modules the SVG path draws, as "x,y" cells. */
function cellsOf(html: string): Set<string> {
  const d = /<path d="([^"]*)"/.exec(html)?.[1] ?? "";
  return new Set([...d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((match) => `${match[1]},${match[2]}`));
}

describe("TicketQr", () => {
  it("draws every dark module of the code, once, inside a four-module quiet zone, as an image with a name", () => {
    const html = render(VALUE);
    const { data, size } = encode(VALUE, { ecc: "M", border: 0 });
    const expected = new Set(data.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`${x + 4},${y + 4}`] : []))));
    expect(cellsOf(html)).toEqual(expected);
    expect(html).toContain(`viewBox="0 0 ${size + 8} ${size + 8}"`);
    expect(html).toMatch(/<svg role="img" aria-label="QR code of ticket 7K3M9Q2X4ZRT"/);
    expect(html.match(/<path /g)).toHaveLength(1);
  });

  it("draws another code for another ticket", () => {
    expect(cellsOf(render(VALUE))).not.toEqual(cellsOf(render(`${VALUE}x`)));
  });
});
