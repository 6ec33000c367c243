import { ArgumentsHost, Catch, RpcExceptionFilter, ValidationError, ValidationPipe } from '@nestjs/common';
import { AppError, ErrorCode, ErrorPayload, FieldErrors } from '@bakery/contracts';
import { Observable, throwError } from 'rxjs';
import type { Logger } from 'pino';

/**
 * Turns whatever a message handler throws into an ErrorPayload for the caller. Domain errors keep
 * their code and message; anything unexpected is logged here with its stack and leaves the
 * service only as a bare "Internal error", so no stack trace or SQL reaches a client.
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    return throwError(() => this.toPayload(exception));
  }

  toPayload(exception: unknown): ErrorPayload {
    if (exception instanceof AppError) return exception.toPayload();
    if (isUniqueViolation(exception)) return AppError.conflict('Already exists').toPayload();
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn({ err: exception }, 'database unavailable');
      return AppError.unavailable('The database').toPayload();
    }
    this.logger.error({ err: exception }, 'unhandled error in message handler');
    return { code: ErrorCode.Internal, message: 'Internal error' };
  }
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

/**
 * Postgres restarting or unreachable: the client can only retry later (503), it did nothing
 * wrong. Class 08 is "connection exception", 57P01-57P03 are shutdown and start-up.
 */
function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; driverError?: { code?: unknown }; message?: unknown };
  const code = String(e?.driverError?.code ?? e?.code ?? '');
  if (/^08/.test(code) || ['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET'].includes(code)) return true;
  const message = String(e?.message ?? '');
  return /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect/i.test(message);
}

/** Flattens class-validator errors into `{ field: [messages] }`, nested fields as `a.b`. */
export function fieldErrorsFrom(errors: ValidationError[], prefix = ''): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) {
    const path = prefix ? `${prefix}.${e.property}` : e.property;
    if (e.constraints) out[path] = [...new Set(Object.values(e.constraints))];
    if (e.children?.length) Object.assign(out, fieldErrorsFrom(e.children, path));
  }
  return out;
}

/** The one validation setup: whitelist, unknown fields refused, field messages in the error. */
export function strictValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => AppError.validation(fieldErrorsFrom(errors)),
  });
}
