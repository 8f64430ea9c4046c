import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { newExtensionPoints } from '../../src/app-events.js';
import type { AppContext } from '../../src/context.js';
import { openDb } from '../../src/db/client.js';
import { seed } from '../../src/db/seed.js';
import { loadEnv } from '../../src/env.js';
import { ConfigService } from '../../src/modules/config/config.service.js';
import { queueSettings } from '../../src/modules/judge/queue.js';
import { getJudgeToken } from '../../src/modules/judge/token.js';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import { aPlusB, call } from './judge-helpers.js';
import { type LiveJudgehost, listen, startJudgehost, tokenOf, waitJudged } from './live.js';

const SLOW_AC = {
  language: 'C++',
  // Correct, but sleeps 0.4 s of wall time per case: long enough to be killed mid-judging.
  code: '#include <iostream>\n#include <unistd.h>\nint main(){long a,b;std::cin>>a>>b;usleep(400000);std::cout<<a+b<<"\\n";}\n',
};

const hosts: LiveJudgehost[] = [];
const cleanups: (() => Promise<void>)[] = [];
const saved = { ...queueSettings };
afterEach(async () => {
  for (const h of hosts.splice(0)) {
    h.child.kill('SIGKILL');
    await h.stop();
  }
  for (const c of cleanups.splice(0).reverse()) await c();
  Object.assign(queueSettings, saved);
});

