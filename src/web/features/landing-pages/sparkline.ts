/**
 * The points of a sparkline of `values` (oldest first) in a `width` × `height` box, as an SVG
 * polyline's `points`: evenly spaced, the highest value at the top, zero on the bottom edge (an
 * all-zero series is a flat line along it). `inset` keeps the stroke inside the box.
 */
export function sparklinePoints(values: readonly number[], width: number, height: number, inset = 1): string {
  if (values.length === 0) return '';
  const max = Math.max(...values, 0);
  const step = values.length > 1 ? (width - 2 * inset) / (values.length - 1) : 0;
  const round = (n: number) => Math.round(n * 100) / 100;
  return values
    .map((value, i) => {
      const x = values.length > 1 ? inset + i * step : width / 2;
      const y = height - inset - (max > 0 ? (value / max) * (height - 2 * inset) : 0);
      return `${round(x)},${round(y)}`;
    })
    .join(' ');
}
