/** Dates as the screens show them, and the YYYY-MM-DD strings the API takes. */

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar date of `at` as YYYY-MM-DD. */
export function toIsoDate(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** "2026-11-21" → "Nov 21, 2026" (a date-only value, never shifted by the time zone). */
export function formatIsoDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** A timestamp as the local date, "Nov 21, 2026". */
export function formatDate(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** The local calendar date of a timestamp as YYYY-MM-DD (for the date filters). */
export function localDateOf(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? '' : toIsoDate(date);
}
