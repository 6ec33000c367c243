import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { Logger } from '@bakery/platform';
import type { FastifyReply } from 'fastify';
import { toErrorResponse } from './error-response';

/** Every error leaves the gateway as `{ statusCode, message, code }`; only 5xx are logged as errors. */
@Catch()
export class AllErrorsFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const body = toErrorResponse(exception);
    if (body.statusCode >= 500) this.logger.error({ err: exception, statusCode: body.statusCode }, body.message);
    if (reply.sent || reply.raw.headersSent) return;
    reply.code(body.statusCode).send(body);
  }
}
