import { ensureDatabase, withDatabase } from '@bakery/platform';
import { dropNamespace, uniqueNamespace } from '@bakery/testing';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { AfterCommit } from '../src/after-commit';

const silent = { error: () => undefined } as never;

describe('AfterCommit', () => {
  const namespace = uniqueNamespace();
  const database = `${namespace}_notifications`;
  let dataSource: DataSource;
  let afterCommit: AfterCommit;

  beforeAll(async () => {
    await ensureDatabase(process.env.DATABASE_URL!, database);
    dataSource = await new DataSource({ type: 'postgres', url: withDatabase(process.env.DATABASE_URL!, database) }).initialize();
    await dataSource.query('CREATE TABLE marks (id int PRIMARY KEY)');
    afterCommit = new AfterCommit(dataSource, silent);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await dropNamespace(process.env.DATABASE_URL!, process.env.NATS_URL!, namespace);
  });

  /** What another connection sees: the work must find the row committed. */
  async function visibleElsewhere(id: number): Promise<boolean> {
    const pg = new Client({ connectionString: withDatabase(process.env.DATABASE_URL!, database) });
    await pg.connect();
    try {
      return (await pg.query('SELECT 1 FROM marks WHERE id = $1', [id])).rowCount === 1;
    } finally {
      await pg.end();
    }
  }

  it('runs the work once the transaction has committed, when the change is visible to others', async () => {
    const seen: boolean[] = [];
    await dataSource.transaction(async (manager) => {
      await manager.query('INSERT INTO marks VALUES (1)');
      afterCommit.run(manager, () => void visibleElsewhere(1).then((v) => seen.push(v)));
      expect(seen).toEqual([]);
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(seen).toEqual([true]);
  });

  it('never runs the work of a transaction that rolls back', async () => {
    let ran = false;
    await expect(
      dataSource.transaction(async (manager) => {
        afterCommit.run(manager, () => (ran = true));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await dataSource.transaction(async () => undefined);
    expect(ran).toBe(false);
  });

  it('waits for the outer transaction when a savepoint is released', async () => {
    const order: string[] = [];
    await dataSource.transaction(async (manager) => {
      await manager.transaction(async (inner) => afterCommit.run(inner, () => order.push('work')));
      order.push('inner done');
    });
    expect(order).toEqual(['inner done', 'work']);
  });

  it('runs at once without a transaction', () => {
    let ran = false;
    afterCommit.run(dataSource.manager, () => (ran = true));
    expect(ran).toBe(true);
  });
});
