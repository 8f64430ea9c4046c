import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  api,
  buildBundles,
  judgedJobIds,
  loginRoot,
  type Proc,
  problemPid,
  startJudgehost,
  startServer,
  statuses,
  submit,
} from './proc.js';

// Issue 22 item 5: judgehosts that cannot judge do not take jobs. Real compiled servers and judgehosts, A+B in C.
const PASSWORD = 'machines-secret';
const TOKEN = 'machines-judge-token-0123456789';
const FINAL = (s: number | undefined) => s !== undefined && ![5, 6, 7].includes(s);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-machines-'));
// The sandbox runs programs (and the bwrap wrapper below) under other uids: they must traverse into it.
fs.chmodSync(tmp, 0o711);
const procs: Proc[] = [];

afterAll(async () => {
  await Promise.all(procs.map((p) => p.stop('SIGKILL')));
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Polls `probe` every 200 ms until it returns a value other than undefined; throws with `what` after `ms`. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 180_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`still waiting after ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Waits until every submission of `ids` is final; returns their statuses in order. */
async function finalStatuses(url: string, token: string, ids: number[]): Promise<number[]> {
  return until(`submissions ${ids} judged`, async () => {
    const s = await statuses(url, token, ids);
    return ids.every((id) => FINAL(s.get(id))) ? ids.map((id) => s.get(id) as number) : undefined;
  });
}

/** The JSON log lines of `output` with message `msg`. */
function lines(output: string, msg: string): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  for (const line of output.split('\n')) {
    try {
      const o = JSON.parse(line) as Record<string, unknown>;
      if (o.msg === msg) found.push(o);
    } catch {
      // not a JSON line
    }
  }
  return found;
}

// Processes of their own, independent of TEST_DATABASE_URL: run once in CI (the PGlite pass).
describe.skipIf(!!process.env.TEST_DATABASE_URL)('judgehosts that cannot judge do not take jobs', () => {
  it('two servers with embedded judges on one machine, default settings: both judge A+B Accepted', async () => {
    buildBundles();
    const servers = [];
    for (const name of ['one', 'two']) {
      const server = await startServer({
        OJ_DATA_DIR: path.join(tmp, name),
        OJ_ADMIN_PASSWORD: PASSWORD,
        OJ_EMBEDDED_JUDGE_WORKERS: '1',
        // Default settings: no uid range configured.
        OJ_SANDBOX_UID_BASE: undefined,
        OJ_SANDBOX_UID_COUNT: undefined,
      });
      procs.push(server);
      servers.push(server);
    }
    const verdicts = await Promise.all(
      servers.map(async (server) => {
        const token = await loginRoot(server.url, PASSWORD);
        const pid = await problemPid(server.url, token);
        const id = await submit(server.url, token, pid, true);
        return (await finalStatuses(server.url, token, [id]))[0];
      }),
    );
    const output = servers.map((s) => s.output());
    expect(verdicts, output.join('\n').slice(-4000)).toEqual([0, 0]);
    // Each embedded judgehost says which range it took, and they differ.
    const ranges = output.map((o) => {
      const [start] = lines(o, 'starting');
      expect(start, o.slice(-3000)).toMatchObject({
        uidsFrom: 'the first free range (OJ_SANDBOX_UID_BASE unset)',
      });
      return start.uids;
    });
    expect(ranges[0]).toMatch(/^\d+\.\.\d+$/);
    expect(ranges[0]).not.toBe(ranges[1]);
    for (const server of servers) expect(await server.stop('SIGTERM')).toBe(0);
  }, 600_000);

  it('a judgehost whose sandbox cannot start gives its jobs back (no System Error), reports itself unhealthy, and another judges them', async () => {
    buildBundles();
    const server = await startServer({
      OJ_DATA_DIR: path.join(tmp, 'broken'),
      OJ_ADMIN_PASSWORD: PASSWORD,
      OJ_EMBEDDED_JUDGE_WORKERS: '0',
      OJ_JUDGE_TOKEN: TOKEN,
    });
    procs.push(server);
    const token = await loginRoot(server.url, PASSWORD);
    const pid = await problemPid(server.url, token);
    const uidBase = Number(process.env.OJ_TEST_UID_OFFSET ?? 0) + 90_000 + (process.pid % 200) * 16;

    // The broken judgehost's bubblewrap is a wrapper: working at its start, failing from then on.
    const bwrap = path.join(tmp, 'bwrap');
    const writeWrapper = (body: string) => {
      fs.writeFileSync(`${bwrap}.new`, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
      fs.renameSync(`${bwrap}.new`, bwrap);
    };
    writeWrapper('exec /usr/bin/bwrap "$@"');
    const broken = startJudgehost({
      server: server.url,
      token: TOKEN,
      name: 'broken',
      cacheDir: path.join(tmp, 'cache-broken'),
      workers: 2,
      uidBase,
      env: { OJ_BWRAP: bwrap },
    });
    procs.push(broken);
    await until('the broken judgehost registered', async () =>
      lines(broken.output(), 'registered').length ? true : undefined,
    );
    expect(lines(broken.output(), 'registered')[0], broken.output()).not.toHaveProperty('problem');
    writeWrapper('echo "bwrap: broken for this test" >&2; exit 1');

    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await submit(server.url, token, pid, true));
    // It leases a job, finds its sandbox broken, gives the job back and stops leasing.
    await until('the broken judgehost reported unhealthy', async () => {
      const h = await api(server.url, 'GET', '/api/health');
      return h.body.data.judgehosts.unhealthy === 1 ? true : undefined;
    });
    expect(lines(broken.output(), 'giving the job back: this machine cannot judge').length).toBeGreaterThan(
      0,
    );
    const health = await api(server.url, 'GET', '/api/health');
    expect(health.body.data).toMatchObject({ status: 'degraded', judgehosts: { online: 0, unhealthy: 1 } });
    const page = await api(server.url, 'GET', '/api/admin/judge/get-judge-server-status', { token });
    expect(page.body.data.judgeServerList).toMatchObject([{ name: 'broken', healthy: false }]);
    expect(page.body.data.judgeServerList[0].problem).toContain('sandbox check failed');
    // Nothing ended in System Error: the jobs wait in the queue. Its second worker may still hold a job it leased
    // before the first found the sandbox broken; that one comes back too, a moment later.
    const waiting = await until(
      'every job back in the queue',
      async () => {
        const now = await statuses(server.url, token, ids);
        const codes = ids.map((id) => now.get(id));
        return codes.every((c) => c === 5 || c === 6) && codes.some((c) => c === 6) ? undefined : codes;
      },
      60_000,
    );
    expect(waiting).toEqual(ids.map(() => 5));

    const good = startJudgehost({
      server: server.url,
      token: TOKEN,
      name: 'good',
      cacheDir: path.join(tmp, 'cache-good'),
      workers: 2,
      uidBase: uidBase + 8,
    });
    procs.push(good);
    expect(await finalStatuses(server.url, token, ids), good.output().slice(-3000)).toEqual([0, 0, 0]);
    expect(judgedJobIds(broken.output())).toEqual([]);
    expect(judgedJobIds(good.output()).length).toBe(3);
    for (const p of [good, broken, server]) expect(await p.stop('SIGTERM')).toBe(0);
  }, 600_000);
});
