import { encode } from "uqr";

export interface TicketQrProps {
  /** What the code holds: the ticket's check URL with its signed token. */
  readonly value: string;
  /** The accessible name, e.g. "QR code of ticket 7K3M9Q2X4ZRT". */
  readonly label: string;
  /** Rendered width and height in CSS pixels. */
  readonly size?: number;
}

/** The quiet zone the QR standard asks for around the code, in modules. */
const QUIET_ZONE = 4;

/**
 * A ticket's QR code as one SVG path, dark on white whatever the site's theme (scanners need the
 * contrast). Error correction M (15 %): a cracked phone screen or a smudged print still scans, and
 * the code stays small enough for the few hundred characters a signed ticket carries.
 */
export function TicketQr({ value, label, size = 224 }: TicketQrProps) {
  const { data, size: modules } = encode(value, { ecc: "M", border: 0 });
  const span = modules + 2 * QUIET_ZONE;
  let path = "";
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
    });
  });
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${span} ${span}`} shapeRendering="crispEdges" xmlns="http://www.w3.org/2000/svg">
      <rect width={span} height={span} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
