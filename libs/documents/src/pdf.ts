import PDFDocument from 'pdfkit';

/** The paper sizes every document prints on. */
export type Paper = 'A4' | 'LETTER';

export interface PdfOptions {
  /** The first page's heading, also in every page's header and the document's metadata. */
  title: string;
  /** Printed at the top of every page. */
  bakeryName: string;
  paper: Paper;
}

const MARGIN = 50;
const BODY_FONT = 'Helvetica';
const BOLD_FONT = 'Helvetica-Bold';
const BODY_SIZE = 10;

/**
 * Makes a PDF: `draw` writes the body (from data fetched beforehand), then every page gets the
 * bakery's name and the title in its header and "Page n of m" in its footer. The document is made
 * in full (its pages are buffered for the footers anyway), so an error in `draw` or in the
 * rendering is an ordinary rejection rather than a truncated file. The gateway sends it as a
 * download; notifications attaches an invoice to its mail.
 */
export async function renderPdf(opts: PdfOptions, draw: (doc: PDFKit.PDFDocument) => void | Promise<void>): Promise<Buffer> {
  const doc = new PDFDocument({
    size: opts.paper,
    margin: MARGIN,
    bufferPages: true,
    info: { Title: opts.title, Author: opts.bakeryName, Creator: opts.bakeryName },
    displayTitle: true,
  });
  doc.font(BOLD_FONT).fontSize(16).text(opts.title);
  doc.moveDown(0.5);
  doc.font(BODY_FONT).fontSize(BODY_SIZE);
  await draw(doc);
  writeHeadersAndFooters(doc, opts);

  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.once('end', () => resolve(Buffer.concat(chunks)));
    doc.once('error', reject);
    doc.end();
  });
}

function writeHeadersAndFooters(doc: PDFKit.PDFDocument, opts: PdfOptions): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const { width, height, margins } = doc.page;
    const bottom = margins.bottom;
    // writing inside the bottom margin would otherwise make pdfkit start a new page
    margins.bottom = 0;
    const lineWidth = width - margins.left - margins.right;
    doc.font(BOLD_FONT).fontSize(9).fillColor('black');
    doc.text(opts.bakeryName, margins.left, MARGIN / 2, { width: lineWidth / 2, lineBreak: false, ellipsis: true });
    doc.font(BODY_FONT).fontSize(9);
    doc.text(opts.title, margins.left + lineWidth / 2, MARGIN / 2, { width: lineWidth / 2, align: 'right', lineBreak: false, ellipsis: true });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, margins.left, height - MARGIN / 2 - 9, {
      width: lineWidth,
      align: 'center',
      lineBreak: false,
    });
    margins.bottom = bottom;
  }
}

/** The width the body may use on the current page. */
export function contentWidth(doc: PDFKit.PDFDocument): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/** Starts a new page unless `height` more points fit above the bottom margin. */
export function ensureSpace(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/** A bold section heading (kept with at least `keepWith` points of what follows). */
export function heading(doc: PDFKit.PDFDocument, text: string, keepWith = 40): void {
  doc.font(BOLD_FONT).fontSize(12);
  ensureSpace(doc, doc.currentLineHeight(true) + keepWith);
  doc.text(text, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.font(BODY_FONT).fontSize(BODY_SIZE);
  doc.moveDown(0.3);
}

/** Plain body text across the page. */
export function paragraph(doc: PDFKit.PDFDocument, text: string): void {
  doc.font(BODY_FONT).fontSize(BODY_SIZE);
  doc.text(text, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
}

export interface TableColumn {
  header: string;
  /** A share of the page's width, relative to the other columns (so one table fits A4 and Letter). */
  width: number;
  align?: 'left' | 'right' | 'center';
}

export type TableCell = string | number | null | undefined;

export interface TableOptions {
  fontSize?: number;
  /** Rows whose first cell should be bold (e.g. totals or group rows), by index. */
  boldRows?: ReadonlySet<number>;
}

const CELL_PAD = 3;

/**
 * A simple table from the current position: a bold header row, then the rows (cells wrap; a row
 * never splits across pages), with the header repeated at the top of each new page.
 */
export function drawTable(doc: PDFKit.PDFDocument, columns: TableColumn[], rows: TableCell[][], options: TableOptions = {}): void {
  const fontSize = options.fontSize ?? BODY_SIZE;
  const left = doc.page.margins.left;
  const total = columns.reduce((sum, c) => sum + c.width, 0);
  const full = contentWidth(doc);
  const widths = columns.map((c) => (c.width / total) * full);
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  const rowHeight = (cells: string[], font: string) => {
    doc.font(font).fontSize(fontSize);
    let height = 0;
    cells.forEach((cell, i) => {
      height = Math.max(height, doc.heightOfString(cell === '' ? ' ' : cell, { width: widths[i] - 2 * CELL_PAD }));
    });
    return height + 2 * CELL_PAD;
  };

  const drawRow = (cells: string[], font: string, height: number, shaded: boolean) => {
    const top = doc.y;
    if (shaded) doc.rect(left, top, full, height).fill('#eeeeee').fillColor('black');
    doc.font(font).fontSize(fontSize);
    let x = left;
    cells.forEach((cell, i) => {
      doc.text(cell, x + CELL_PAD, top + CELL_PAD, { width: widths[i] - 2 * CELL_PAD, align: columns[i].align ?? 'left' });
      x += widths[i];
    });
    doc.moveTo(left, top + height).lineTo(left + full, top + height).lineWidth(0.5).strokeColor('#999999').stroke().strokeColor('black');
    doc.x = left;
    doc.y = top + height;
  };

  const headerCells = columns.map((c) => c.header);
  const headerHeight = rowHeight(headerCells, BOLD_FONT);
  const drawHeader = () => drawRow(headerCells, BOLD_FONT, headerHeight, true);

  const texts = rows.map((row) => columns.map((_, i) => cellText(row[i])));
  const firstHeight = texts.length > 0 ? rowHeight(texts[0], options.boldRows?.has(0) ? BOLD_FONT : BODY_FONT) : 0;
  if (doc.y + headerHeight + firstHeight > bottom()) doc.addPage();
  doc.y = Math.max(doc.y, doc.page.margins.top);
  drawHeader();
  texts.forEach((cells, index) => {
    const font = options.boldRows?.has(index) ? BOLD_FONT : BODY_FONT;
    const height = rowHeight(cells, font);
    if (doc.y + height > bottom()) {
      doc.addPage();
      drawHeader();
    }
    drawRow(cells, font, height, false);
  });
  doc.font(BODY_FONT).fontSize(BODY_SIZE);
  doc.moveDown(0.5);
}

function cellText(cell: TableCell): string {
  if (cell === null || cell === undefined) return '';
  return String(cell);
}
