import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logStream, prettyLine } from '../../src/logging.js';
import { markClosing } from '../../src/modules/health/health.routes.js';
import { createTestApp, type TestApp } from '../helpers.js';

// GET /api/health (issue 15) on the real app (PGlite, or PostgreSQL with TEST_DATABASE_URL), and the log format.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const health = async () => {
  const r = await t.app.inject({ method: 'GET', url: '/api/health' });
  return { code: r.statusCode, body: r.json(), headers: r.headers };
};

describe('GET /api/health', () => {
  it('answers 200 degraded with no judgehost, with the database, migrations and queue, and nothing secret', async () => {
    const { code, body, headers } = await health();
    expect(code).toBe(200);
    expect(headers['cache-control']).toBe('no-store');
    expect(body.data).toMatchObject({
      status: 'degraded',
      database: { ok: true, kind: t.ctx.dbKind },
      migrations: { current: true },
      judgehosts: { online: 0, unhealthy: 0, total: 0 },
      queue: { queued: 0, leased: 0 },
    });
    expect(body.data.migrations.applied).toBe(body.data.migrations.expected);
    expect(Object.keys(body.data).sort()).toEqual(
      ['database', 'judgehosts', 'migrations', 'queue', 'status', 'uptimeSeconds'].sort(),
    );
  });

  it('counts live judgehosts (heartbeat within 30 s) and says ok', async () => {
    await t.ctx.db.execute(
      sql`INSERT INTO judgehosts (id, name) VALUES ('h-live', 'live'), ('h-old', 'old')`,
    );
    await t.ctx.db.execute(
      sql`UPDATE judgehosts SET last_heartbeat = now() - interval '5 minutes' WHERE id = 'h-old'`,
    );
    await new Promise((r) => setTimeout(r, 1100)); // past the 1 s answer cache
    const { code, body } = await health();
    expect(code).toBe(200);
    expect(body.data.status).toBe('ok');
    expect(body.data.judgehosts).toEqual({ online: 1, unhealthy: 0, total: 2 });
  });

  it('a live judgehost that reported a problem counts as unhealthy, not online: degraded when it is the only one', async () => {
    await t.ctx.db.execute(sql`UPDATE judgehosts SET problem = 'sandbox broken' WHERE id = 'h-live'`);
    await new Promise((r) => setTimeout(r, 1100)); // past the 1 s answer cache
    const { code, body } = await health();
    expect(code).toBe(200);
    expect(body.data.status).toBe('degraded');
    expect(body.data.judgehosts).toEqual({ online: 0, unhealthy: 1, total: 2 });
    expect(JSON.stringify(body.data)).not.toContain('sandbox broken'); // the reason is for the back office
  });

  it('answers 503 closing once the server is shutting down', async () => {
    markClosing(t.ctx);
    const { code, body } = await health();
    expect(code).toBe(503);
    expect(body.data.status).toBe('closing');
  });
});

describe('log format', () => {
  it('JSON when standard output is not a terminal, pretty lines on one', () => {
    // What a line written by pino becomes on an output that is (or is not) a terminal.
    const shown = (isTTY: boolean, format: string | undefined) => {
      let text = '';
      const out = { isTTY, writableLength: 0, write: (s: string) => (text += s) };
      const json = JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 1, 12, 0, 1), msg: 'ready' });
      logStream(out as unknown as NodeJS.WriteStream, format).write(`${json}\n`);
      return text;
    };
    expect(JSON.parse(shown(false, undefined)).msg).toBe('ready');
    expect(JSON.parse(shown(true, 'json')).msg).toBe('ready');
    const pretty = shown(true, undefined);
    expect(pretty).toMatch(/INFO.* ready/);
    expect(() => JSON.parse(pretty)).toThrow();
    const line = prettyLine(
      JSON.stringify({
        level: 30,
        time: Date.UTC(2026, 0, 1, 12, 0, 1),
        msg: 'request completed',
        res: { statusCode: 200 },
        responseTime: 3.14,
        reqId: 'req-1',
      }),
      false,
    );
    expect(line).toMatch(/^\d\d:\d\d:\d\d INFO {2}request completed 200 3\.1ms reqId=req-1\n$/);
    expect(prettyLine('not json', true)).toBe('not json');
  });
});