describe('judge faults', () => {
  it('a judgehost killed (SIGKILL) while judging: the submission is judged by a second judgehost', async () => {
    Object.assign(queueSettings, { leaseSeconds: 4, sweepMs: 500 });
    const t: TestApp = await createTestApp();
    cleanups.push(() => t.close());
    await t.ctx.config.set('switch', { defaultSubmitInterval: 0 });
    const root = await login(t.app, 'root', ROOT_PASSWORD);
    const url = await listen(t.app);
    const { problemId } = await aPlusB(t.ctx);
    const a = startJudgehost(url, await tokenOf(t), { name: 'victim', workers: 1 });
    hosts.push(a);
    const r = await call(t.app, 'POST', '/api/submit-problem-judge', {
      token: root,
      payload: { pid: problemId, ...SLOW_AC, cid: 0 },
    });
    const id = r.body.data.submitId as number;
    // Wait until the victim is judging it, then kill it without any cleanup.
    for (let i = 0; i < 600; i++) {
      const d = await call(t.app, 'GET', `/api/get-submission-detail?submitId=${id}`, { token: root });
      if (d.body.data.submission.status === 7) break;
      await new Promise((x) => setTimeout(x, 50));
    }
    a.child.kill('SIGKILL');
    await a.stop();
    const b = startJudgehost(url, await tokenOf(t), { name: 'rescuer', workers: 1 });
    hosts.push(b);
    const s = await waitJudged(t.app, root, id, 120_000);
    expect(s.status).toBe(0);
    expect(s.judger).toBe('rescuer');
    const attempts = (await t.ctx.db.execute(
      `SELECT attempts FROM judge_jobs WHERE submit_id = ${id}`,
    )) as unknown as {
      rows: { attempts: number }[];
    };
    expect(attempts.rows[0].attempts).toBe(1);
  }, 240_000);

  it('a server restart with submissions queued loses nothing: all are judged after it comes back', async () => {
    const dataDir = path.join('/tmp', `oj-restart-${randomBytes(5).toString('hex')}`);
    const envVars = {
      OJ_DATA_DIR: dataDir,
      OJ_ADMIN_PASSWORD: ROOT_PASSWORD,
      OJ_JWT_SECRET: randomBytes(24).toString('hex'),
      OJ_EMBEDDED_JUDGE_WORKERS: '0',
      LOG_LEVEL: 'silent',
    };
    // PGlite on disk, or a database of its own on TEST_DATABASE_URL, kept between the two apps.
    mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
    const pgUrl = process.env.TEST_DATABASE_URL;
    let dbUrl: string | undefined;
    if (pgUrl) {
      const name = `oj_restart_${randomBytes(5).toString('hex')}`;
      await adminQuery(pgUrl, `CREATE DATABASE "${name}"`);
      cleanups.push(() => adminQuery(pgUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      const u = new URL(pgUrl);
      u.pathname = `/${name}`;
      dbUrl = u.toString();
    }
    const boot = async () => {
      const handle = await openDb(
        dbUrl ? { url: dbUrl, poolSize: 4 } : { dataDir: path.join(dataDir, 'pglite') },
      );
      const ctx: AppContext = {
        env: loadEnv(envVars),
        db: handle.db,
        dbKind: handle.kind,
        config: new ConfigService(handle.db),
        ...newExtensionPoints(),
      };
      await seed(ctx);
      const app = await buildApp({ ctx });
      await app.ready();
      return {
        app,
        ctx,
        close: async () => {
          await app.close();
          await handle.close();
        },
      };
    };

    const first = await boot();
    await first.ctx.config.set('switch', { defaultSubmitInterval: 0 });
    const token = await login(first.app, 'root', ROOT_PASSWORD);
    const url = await listen(first.app);
    const port = Number(new URL(url).port);
    const { problemId } = await aPlusB(first.ctx);
    // No judgehost runs while these are queued.
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await call(first.app, 'POST', '/api/submit-problem-judge', {
        token,
        payload: {
          pid: problemId,
          language: 'C',
          code: `#include <stdio.h>\nint main(){int a,b;scanf("%d%d",&a,&b);printf("%d\\n",a+b${i ? '' : '+1'});}\n`,
          cid: 0,
        },
      });
      expect(r.code, r.body.msg).toBe(200);
      ids.push(r.body.data.submitId);
    }
    const judgeToken = await getJudgeToken(first.ctx);
    await first.close();

    // The judgehost starts while the server is down: it keeps retrying until the server is back.
    const h = startJudgehost(url, judgeToken, { name: 'patient', workers: 2 });
    hosts.push(h);
    await new Promise((x) => setTimeout(x, 1500));

    const second = await boot();
    cleanups.push(second.close);
    await listen(second.app, port);
    const statuses = [];
    for (const id of ids) statuses.push((await waitJudged(second.app, token, id, 180_000)).status);
    expect(statuses).toEqual([-1, 0, 0, 0]);
  }, 300_000);

  it('a judgehost stopped (SIGTERM) with jobs queued judges each job once and leaves none on an expiring lease', async () => {
    const t: TestApp = await createTestApp();
    cleanups.push(() => t.close());
    await t.ctx.config.set('switch', { defaultSubmitInterval: 0 });
    const root = await login(t.app, 'root', ROOT_PASSWORD);
    const url = await listen(t.app);
    const { problemId } = await aPlusB(t.ctx);
    const code =
      '#include <iostream>\n#include <unistd.h>\nint main(){long a,b;std::cin>>a>>b;usleep(100000);std::cout<<a+b<<"\\n";}\n';
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await call(t.app, 'POST', '/api/submit-problem-judge', {
        token: root,
        payload: { pid: problemId, language: 'C++', code, cid: 0 },
      });
      ids.push(r.body.data.submitId as number);
    }
    const a = startJudgehost(url, await tokenOf(t), { name: 'first', workers: 2 });
    hosts.push(a);
    // Stop it as soon as its first verdict lands: its workers are then judging, posting or asking for more.
    await waitJudged(t.app, root, ids[0], 120_000);
    await a.stop();
    const b = startJudgehost(url, await tokenOf(t), { name: 'second', workers: 2 });
    hosts.push(b);
    // Well inside the 30 s lease: a job left leased to the stopped judgehost would not be judged in time.
    const verdicts = [];
    for (const id of ids) verdicts.push(await waitJudged(t.app, root, id, 25_000));
    expect(verdicts.map((v) => v.status)).toEqual(ids.map(() => 0));
    expect(new Set(verdicts.map((v) => v.judger))).toEqual(new Set(['first', 'second']));
    const jobs = (await t.ctx.db.execute(
      'SELECT state, attempts FROM judge_jobs ORDER BY id',
    )) as unknown as {
      rows: { state: string; attempts: number }[];
    };
    expect(jobs.rows).toEqual(ids.map(() => ({ state: 'done', attempts: 0 })));
  }, 240_000);
});

async function adminQuery(url: string, q: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}
