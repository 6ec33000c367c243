import { ArgumentMetadata, ArgumentsHost, Catch, RpcExceptionFilter, ValidationError, ValidationPipe } from '@nestjs/common';
import { AppError, ErrorCode, ErrorPayload, FieldErrors } from '@bakery/contracts';
import { Observable, throwError } from 'rxjs';
import type { Logger } from 'pino';
import { rememberValidationMetadata } from './validation-metadata-cache';

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

/** The code a thrown error leaves the service with (what `RpcErrorFilter` answers), without logging it. */
export function errorCodeOf(exception: unknown): ErrorCode {
  if (exception instanceof AppError) return exception.code;
  if (isUniqueViolation(exception)) return ErrorCode.Conflict;
  if (isDatabaseUnavailable(exception)) return ErrorCode.ServiceUnavailable;
  return ErrorCode.Internal;
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

export interface StrictValidationOptions {
  /**
   * HTTP: a request without a body is validated as `{}` (every field absent). Without it (a
   * message over NATS) the payload itself must be an object: null or nothing is refused too.
   */
  absentAsEmpty?: boolean;
  /**
   * Fields the class does not declare: refused (requests: a field the contract does not know is
   * the caller's mistake) or stripped (events: a newer publisher may add fields its older
   * consumers do not know yet, which must not stop them).
   */
  unknownFields?: 'refuse' | 'strip';
}

/** What a payload (or body) that is not an object is told: Nest's own words for an array body. */
export const NOT_AN_OBJECT = 'Validation failed (object is expected)';

/**
 * The one validation mechanism, of the gateway's HTTP bodies and of every message a service
 * accepts: the parameter's class from @bakery/contracts (class-validator decorators), unknown
 * fields refused (not stripped: a field the contract does not know is a caller's mistake), one
 * message per field, answered as a 400 AppError with field errors. A payload that is not an
 * object (a string, a number, a list; null or nothing unless `absentAsEmpty`) is refused too.
 */
export class StrictValidationPipe extends ValidationPipe {
  private readonly absentAsEmpty: boolean;

  constructor(options: StrictValidationOptions = {}) {
    super({
      whitelist: true,
      forbidNonWhitelisted: (options.unknownFields ?? 'refuse') === 'refuse',
      transform: true,
      stopAtFirstError: true,
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => AppError.validation(fieldErrorsFrom(errors)),
    });
    this.absentAsEmpty = options.absentAsEmpty ?? false;
    rememberValidationMetadata();
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.metatype && this.toValidate(metadata) && !this.isObjectPayload(value)) {
      throw AppError.validation({ [metadata.type === 'body' ? 'body' : 'payload']: [NOT_AN_OBJECT] });
    }
    return super.transform(value, metadata);
  }

  private isObjectPayload(value: unknown): boolean {
    if (value === undefined || value === null) return this.absentAsEmpty;
    return typeof value === 'object' && !Array.isArray(value) && !ArrayBuffer.isView(value);
  }
}

/** The validation pipe of the gateway (`{ absentAsEmpty: true }`) and of every service. */
export function strictValidationPipe(options: StrictValidationOptions = {}): StrictValidationPipe {
  return new StrictValidationPipe(options);
}
