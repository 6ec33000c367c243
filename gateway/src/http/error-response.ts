import { HttpException } from '@nestjs/common';
import { AppError, ErrorCode, FieldErrors, HTTP_STATUS_BY_CODE } from '@bakery/contracts';

/** The body of every error the API answers. */
export interface ErrorResponseBody {
  statusCode: number;
  message: string;
  code: ErrorCode;
  errors?: FieldErrors;
  details?: Record<string, unknown>;
}

/** An answer the HTTP pipeline gives itself (a refused body, a forged request): answered as it is. */
export class PipelineRefusal extends Error {
  constructor(readonly body: ErrorResponseBody) {
    super(body.message);
  }
}

/**
 * Field errors answered at most: a client learns what to fix from the first few, and a hostile
 * body must not turn into a large answer (10,000 unknown keys once answered 428 KB).
 */
export const MAX_FIELD_ERRORS = 20;

/** The first MAX_FIELD_ERRORS fields, each with at most 3 messages. */
export function capFieldErrors(errors: FieldErrors): FieldErrors {
  const capped: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors).slice(0, MAX_FIELD_ERRORS)) capped[field] = messages.slice(0, 3);
  return capped;
}

const CODE_BY_STATUS: Record<number, ErrorCode> = Object.fromEntries(
  Object.entries(HTTP_STATUS_BY_CODE).map(([code, status]) => [status, code as ErrorCode]),
);

/**
 * The one mapping from anything thrown while serving a request to an HTTP answer. Domain errors
 * from services keep their status and message; Nest and body-parser errors are translated;
 * anything else is a 500 with no detail (it is logged by the caller).
 */
export function toErrorResponse(err: unknown): ErrorResponseBody {
  if (err instanceof PipelineRefusal) return err.body;
  if (err instanceof AppError) {
    const body: ErrorResponseBody = { statusCode: err.status, message: err.message, code: err.code };
    if (err.fields) body.errors = capFieldErrors(err.fields);
    if (err.details) body.details = err.details;
    return body;
  }
  if (err instanceof HttpException) {
    const status = err.getStatus();
    const response = err.getResponse();
    const message =
      typeof response === 'string'
        ? response
        : Array.isArray((response as { message?: unknown }).message)
          ? String((response as { message: unknown[] }).message[0])
          : String((response as { message?: unknown }).message ?? err.message);
    return { statusCode: status, message, code: CODE_BY_STATUS[status] ?? (status >= 500 ? ErrorCode.Internal : ErrorCode.ValidationFailed) };
  }
  // raw-body's errors (the JSON parser's reader) carry a status and a type, e.g. entity.too.large;
  // Fastify's own (FST_*) arrive as HttpException: Nest maps them before any filter sees them
  const parserError = err as { status?: unknown; type?: unknown };
  if (typeof parserError.status === 'number' && typeof parserError.type === 'string') {
    if (parserError.status === 413) {
      return { statusCode: 413, message: 'Request body is too large', code: ErrorCode.PayloadTooLarge };
    }
    if (parserError.status === 415) {
      return { statusCode: 415, message: 'Unsupported content type', code: ErrorCode.UnsupportedMediaType };
    }
    if (parserError.status >= 400 && parserError.status < 500) {
      return { statusCode: 400, message: 'Request body is not valid JSON', code: ErrorCode.ValidationFailed };
    }
  }
  return { statusCode: 500, message: 'Internal server error', code: ErrorCode.Internal };
}
