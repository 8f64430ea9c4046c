import { Role, UserStatus } from '@oj/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newExtensionPoints } from '../../src/app-events.js';
import type { AppContext } from '../../src/context.js';
import { rowsOf } from '../../src/lib/sql-rows.js';
import { SESSION_CACHE_MS } from '../../src/plugins/session-cache.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeUser } from '../problem/fixtures.js';

// Two server instances on one PostgreSQL, B a separate copy of every module (its own session cache), as a second
// process behind a load balancer. A change made on A (a role, a disabled account, a logout) must reach B's cached
// session through NOTIFY oj_sessions well before B's cache would have let it go on its own. PostgreSQL only.

const url = process.env.TEST_DATABASE_URL;

let a: TestApp;
let b: { app: FastifyInstance; close(): Promise<void> };
let root: { uid: string; token: string };

beforeAll(async () => {
  if (!url) return;
  a = await createTestApp();
  const dbUrl = (a.ctx.db as unknown as { $client: { options: { connectionString: string } } }).$client
    .options.connectionString;
  vi.resetModules();
  const { buildApp } = await import('../../src/app.js');
  const { openDb } = await import('../../src/db/client.js');
  const { ConfigService } = await import('../../src/modules/config/config.service.js');
  const handle = await openDb({ url: dbUrl, poolSize: 2 });
  const ctx: AppContext = {
    ...a.ctx,
    db: handle.db,
    config: new ConfigService(handle.db),
    ...newExtensionPoints(),
  };
  const app = await buildApp({ ctx });
  await app.ready();
  b = {
    app,
    async close() {
      await app.close();
      await handle.close();
    },
  };
  root = await makeUser(a.ctx, 'syncroot', Role.ROOT);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const dashboardOn = (app: FastifyInstance, token: string) =>
  call(app, { method: 'GET', url: '/api/admin/dashboard/get-dashboard-info', token }).then((r) => r.code);

/** Ms until instance B answers `code` for `token` (polling every 20 ms), or Infinity after twice the cache time. */
async function msUntilB(token: string, code: number): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < 2 * SESSION_CACHE_MS) {
    if ((await dashboardOn(b.app, token)) === code) return Date.now() - t0;
    await new Promise((r) => setTimeout(r, 20));
  }
  return Number.POSITIVE_INFINITY;
}

describe.skipIf(!url)('session cache across instances', () => {
  it('a role change, a disabled account and a logout on A reach B at once', async () => {
    const u = await makeUser(a.ctx, 'syncuser', Role.USER);
    expect(await dashboardOn(b.app, u.token)).toBe(403); // B now holds the session
    const edit = (payload: Record<string, unknown>) =>
      call(a.app, { method: 'PUT', url: '/api/admin/user/edit-user', token: root.token, payload });
    expect((await edit({ uid: u.uid, role: Role.ADMIN })).code).toBe(200);
    expect(await msUntilB(u.token, 200)).toBeLessThan(SESSION_CACHE_MS * 0.75);

    expect(await dashboardOn(b.app, u.token)).toBe(200);
    expect((await edit({ uid: u.uid, status: UserStatus.DISABLED })).code).toBe(200);
    expect(await msUntilB(u.token, 401)).toBeLessThan(SESSION_CACHE_MS * 0.75);

    const v = await makeUser(a.ctx, 'syncadm', Role.ADMIN);
    expect(await dashboardOn(b.app, v.token)).toBe(200);
    expect((await call(a.app, { method: 'GET', url: '/api/logout', token: v.token })).code).toBe(200);
    expect(await msUntilB(v.token, 401)).toBeLessThan(SESSION_CACHE_MS * 0.75);
  });
});

describe.skipIf(!url)('one listening connection per server process', () => {
  it('the session relay and the live-event bus share it: two instances hold two, each on every channel', async () => {
    const res = await a.ctx.db.execute(sql`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND query LIKE 'LISTEN %'`);
    expect(rowsOf<{ n: number }>(res)[0].n).toBe(2);
  });
});
