import { Body, Controller, Get, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  type BakeList,
  BakeListCustomersQuery,
  type BakeListCustomer,
  type BakeListCustomersPage,
  type BakeryCalendar,
  type BakeryDetails,
  BakeryDetailsPatterns,
  OrderingPatterns,
  PackingSlipsQuery,
  type PackingSlips,
  type PackingSlipsPage,
  type ProductionDateRequest,
  ProductionDocumentQuery,
  type ProductionPageRequest,
  ProductionPatterns,
  type ProductionPrint,
  ProductionPrintDto,
  type ProductionWeek,
  ProductionWeekQuery,
  type RunSheet,
  type RunSheetPage,
} from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import { AdminOnly } from '../auth/access';
import { sendCsv } from '../documents/csv';
import { paperOf, sendPdf } from '../documents/pdf-answer';
import {
  BAKE_LIST_CSV_HEADER,
  bakeListCsvRows,
  drawBakeList,
  drawPackingSlips,
  drawRunSheet,
  RUN_SHEET_CSV_HEADER,
  runSheetCsvRows,
} from './production-documents';

/**
 * The production and dispatch documents of a delivery date (admins): ordering answers them as
 * JSON; this renders `format=pdf` (A4 or `paper=letter`) and `format=csv` from that JSON, so no
 * document bytes cross NATS. Slips and stops come from ordering in pages (a day's can exceed one
 * message) and are answered here whole: a day's run sheet is one document.
 */
@AdminOnly()
@Controller('api/admin/production')
export class ProductionController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('bake-list')
  async bakeList(@Query() query: ProductionDocumentQuery, @Res() res: FastifyReply): Promise<void> {
    const paper = paperOf(query.paper);
    const list = await this.rpc.request<BakeList>(ProductionPatterns.bakeList, { date: query.date } satisfies ProductionDateRequest);
    const filename = `bake-list-${list.date}`;
    if (query.format === 'csv') return sendCsv(res, `${filename}.csv`, BAKE_LIST_CSV_HEADER, bakeListCsvRows(list));
    if (query.format !== 'pdf') return void res.send(list);
    const [bakery, calendar] = await this.documentContext();
    await sendPdf(res, { filename: `${filename}.pdf`, title: `Bake list ${list.date}`, bakeryName: bakery.name, paper }, (doc) =>
      drawBakeList(doc, list, calendar.timeZone),
    );
  }

  /** A product's customers on the date (at most PRODUCTION_LIMITS.drillDownMax; X-Total-Count says how many in all). */
  @Get('bake-list/customers')
  async bakeListCustomers(@Query() query: BakeListCustomersQuery, @Res({ passthrough: true }) res: FastifyReply): Promise<BakeListCustomer[]> {
    const page = await this.rpc.request<BakeListCustomersPage>(ProductionPatterns.bakeListCustomers, { date: query.date, productId: query.productId });
    res.header('X-Total-Count', String(page.total));
    return page.customers;
  }

  /** Records what the bake list holds now as printed: the next bake list shows what changed since. */
  @Post('prints')
  print(@Body() body: ProductionPrintDto): Promise<ProductionPrint> {
    return this.rpc.request(ProductionPatterns.print, { date: body.date } satisfies ProductionDateRequest);
  }

  @Get('week')
  week(@Query() query: ProductionWeekQuery): Promise<ProductionWeek> {
    return this.rpc.request(ProductionPatterns.week, { from: query.from, days: query.days ?? 7 });
  }

  @Get('packing-slips')
  async packingSlips(@Query() query: PackingSlipsQuery, @Res() res: FastifyReply): Promise<void> {
    const paper = paperOf(query.paper);
    const pages = await this.allPages<PackingSlipsPage>(ProductionPatterns.packingSlips, query.date);
    const slips: PackingSlips = { date: query.date, slips: pages.flatMap((p) => p.slips) };
    if (query.format !== 'pdf') return void res.send(slips);
    const [bakery] = await this.documentContext();
    await sendPdf(res, { filename: `packing-slips-${slips.date}.pdf`, title: `Packing slips ${slips.date}`, bakeryName: bakery.name, paper }, (doc) =>
      drawPackingSlips(doc, slips.date, slips.slips),
    );
  }

  @Get('run-sheet')
  async runSheet(@Query() query: ProductionDocumentQuery, @Res() res: FastifyReply): Promise<void> {
    const paper = paperOf(query.paper);
    const pages = await this.allPages<RunSheetPage>(ProductionPatterns.runSheet, query.date);
    const sheet = runSheetOf(query.date, pages.flatMap((p) => p.stops));
    const filename = `run-sheet-${sheet.date}`;
    if (query.format === 'csv') return sendCsv(res, `${filename}.csv`, RUN_SHEET_CSV_HEADER, runSheetCsvRows(sheet));
    if (query.format !== 'pdf') return void res.send(sheet);
    const [bakery] = await this.documentContext();
    await sendPdf(res, { filename: `${filename}.pdf`, title: `Run sheet ${sheet.date}`, bakeryName: bakery.name, paper }, (doc) => drawRunSheet(doc, sheet));
  }

  /** Every page of a paged document, asked one after the other (each page says where the next starts). */
  private async allPages<T extends { next: number | null }>(pattern: string, date: string): Promise<T[]> {
    const pages: T[] = [];
    for (let offset: number | null = 0; offset !== null; ) {
      const page: T = await this.rpc.request<T>(pattern, { date, offset } satisfies ProductionPageRequest);
      pages.push(page);
      offset = page.next;
    }
    return pages;
  }

  /** The bakery's name for the header, and its time zone for the times printed. */
  private documentContext(): Promise<[BakeryDetails, BakeryCalendar]> {
    return Promise.all([this.rpc.request<BakeryDetails>(BakeryDetailsPatterns.get, {}), this.rpc.request<BakeryCalendar>(OrderingPatterns.calendar, {})]);
  }
}

/** The stops (flat, in order, each with its slot) grouped back into their slots. */
function runSheetOf(date: string, stops: RunSheetPage['stops']): RunSheet {
  const slots: RunSheet['slots'] = [];
  for (const { slot, ...stop } of stops) {
    const last = slots[slots.length - 1];
    if (last && last.slot === slot) last.stops.push(stop);
    else slots.push({ slot, stops: [stop] });
  }
  return { date, slots };
}
