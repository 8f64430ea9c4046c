import { Role } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules } from '../../src/modules/index.js';
import { createContest, newProblem } from '../contest/contest-fixtures.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeUser } from './fixtures.js';

// Issue 25 #15: the "add from public problems" search of a contest and of a training lists the problem whose id is
// exactly the keyword first (a teacher types `1001` and wants 1001, not 10010 or 21001 above it).

let t: TestApp;
let root = '';

beforeAll(async () => {
  // The API modules imported ahead: on a loaded machine their first import outlasts Fastify's 10 s plugin timeout.
  for (const m of modules) await m.load();
  t = await createTestApp();
  root = (await makeUser(t.ctx, 'afp_root', Role.ROOT)).token;
  // Created in this order: the contest dialog lists newest first (x1001, 21001, 10010, 1001), the training dialog
  // oldest first (10010, 1001, …): in neither is 1001 first by the old order.
  for (const id of ['10010', '1001', '21001', 'x1001']) await newProblem(t.app, root, id);
});
afterAll(async () => {
  await t?.close();
});

const ids = (body: { data: { problemList: { records: { problemId: string }[] } } }) =>
  body.data.problemList.records.map((r) => r.problemId);

describe('add from public problems: search order', () => {
  it('lists the exact id first in a contest dialog, then the rest newest first', async () => {
    const cid = await createContest(t.app, root);
    const r = await call(t.app, {
      method: 'GET',
      url: `/api/admin/contest/get-problem-list?cid=${cid}&problemType=0&keyword=1001&limit=10`,
      token: root,
    });
    expect(r.code).toBe(200);
    expect(ids(r.body)).toEqual(['1001', 'x1001', '21001', '10010']);
    // Without a keyword: the list's own order (newest first), not a 500.
    const all = await call(t.app, {
      method: 'GET',
      url: `/api/admin/contest/get-problem-list?cid=${cid}&problemType=0&limit=10`,
      token: root,
    });
    expect(all.code).toBe(200);
    expect(ids(all.body)).toEqual(['x1001', '21001', '1001', '10010']);
  });

  it('lists the exact id first in a training dialog, then the rest oldest first', async () => {
    const cat = await call(t.app, {
      method: 'POST',
      url: '/api/admin/training/category',
      token: root,
      payload: { name: 'Order', color: '#00aa00' },
    });
    const tr = await call(t.app, {
      method: 'POST',
      url: '/api/admin/training',
      token: root,
      payload: {
        training: { title: 'Order', description: 'd', auth: 'Public', privatePwd: '' },
        trainingCategory: { id: cat.body.data.id },
      },
    });
    expect(tr.code, JSON.stringify(tr.body)).toBe(200);
    const r = await call(t.app, {
      method: 'GET',
      url: `/api/admin/training/get-problem-list?tid=${tr.body.data.tid}&queryExisted=false&keyword=1001&limit=10`,
      token: root,
    });
    expect(r.code).toBe(200);
    expect(ids(r.body)).toEqual(['1001', '10010', '21001', 'x1001']);
    const all = await call(t.app, {
      method: 'GET',
      url: `/api/admin/training/get-problem-list?tid=${tr.body.data.tid}&queryExisted=false&limit=10`,
      token: root,
    });
    expect(all.code).toBe(200);
    expect(ids(all.body)).toEqual(['10010', '1001', '21001', 'x1001']);
  });
});
