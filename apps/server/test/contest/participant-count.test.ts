import { Role } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeUser } from '../problem/fixtures.js';
import { addProblem, contestSubmit, createContest, newProblem } from './contest-fixtures.js';

// Issue 25 item 8: a public contest's participant count (doc 2 §2.6 list, §3 Contest `count`) counts those who
// submitted, as the board does (not only registrations, which public contests never have); the creator and super
// admins are left off as on the board. On PGlite or PostgreSQL (TEST_DATABASE_URL).

let t: TestApp;
const tok = {} as Record<'creator' | 'root' | 'a' | 'b' | 'idle', string>;

beforeAll(async () => {
  t = await createTestApp();
  tok.creator = (await makeUser(t.ctx, 'pc_creator', Role.PROBLEM_ADMIN)).token;
  tok.root = (await makeUser(t.ctx, 'pc_root', Role.ROOT)).token;
  tok.a = (await makeUser(t.ctx, 'pc_a', Role.USER)).token;
  tok.b = (await makeUser(t.ctx, 'pc_b', Role.USER)).token;
  tok.idle = (await makeUser(t.ctx, 'pc_idle', Role.USER)).token;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => call(t.app, { method: 'GET', url, token });

describe('participant count of a public contest', () => {
  it('counts each user who submitted once, not the creator or a super admin', async () => {
    const pid = await newProblem(t.app, tok.root, 'PC-A');
    const cid = await createContest(t.app, tok.creator, { auth: 0 });
    await addProblem(t.app, tok.creator, cid, pid, 'A');
    expect((await get(`/api/get-contest-info?cid=${cid}`, tok.idle)).body.data.count).toBe(0);
    for (const who of ['a', 'a', 'b', 'creator', 'root'] as const) {
      expect((await contestSubmit(t.app, tok[who], cid, 'A')).code).toBe(200);
    }
    expect((await get(`/api/get-contest-info?cid=${cid}`, tok.idle)).body.data.count).toBe(2);
    const list = await get('/api/get-contest-list?limit=100', tok.idle);
    const row = list.body.data.records.find((c: { id: number }) => c.id === cid);
    expect(row.count).toBe(2);
  });
});
