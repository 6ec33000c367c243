import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { Logger } from '@bakery/platform';
import type { Response } from 'express';
import { toErrorResponse } from './error-response';

/** Every error leaves the gateway as `{ statusCode, message, code }`; only 5xx are logged as errors. */
@Catch()
export class AllErrorsFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const body = toErrorResponse(exception);
    if (body.statusCode >= 500) this.logger.error({ err: exception, statusCode: body.statusCode }, body.message);
    if (res.headersSent) return;
    res.status(body.statusCode).json(body);
  }
}
