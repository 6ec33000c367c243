import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from '@bakery/platform';
import { SERVICE_LOGGER } from '@bakery/service-kit';
import {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';

/**
 * Work to do once a transaction has committed, and never if it rolls back. Event handlers run
 * inside the event bus's transaction, which commits only after they return: a push sent from
 * the handler itself could announce a row nobody can see yet, or one that is rolled back.
 */
@Injectable()
export class AfterCommit implements EntitySubscriberInterface {
  private readonly pending = new WeakMap<QueryRunner, (() => void)[]>();

  constructor(
    dataSource: DataSource,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {
    // TypeORM tells its subscribers about every commit and rollback of this data source.
    dataSource.subscribers.push(this);
  }

  /** Runs `work` after `manager`'s transaction commits; at once when there is no transaction. */
  run(manager: EntityManager, work: () => void): void {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) return this.safely(work);
    const list = this.pending.get(runner);
    if (list) list.push(work);
    else this.pending.set(runner, [work]);
  }

  afterTransactionCommit({ queryRunner }: TransactionCommitEvent): void {
    if (queryRunner.isTransactionActive) return; // a savepoint was released; the transaction goes on
    const list = this.pending.get(queryRunner);
    this.pending.delete(queryRunner);
    for (const work of list ?? []) this.safely(work);
  }

  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    if (!queryRunner.isTransactionActive) this.pending.delete(queryRunner);
  }

  private safely(work: () => void): void {
    try {
      work();
    } catch (err) {
      this.logger.error({ err }, 'after-commit work failed');
    }
  }
}
