import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isJudgingStatus } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { getJudgeToken } from '../../src/modules/judge/token.js';
import type { TestApp } from '../helpers.js';

let liveCount = 0;
const JUDGEHOST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../judgehost');

/** A real judgehost process (apps/judgehost/src/main.ts) serving `serverUrl`. */
export interface LiveJudgehost {
  child: ChildProcess;
  name: string;
  output: () => string;
  /** SIGTERM and wait for exit. */
  stop(): Promise<void>;
}

/** Starts a judgehost child process with its own cache dir; resolves once spawned (it registers by itself). */
export function startJudgehost(
  serverUrl: string,
  token: string,
  opts: { name?: string; workers?: number; cacheDir?: string } = {},
): LiveJudgehost {
  const name = opts.name ?? `jh-${randomBytes(3).toString('hex')}`;
  const cacheDir = opts.cacheDir ?? mkdtempSync(path.join(tmpdir(), 'oj-jh-'));
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(JUDGEHOST_DIR, 'src/main.ts'),
      '--server',
      serverUrl,
      '--workers',
      String(opts.workers ?? 2),
      '--name',
      name,
      '--cache',
      cacheDir,
    ],
    {
      cwd: JUDGEHOST_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
      // The token by environment (never on the command line); a uid range of its own per live judgehost (the
      // judgehost locks its range, and several may run at once).
      env: {
        ...process.env,
        OJ_JUDGE_TOKEN: token,
        OJ_SANDBOX_UID_BASE: String(
          Number(process.env.OJ_TEST_UID_OFFSET ?? 0) +
            66000 +
            (process.pid % 200) * 40 +
            (liveCount++ % 5) * 8,
        ),
        OJ_SANDBOX_UID_COUNT: '8',
      },
    },
  );
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<void>((r) => child.on('exit', () => r()));
  return {
    child,
    name,
    output: () => out,
    async stop() {
      if (child.exitCode == null && child.signalCode == null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Listens on 127.0.0.1 (port 0 = any) and returns the base URL. */
export async function listen(app: FastifyInstance, port = 0): Promise<string> {
  await app.listen({ port, host: '127.0.0.1' });
  const a = app.server.address();
  if (!a || typeof a !== 'object') throw new Error('no address');
  return `http://127.0.0.1:${a.port}`;
}

/** The judge token of a test app. */
export const tokenOf = (t: TestApp) => getJudgeToken(t.ctx);

/** A multipart body with one file field. */
export function multipart(field: string, filename: string, data: Buffer) {
  const boundary = `----oj${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Polls the submission until its status is final; returns the submission view. Throws after `timeoutMs`. */
export async function waitJudged(app: FastifyInstance, token: string, submitId: number, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/get-submission-detail?submitId=${submitId}`,
      headers: { authorization: token },
    });
    const s = res.json().data.submission;
    if (!isJudgingStatus(s.status)) return s;
    if (Date.now() > until) throw new Error(`submission ${submitId} still ${s.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
