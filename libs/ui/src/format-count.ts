const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Formats a count with comma grouping, e.g. 12345 → "12,345" (spec: numbers use comma grouping). */
export function formatCount(value: number): string {
  return Number.isFinite(value) ? countFormat.format(value) : '0';
}
