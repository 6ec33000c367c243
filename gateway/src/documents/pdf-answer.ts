import { AppError } from '@bakery/contracts';
import { type Paper, type PdfOptions, renderPdf } from '@bakery/documents';
import type { FastifyReply } from 'fastify';

/** `?paper=`: absent → A4, `letter` (any case) → Letter, `a4` → A4; anything else is a 400. */
export function paperOf(q: unknown): Paper {
  if (q === undefined || q === null || q === '') return 'A4';
  if (typeof q === 'string') {
    const value = q.toLowerCase();
    if (value === 'a4') return 'A4';
    if (value === 'letter') return 'LETTER';
  }
  throw AppError.validation({ paper: ['paper must be one of a4, letter'] });
}

/**
 * Renders a PDF (`renderPdf`, libs/documents) and sends it as the HTTP answer, a download named
 * `filename` (e.g. `bake-list-2026-12-02.pdf`). It is made in full before anything is sent, so an
 * error reaches the client as an ordinary error answer rather than a truncated file.
 */
export async function sendPdf(res: FastifyReply, opts: PdfOptions & { filename: string }, draw: (doc: PDFKit.PDFDocument) => void | Promise<void>): Promise<void> {
  await sendPdfBytes(res, opts.filename, await renderPdf(opts, draw));
}

/** A PDF made beforehand, as a download named `filename`. */
export async function sendPdfBytes(res: FastifyReply, filename: string, bytes: Buffer): Promise<void> {
  res.code(200);
  res.header('Content-Type', 'application/pdf');
  res.header('Content-Disposition', attachment(filename));
  res.header('Cache-Control', 'no-store');
  await res.send(bytes);
}

/** `attachment; filename="…"` with anything that could break the header replaced. */
export function attachment(filename: string): string {
  return `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
}
