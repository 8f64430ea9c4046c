import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.js';
import type { AppContext } from '../../apps/server/src/context.js';
import { seed } from '../../apps/server/src/db/seed.js';
import { hashPassword } from '../../apps/server/src/modules/account/password.js';
import { openPgBench } from '../lib/pg-bench.js';
import { openPglite, pct } from '../lib/pglite-bench.js';
import { type SignIn, signInUntilOk } from '../lib/signin.js';

// Issue 22 items 3-4: USERS contestants sign in over HTTP, CONCURRENCY at a time, all from one address (a contest
// hall behind one NAT, its range trusted in the switch config), with real OWASP argon2id hashes. Prints the first
// answer's times (p50 / p99 / max), how many were 429 (queue saturated: the client waits Retry-After and tries
// again) and the time until all are signed in. `npx tsx bench/contest/signin.ts` runs on the embedded PGlite;
// with DATABASE_URL (or TEST_DATABASE_URL) set, on a fresh database of that PostgreSQL server too (BENCH_ONLY=postgres:
// that one alone). Never in CI.

const USERS = Number(process.env.BENCH_USERS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 200);
const PASSWORD = 'contest-pass-1';

async function run(name: string, ctx: AppContext): Promise<void> {
  await seed(ctx);
  await ctx.config.set('switch', { trustedRanges: ['127.0.0.0/8'] });
  const hash = await hashPassword(PASSWORD);
  await ctx.db.execute(
    sql.raw(`INSERT INTO users (uid, username, password_hash, nickname)
      SELECT 'hall' || g, 'hall' || g, '${hash}', 'Hall ' || g FROM generate_series(1, ${USERS}) g`),
  );
  const app = await buildApp({ ctx });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  try {
    const out: SignIn[] = [];
    let next = 1;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next <= USERS) out.push(await signInUntilOk(base, `hall${next++}`, PASSWORD));
      }),
    );
    const total = (performance.now() - t0) / 1000;
    const ms = out.map((o) => o.firstMs).sort((a, b) => a - b);
    const busy = out.filter((o) => o.tries > 1).length;
    console.log(
      `${name}: ${USERS} sign-ins, ${CONCURRENCY} concurrent, one trusted address: all done in ${total.toFixed(1)} s; first answer p50 ${pct(ms, 50).toFixed(0)} ms, p99 ${pct(ms, 99).toFixed(0)} ms, max ${ms[ms.length - 1].toFixed(0)} ms; ${busy} first answered 429 (retried), ${out.filter((o) => !o.ok).length} never signed in (load ${loadavg()[0].toFixed(2)})`,
    );
  } finally {
    await app.close();
  }
}

if (process.env.BENCH_ONLY !== 'postgres') {
  const pgl = await openPglite();
  try {
    await run(pgl.name, pgl.ctx);
  } finally {
    await pgl.close();
  }
}
const url = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (url) {
  const pg = await openPgBench(url);
  try {
    await run('PostgreSQL', pg.ctx);
  } finally {
    await pg.close();
  }
}
