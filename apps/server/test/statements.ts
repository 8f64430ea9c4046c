import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../src/db/client.js';

const caller = new AsyncLocalStorage<string[]>();

/**
 * The SQL of every statement drizzle prepares on `db` (and its transactions) on behalf of `fn`: those prepared in
 * `fn`'s async context, its requests through `app.inject` and the work they start included. A timer's statements
 * that run meanwhile are not `fn`'s and are never counted: the judge queue's sweep and its release of idle
 * remote-judge accounts (each once flaked the counts under load), the live-event listener's catch-up read.
 * Transaction control (PGlite sends none) is left out; whitespace folded, each cut at `width` characters.
 */
export async function statementsOf(db: Db, fn: () => Promise<unknown>, width = 160): Promise<string[]> {
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's session is internal
  const proto = Object.getPrototypeOf((db as any).session);
  const orig = proto.prepareQuery;
  const seen: string[] = [];
  proto.prepareQuery = function (this: unknown, q: { sql: string }, ...rest: unknown[]) {
    caller.getStore()?.push(q.sql.replace(/\s+/g, ' '));
    return orig.call(this, q, ...rest);
  };
  try {
    await caller.run(seen, fn);
  } finally {
    proto.prepareQuery = orig;
  }
  return seen.filter((s) => !/^\s*(begin|commit|rollback)/i.test(s)).map((s) => s.slice(0, width));
}
