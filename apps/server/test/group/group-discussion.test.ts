import { GroupAuth, Role } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discussionCategories } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { makeUser, problemBody } from '../problem/fixtures.js';
import { groupBody, join, makeGroup, req, setLevel } from './group-fixtures.js';

// Issue 13 with issue 12: a group's discussions are the community area's, scoped by gid: its members post and
// read them (about the group's problems too), its admins moderate, nobody outside sees them.

let t: TestApp;
const u: Record<string, { uid: string; token: string }> = {};
let gid = 0;
let categoryId = 0;
let problemId = '';

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.config.set('switch', {
    defaultCreateGroupACInitValue: 0,
    defaultCreateDiscussionACInitValue: 0,
  });
  for (const n of ['teacher', 'ann', 'ta', 'stranger']) u[n] = await makeUser(t.ctx, n, Role.USER);
  const g = await makeGroup(t.app, u.teacher.token, groupBody(GroupAuth.PUBLIC));
  gid = g.id;
  await join(t.app, u.ann.token, gid);
  await join(t.app, u.ta.token, gid);
  await setLevel(t.app, u.teacher.token, gid, u.ta.uid, 4);
  const [c] = await t.ctx.db
    .insert(discussionCategories)
    .values({ name: 'General' })
    .returning({ id: discussionCategories.id });
  categoryId = c.id;
  const p = await req(t.app, 'POST', '/api/group/problem', {
    token: u.teacher.token,
    payload: problemBody('1001', { gid }),
  });
  problemId = p.body.data.problemId;
});
afterAll(async () => t?.close());

const post = (who: string, over: Record<string, unknown> = {}) =>
  req(t.app, 'POST', '/api/group/discussion', {
    token: u[who].token,
    payload: { gid, title: 'Stuck', description: 'On the first one', categoryId, content: 'Help', ...over },
  });
const list = async (who: string, admin = false) =>
  req(t.app, 'GET', `/api/group/get-${admin ? 'admin-' : ''}discussion-list?gid=${gid}`, {
    token: u[who].token,
  });

describe('group discussions', () => {
  it('members post, also about a problem of the group; the list is the group only', async () => {
    const r = await post('ann', { pid: problemId });
    expect(r.code, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.title).toBe(`[${problemId}] Stuck`);
    const did = r.body.data.id;
    const mine = await list('ann');
    expect(mine.body.data.records.map((d: { id: number }) => d.id)).toEqual([did]);
    const pub = await req(t.app, 'GET', '/api/get-discussion-list', { token: u.stranger.token });
    expect(pub.body.data.records.map((d: { id: number }) => d.id)).not.toContain(did);
    expect((await list('stranger')).code).toBe(403);
    expect((await post('stranger')).code).toBe(403);
    const detail = await req(t.app, 'GET', `/api/get-discussion-detail?did=${did}`, {
      token: u.stranger.token,
    });
    expect(detail.code).toBe(403);
  });

  it('group admins see disabled ones in their list and delete any; members delete only their own', async () => {
    const r = await post('ann', { title: 'Second' });
    const did = r.body.data.id;
    expect((await list('ann', true)).code).toBe(403);
    expect((await list('ta', true)).code).toBe(200);
    const del = (who: string) =>
      req(t.app, 'DELETE', `/api/group/discussion?did=${did}`, { token: u[who].token });
    const other = await post('teacher', { title: 'Rules' });
    expect(
      (await req(t.app, 'DELETE', `/api/group/discussion?did=${other.body.data.id}`, { token: u.ann.token }))
        .code,
    ).toBe(403);
    expect((await del('ta')).code).toBe(200);
  });

  it('the group-discussion switch closes them all', async () => {
    await t.ctx.config.set('website', { openGroupDiscussion: false });
    expect((await list('ann')).code).toBe(403);
    expect((await post('ann')).code).toBe(403);
    await t.ctx.config.set('website', { openGroupDiscussion: true });
  });
});
