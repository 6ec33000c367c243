import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';
import { currentCorrelationId } from './correlation';

export type { Logger } from 'pino';

/** Structured JSON logs: one line per entry, with the process role and the current correlation id. */
export function createLogger(component: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    level,
    base: { component, pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const correlationId = currentCorrelationId();
      return correlationId ? { correlationId } : {};
    },
    // Never write credentials even if a caller logs a whole body by mistake.
    redact: {
      paths: ['password', '*.password', 'passwordHash', '*.passwordHash', 'req.headers.cookie', 'headers.cookie'],
      censor: '[redacted]',
    },
  });
}

/** Lets Nest's own messages go through the same pino logger. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
  fatal(message: unknown, context?: string) {
    this.logger.fatal({ context }, String(message));
  }
}
