// Pointy-top hex geometry in axial coordinates (q, r).

export const SIZE = 32; // centre to corner, in SVG units

export function centre(q: number, r: number): [number, number] {
  return [SIZE * Math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r];
}

/** The six corners of a hex, as an SVG `points` string, shrunk by `inset`. */
export function corners(q: number, r: number, inset = 0): string {
  const [x, y] = centre(q, r);
  const s = SIZE - inset;
  const pts: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${(x + s * Math.cos(a)).toFixed(1)},${(y + s * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

/** The viewBox enclosing every hex of the given coordinates. */
export function viewBox(coords: { q: number; r: number }[]): string {
  const xs = coords.map((c) => centre(c.q, c.r)[0]);
  const ys = coords.map((c) => centre(c.q, c.r)[1]);
  const pad = SIZE + 4;
  const x0 = Math.min(...xs) - pad;
  const y0 = Math.min(...ys) - pad;
  return `${x0.toFixed(0)} ${y0.toFixed(0)} ${(Math.max(...xs) - x0 + pad).toFixed(0)} ${(Math.max(...ys) - y0 + pad).toFixed(0)}`;
}
