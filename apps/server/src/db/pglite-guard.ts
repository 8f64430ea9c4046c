import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite is one connection: while a transaction is open, a query on the database handle itself (not on the
 * transaction's) waits for that transaction to end. Awaited inside the transaction's callback, it waits forever,
 * and every later query of the process queues behind it: the embedded server freezes. PostgreSQL's pool hides the
 * mistake (the outer query takes another connection), so only PGlite shows it, and only on the path that makes the
 * outer query (a cache that expired, a rule read for some users).
 *
 * The message of the error raised instead of that wait.
 */
export const OUTER_QUERY_IN_TRANSACTION =
  'a query on the database handle inside an open transaction (PGlite has one connection: it would wait for the transaction forever); use the transaction handle, or read before the transaction';

/** The open transaction a piece of async work runs inside, if any. */
const openTx = new AsyncLocalStorage<{ open: boolean }>();

/**
 * Makes `client` refuse, with OUTER_QUERY_IN_TRANSACTION, a query on itself (`query`, `exec`, `sql`) issued from
 * inside one of its own transactions' callbacks while that transaction is still open, instead of hanging the
 * process. Work that merely started inside a transaction and queries after it ended is not refused. Returns
 * `client`.
 */
export function guardOuterQueries(client: PGlite): PGlite {
  const c = client as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of ['query', 'exec', 'sql']) {
    const own = c[name].bind(client);
    c[name] = (...args: unknown[]) => {
      if (openTx.getStore()?.open) return Promise.reject(new Error(OUTER_QUERY_IN_TRANSACTION));
      return own(...args);
    };
  }
  const transaction = c.transaction.bind(client);
  c.transaction = (fn: unknown) =>
    transaction((tx: unknown) => {
      const state = { open: true };
      return openTx.run(state, async () => {
        try {
          return await (fn as (tx: unknown) => Promise<unknown>)(tx);
        } finally {
          state.open = false;
        }
      });
    });
  return client;
}
