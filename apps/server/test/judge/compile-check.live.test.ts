import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import { call } from './judge-helpers.js';
import { type LiveJudgehost, listen, startJudgehost, tokenOf } from './live.js';

const FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../judgehost/test/fixtures',
);
const CHECKER = readFileSync(path.join(FIXTURES, 'spj-testlib-h/checker.cpp'), 'utf8');
const TESTLIB = readFileSync(path.join(FIXTURES, 'common/testlib.h'), 'utf8');

let t: TestApp;
let root: string;
let host: LiveJudgehost;

beforeAll(async () => {
  t = await createTestApp();
  root = await login(t.app, 'root', ROOT_PASSWORD);
  host = startJudgehost(await listen(t.app), await tokenOf(t), { workers: 1 });
}, 60_000);

afterAll(async () => {
  await host?.stop();
  await t?.close();
});

/** Queues a compile check through the admin API and polls compile-result every second until it is not queued. */
async function compile(mode: 'spj' | 'interactive', code: string, extraFiles?: Record<string, string>) {
  const q = await call(t.app, 'POST', `/api/admin/problem/compile-${mode}`, {
    token: root,
    payload: { code, language: 'C++', extraFiles },
  });
  expect(q.code, q.body.msg).toBe(200);
  const until = Date.now() + 120_000;
  for (;;) {
    const r = await call(t.app, 'GET', `/api/admin/problem/compile-result?key=${q.body.data}`, {
      token: root,
    });
    if (r.body.data.status !== 'queued') return r.body.data as { status: string; message: string };
    if (Date.now() > until) throw new Error(`no compile result in time:\n${host.output()}`);
    await new Promise((res) => setTimeout(res, 1000));
  }
}

describe('compile check through the real API and a real judgehost process', () => {
  it('a testlib checker with testlib.h compiles; a broken one answers the compiler message', async () => {
    expect(await compile('spj', CHECKER, { 'testlib.h': TESTLIB })).toEqual({ status: 'ok', message: '' });
    const broken = await compile('interactive', 'int main( { return 0 }\n');
    expect(broken.status).toBe('error');
    expect(broken.message).toMatch(/error/);
  }, 180_000);
});
