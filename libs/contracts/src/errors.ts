/**
 * Error codes shared by every service and the gateway. A service throws an AppError; it travels
 * over NATS as an ErrorPayload and the gateway answers `{ statusCode, message, code }` with the
 * HTTP status below.
 */
export const ErrorCode = {
  ValidationFailed: 'VALIDATION_FAILED',
  Unauthorized: 'UNAUTHORIZED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  Unprocessable: 'UNPROCESSABLE',
  TooManyRequests: 'TOO_MANY_REQUESTS',
  ServiceUnavailable: 'SERVICE_UNAVAILABLE',
  Internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** Field-level messages for a 400: field name -> messages. */
export type FieldErrors = Record<string, string[]>;

/** What an error looks like on the wire between a service and its caller. */
export interface ErrorPayload {
  code: ErrorCode;
  message: string;
  fields?: FieldErrors;
  details?: Record<string, unknown>;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return HTTP_STATUS_BY_CODE[this.code];
  }

  toPayload(): ErrorPayload {
    const payload: ErrorPayload = { code: this.code, message: this.message };
    if (this.fields) payload.fields = this.fields;
    if (this.details) payload.details = this.details;
    return payload;
  }

  static fromPayload(payload: ErrorPayload): AppError {
    return new AppError(payload.code, payload.message, payload.fields, payload.details);
  }

  static notFound(message = 'Not found'): AppError {
    return new AppError(ErrorCode.NotFound, message);
  }

  static unauthorized(message: string): AppError {
    return new AppError(ErrorCode.Unauthorized, message);
  }

  static forbidden(message: string): AppError {
    return new AppError(ErrorCode.Forbidden, message);
  }

  static tooManyRequests(message: string): AppError {
    return new AppError(ErrorCode.TooManyRequests, message);
  }

  /** Well-formed, but cannot be done as asked (e.g. an Idempotency-Key reused for another request). */
  static unprocessable(message: string): AppError {
    return new AppError(ErrorCode.Unprocessable, message);
  }

  static conflict(message: string, details?: Record<string, unknown>): AppError {
    return new AppError(ErrorCode.Conflict, message, undefined, details);
  }

  static validation(fields: FieldErrors, message?: string): AppError {
    const first = Object.values(fields).flat()[0];
    return new AppError(ErrorCode.ValidationFailed, message ?? first ?? 'Invalid input', fields);
  }

  static unavailable(what: string): AppError {
    return new AppError(ErrorCode.ServiceUnavailable, `${what} is unavailable, please try again shortly`);
  }
}

export function isErrorPayload(value: unknown): value is ErrorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.message === 'string' && typeof v.code === 'string' && v.code in HTTP_STATUS_BY_CODE;
}
