import type { EventEnvelope } from '@bakery/contracts';
import { activeSpanContext, type Logger, runInContext, tracingEnabled } from '@bakery/platform';
import type { EntityManager } from 'typeorm';

/**
 * One transaction of a service, as the event bus gives it to the code that changes data, whether
 * a request (`bus.inTransaction`) or an event handler:
 * - `manager`: the transaction's EntityManager;
 * - `publish`: records an event in the outbox in this transaction; it is published only if the
 *   transaction commits (and the relay is woken at once when it does);
 * - `afterCommit`: work to run once the transaction has committed, never if it rolls back (a push
 *   announcing a row must not go out before others can see the row, nor for one rolled back).
 */
export interface EventTransaction {
  manager: EntityManager;
  publish<T>(type: string, payload: T): Promise<EventEnvelope<T>>;
  afterCommit(work: () => unknown): void;
}

/** Writes one event to the outbox with the given manager (the bus's own insert). */
export type OutboxWriter = <T>(manager: EntityManager, type: string, payload: T) => Promise<EventEnvelope<T>>;

/** The bus's implementation of EventTransaction: counts what it recorded and keeps the after-commit work. */
export class TransactionContext implements EventTransaction {
  private recorded = 0;
  private readonly work: (() => unknown)[] = [];

  constructor(
    readonly manager: EntityManager,
    private readonly write: OutboxWriter,
  ) {}

  // Arrow properties: callers may destructure `({ manager, publish, afterCommit })`.
  readonly publish = async <T>(type: string, payload: T): Promise<EventEnvelope<T>> => {
    this.recorded++;
    return this.write(this.manager, type, payload);
  };

  readonly afterCommit = (work: () => unknown): void => {
    // it runs after the commit, outside the handler's span (a batch's commit is shared): it keeps
    // the trace it was registered in, so a push it sends carries that trace on
    if (tracingEnabled()) {
      const registeredIn = activeSpanContext();
      this.work.push(() => runInContext(registeredIn, work));
    } else {
      this.work.push(work);
    }
  };

  get publishedEvents(): boolean {
    return this.recorded > 0;
  }

  /**
   * Call once the transaction committed: runs the after-commit work in order. A failure (thrown or
   * a rejected promise) is logged and does not stop the rest; the transaction stays committed.
   */
  runAfterCommit(logger: Logger): void {
    const work = this.work.splice(0);
    for (const item of work) {
      try {
        const result = item();
        if (result instanceof Promise) result.catch((err) => logger.error({ err }, 'after-commit work failed'));
      } catch (err) {
        logger.error({ err }, 'after-commit work failed');
      }
    }
  }
}
