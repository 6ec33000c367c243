import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ListMailQuery, type ListMailRequest, type MailPage, MailPatterns, type MailRecord } from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import { AdminOnly } from '../auth/access';
import { nextPageLink, pageRequest } from '../http/paging';

/**
 * The mail the notifications service sent or could not send (issue 20): `?status=failed` is the
 * admins' view of mail refused for good (a 5xx answer) or out of attempts. One page, newest first,
 * the next page's full URL in `Link`, the first page's `X-Total-Count`. Never a mail's body.
 */
@AdminOnly()
@Controller('api/admin/mail')
export class MailController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  async list(@Query() query: ListMailQuery, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<MailRecord[]> {
    const { after, limit } = pageRequest(query);
    const request: ListMailRequest = { after, limit, withTotal: after === null };
    if (query.status) request.status = query.status;
    const page: MailPage = await this.rpc.request(MailPatterns.list, request);
    if (page.next) res.header('Link', nextPageLink(req, page.next));
    if (typeof page.total === 'number') res.header('X-Total-Count', String(page.total));
    return page.mails;
  }
}
