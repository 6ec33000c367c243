import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { attachment } from './pdf-answer';

/**
 * Answers a CSV download (RFC 4180 quoting by csv-stringify, CRLF line ends, UTF-8 with a BOM so
 * spreadsheet programs read accents right). The rows are a page of a document, small enough to
 * build in memory.
 */
export function sendCsv(res: FastifyReply, filename: string, header: string[], rows: unknown[][]): void {
  // csv-stringify quotes a cell holding its record delimiter (CRLF) but not a lone CR or LF, which
  // every reader would still take for a new row: a customer's instructions can span lines
  const body = stringify([header, ...rows.map((row) => row.map(csvCell))], { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
  res.code(200);
  res.header('Content-Type', 'text/csv; charset=utf-8');
  res.header('Content-Disposition', attachment(filename));
  res.header('Cache-Control', 'no-store');
  res.send(Buffer.concat([Buffer.from('\ufeff', 'utf8'), Buffer.from(body, 'utf8')]));
}

function csvCell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return inertText(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** What a spreadsheet program reads as the start of a formula (with the full-width forms some read the same). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * Text a spreadsheet would run as a formula gets a leading apostrophe (OWASP's advice against
 * CSV injection): customers write the business names, addresses, phones and instructions that
 * reach an admin's spreadsheet, and `=HYPERLINK(...)` or `=cmd|...` there would run on the
 * admin's machine. Only text: numbers are written as numbers, so a negative figure stays one.
 */
export function inertText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
