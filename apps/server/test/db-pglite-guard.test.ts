import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardOuterQueries, OUTER_QUERY_IN_TRANSACTION } from '../src/db/pglite-guard.js';

// PGlite has one connection: a query on the handle awaited inside one of its transactions waits forever. The guard
// (db/pglite-guard.ts, installed by openDb) turns that freeze into an error and lets everything else through.

let db: PGlite;
beforeAll(async () => {
  db = guardOuterQueries(new PGlite());
  await db.exec('CREATE TABLE t (n int)');
});
afterAll(async () => db?.close());

const within = <T>(p: Promise<T>, ms = 5_000) =>
  Promise.race([
    p,
    new Promise<never>((_, no) => setTimeout(() => no(new Error(`no answer in ${ms} ms`)), ms)),
  ]);

describe('PGlite outer queries inside a transaction', () => {
  it('refuses a query on the handle inside an open transaction instead of hanging, and rolls it back', async () => {
    for (const outer of [() => db.query('SELECT 1'), () => db.exec('SELECT 1'), () => db.sql`SELECT 1`]) {
      const tx = db.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (1)');
        await outer();
      });
      await expect(within(tx)).rejects.toThrow(OUTER_QUERY_IN_TRANSACTION);
    }
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows[0].n).toBe(0);
  });

  it('lets the transaction handle, queries outside, and work started inside that runs after it ended', async () => {
    let later: Promise<unknown> = Promise.resolve();
    const n = await within(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (2)');
        // Started inside, run once the transaction has ended (a timer fires after the commit here).
        later = new Promise((r) => setTimeout(r, 50)).then(() => db.query('INSERT INTO t VALUES (3)'));
        return (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows[0].n;
      }),
    );
    expect(n).toBe(1);
    await within(later);
    expect((await db.query<{ n: number }>('SELECT sum(n)::int AS n FROM t')).rows[0].n).toBe(5);
  });
});
