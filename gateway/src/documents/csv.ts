import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { attachment } from './pdf-document';

/**
 * Answers a CSV download (RFC 4180 quoting by csv-stringify, CRLF line ends, UTF-8 with a BOM so
 * spreadsheet programs read accents right). The rows are a page of a document, small enough to
 * build in memory.
 */
export function sendCsv(res: FastifyReply, filename: string, header: string[], rows: unknown[][]): void {
  const body = stringify([header, ...rows.map((row) => row.map(csvCell))], { record_delimiter: 'windows' });
  res.code(200);
  res.header('Content-Type', 'text/csv; charset=utf-8');
  res.header('Content-Disposition', attachment(filename));
  res.header('Cache-Control', 'no-store');
  res.send(Buffer.concat([Buffer.from('\ufeff', 'utf8'), Buffer.from(body, 'utf8')]));
}

function csvCell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}
