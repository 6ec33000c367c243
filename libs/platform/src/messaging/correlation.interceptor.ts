import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { NatsContext } from '@nestjs/microservices';
import { CORRELATION_HEADER } from '@bakery/contracts';
import { Observable } from 'rxjs';
import { runWithCorrelation } from '../logging/correlation';

/** Runs each message handler with the correlation id its caller sent, so logs and onward calls carry it. */
@Injectable()
export class CorrelationInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const ctx = context.switchToRpc().getContext<unknown>();
    const correlationId = ctx instanceof NatsContext ? ctx.getHeaders()?.get(CORRELATION_HEADER) : undefined;
    return new Observable((subscriber) =>
      runWithCorrelation(correlationId || undefined, () => next.handle().subscribe(subscriber)),
    );
  }
}
