// A QR code drawn as SVG (uqr encodes; nothing is fetched, and no data: URL, which the Content-Security-Policy
// refuses for images). Dark on light in both themes: that is what cameras read.
import { encode } from "uqr";

export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { data, size } = encode(text, { ecc: "M", border: 2 });
  const modules = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ""))).join("");
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} className={className} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={modules} fill="#000" />
    </svg>
  );
}
