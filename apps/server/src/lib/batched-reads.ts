import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { AppContext } from '../context.js';

/**
 * Reads of concurrent requests answered together (docs/trainings.md "Training list", docs/community.md "Speed"):
 * a request's read starts at once when fewer than `maxInFlight` statements of this reader are running, else it
 * waits for one to end and goes with every request that queued meanwhile, in one statement (at most `maxBatch`
 * requests each). A request's answer therefore always comes from a statement started after the request arrived:
 * it sees every change committed before it.
 */
export class BatchedReads<A, R> {
  /** Statements run (tests and benches compare it with the requests served). */
  statements = 0;
  private readonly queue: { ask: A; resolve(r: R): void; reject(e: unknown): void }[] = [];
  private running = 0;

  /**
   * @param run answers a batch: one result per ask, in the asks' order (one statement, ideally).
   * @param maxInFlight statements of this reader running at once.
   * @param maxBatch requests answered by one statement at most.
   */
  constructor(
    private readonly run: (asks: A[]) => Promise<R[]>,
    private readonly maxInFlight = 2,
    private readonly maxBatch = 64,
  ) {}

  /** The answer to `ask`, read with whatever other requests are waiting; rejects with the statement's error. */
  read(ask: A): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ ask, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.maxInFlight && this.queue.length) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.running += 1;
      this.statements += 1;
      void this.run(batch.map((b) => b.ask))
        .then(
          (results) => {
            batch.forEach((b, i) => {
              b.resolve(results[i]);
            });
          },
          (e: unknown) => {
            for (const b of batch) b.reject(e);
          },
        )
        .finally(() => {
          this.running -= 1;
          this.pump();
        });
    }
  }
}

/** One BatchedReads per app (a test process builds several apps on several databases). */
export function perApp<T>(make: (ctx: AppContext) => T): (ctx: AppContext) => T {
  const of = new WeakMap<AppContext, T>();
  return (ctx) => {
    let v = of.get(ctx);
    if (!v) {
      v = make(ctx);
      of.set(ctx, v);
    }
    return v;
  };
}

/**
 * A raw statement's rows; on PostgreSQL a named statement (prepared once per connection: parsed and planned once,
 * then only bound and run), on PGlite an ordinary parameterised query. `name` must be unique per `text`.
 */
export async function preparedRows<T>(
  ctx: AppContext,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const client = (ctx.db as unknown as { $client: unknown }).$client;
  if (ctx.dbKind === 'postgres') return (await (client as pg.Pool).query({ name, text, values })).rows as T[];
  return (await (client as PGlite).query<T>(text, values)).rows;
}
