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
    defaultCreateDiscussionDailyLimit: 0,
  });
  for (const n of ['teacher', 'ann', 'ta', 'stranger']) u[n] = await makeUser(t.ctx, n, Role.USER);
  // Site admin roles: one who is a plain member of the group, one who is not in it; a super admin outside it.
  u.admmember = await makeUser(t.ctx, 'admmember', Role.ADMIN);
  u.siteadm = await makeUser(t.ctx, 'siteadm', Role.ADMIN);
  u.root = await makeUser(t.ctx, 'groot', Role.ROOT);
  const g = await makeGroup(t.app, u.teacher.token, groupBody(GroupAuth.PUBLIC));
  gid = g.id;
  await join(t.app, u.ann.token, gid);
  await join(t.app, u.ta.token, gid);
  await join(t.app, u.admmember.token, gid);
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

const put = (who: string, payload: Record<string, unknown>) =>
  req(t.app, 'PUT', '/api/group/discussion', { token: u[who].token, payload });
const ids = (r: Awaited<ReturnType<typeof list>>) => r.body.data.records.map((d: { id: number }) => d.id);
const detail = (who: string, did: number) =>
  req(t.app, 'GET', `/api/get-discussion-detail?did=${did}`, { token: u[who].token });

// Doc 3 "Group discussions": the Discussion Admin table (status select, top switch) and the edit dialog's top
// switch, both through PUT /api/group/discussion; the create dialog's top switch through POST.
describe('group discussion admin: status and top', () => {
  it("a group admin disables a discussion: gone from the members' list and refused to them, kept for admins", async () => {
    const did = (await post('ann', { title: 'Off topic' })).body.data.id;
    const off = await put('ta', { id: did, status: 1 });
    expect(off.code, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.status).toBe(1);
    expect(ids(await list('ann'))).not.toContain(did);
    const adminList = await list('ta', true);
    expect(adminList.body.data.records.find((d: { id: number }) => d.id === did)?.status).toBe(1);
    // Its author and other members cannot open it, nor its comments; the group's admins can (the table's view).
    const refused = await detail('ann', did);
    expect(refused.code).toBe(403);
    expect(refused.body.msgKey).toBe('discussion.disabled');
    expect((await req(t.app, 'GET', `/api/comments?did=${did}`, { token: u.ann.token })).code).toBe(403);
    expect((await detail('ta', did)).code).toBe(200);
    expect((await detail('teacher', did)).code).toBe(200);
    expect((await req(t.app, 'GET', `/api/comments?did=${did}`, { token: u.ta.token })).code).toBe(200);
    // Back to normal: listed again.
    expect((await put('teacher', { id: did, status: 0 })).code).toBe(200);
    expect(ids(await list('ann'))).toContain(did);
    expect((await detail('ann', did)).code).toBe(200);
  });

  it("a group admin pins a discussion: the members' list shows it first", async () => {
    const older = (await post('ann', { title: 'Older' })).body.data.id;
    const newer = (await post('ann', { title: 'Newer' })).body.data.id;
    expect(ids(await list('ann'))[0]).toBe(newer);
    const pin = await put('ta', { id: older, topPriority: true });
    expect(pin.code, JSON.stringify(pin.body)).toBe(200);
    expect(pin.body.data.topPriority).toBe(true);
    const after = await list('ann');
    expect(ids(after)[0]).toBe(older);
    expect(after.body.data.records[0].topPriority).toBe(true);
    expect((await put('ta', { id: older, topPriority: false })).code).toBe(200);
    expect(ids(await list('ann'))[0]).toBe(newer);
  });

  it('a plain member, even its author, gets 403 setting status or top; the author still edits the text', async () => {
    const d = (await post('ann', { title: 'Mine' })).body.data;
    for (const over of [{ status: 1 }, { topPriority: true }]) {
      const r = await put('ann', { id: d.id, ...over });
      expect(r.code, JSON.stringify(over)).toBe(403);
      expect(r.body.msgKey).toBe('group.adminsOnly');
    }
    // A full edit carrying a new pin is refused as a whole: nothing changes.
    const sneaky = await put('ann', {
      id: d.id,
      title: 'Renamed',
      description: d.description,
      categoryId,
      content: 'Help',
      topPriority: true,
    });
    expect(sneaky.code).toBe(403);
    expect((await detail('ann', d.id)).body.data.title).toBe('Mine');
    // The author's edit, also as HOJ's page sends it back (the whole row, status and pin unchanged).
    const edit = await put('ann', {
      ...d,
      title: 'Renamed',
      content: 'Help, please',
      likeNum: 99,
      status: 0,
      topPriority: false,
    });
    expect(edit.code, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.data).toMatchObject({
      title: 'Renamed',
      content: 'Help, please',
      likeNum: 0,
      status: 0,
    });
    // A site admin role that is only a member of the group is a plain member here.
    const adm = await put('admmember', { id: d.id, status: 1 });
    expect(adm.code).toBe(403);
    expect(adm.body.msgKey).toBe('group.adminsOnly');
    // A group admin toggles with the row as listed (others' content null) but may not rewrite the text.
    expect((await put('ta', { ...d, title: 'Renamed', content: null, status: 1 })).code).toBe(200);
    const rewrite = await put('ta', { id: d.id, title: 'Hijacked' });
    expect(rewrite.code).toBe(403);
    expect(rewrite.body.msgKey).toBe('discussion.authorOnly');
    expect((await put('ta', { id: d.id, status: 0 })).code).toBe(200);
  });

  it('outsiders are refused: non-members, a site admin outside the group; a super admin may', async () => {
    const did = (await post('ann', { title: 'Outside eyes' })).body.data.id;
    for (const who of ['stranger', 'siteadm']) {
      const r = await put(who, { id: did, status: 1 });
      expect(r.code, who).toBe(403);
      expect(r.body.msgKey, who).toBe('group.membersOnly');
    }
    expect((await req(t.app, 'PUT', '/api/group/discussion', { payload: { id: did, status: 1 } })).code).toBe(
      401,
    );
    expect(ids(await list('ann'))).toContain(did);
    const root = await put('root', { id: did, status: 1, topPriority: true });
    expect(root.code, JSON.stringify(root.body)).toBe(200);
    expect(root.body.data).toMatchObject({ status: 1, topPriority: true });
    expect(ids(await list('ann'))).not.toContain(did);
    // Unknown discussions and site discussions are not this route's (404).
    expect((await put('root', { id: 987654321, status: 1 })).code).toBe(404);
    const site = await req(t.app, 'POST', '/api/discussion', {
      token: u.root.token,
      payload: { title: 'Site post', description: 'Not a group one', categoryId, content: 'Hi' },
    });
    expect(site.code, JSON.stringify(site.body)).toBe(200);
    const siteDid = site.body.data.id;
    const viaGroup = await put('root', { id: siteDid, status: 1 });
    expect(viaGroup.code).toBe(404);
    expect(viaGroup.body.msgKey).toBe('discussion.notFound');
    expect((await detail('stranger', siteDid)).body.data.status).toBe(0);
  });

  it('bad input is 400 naming the field', async () => {
    const did = (await post('ann', { title: 'Checked' })).body.data.id;
    const cases: [Record<string, unknown>, string][] = [
      [{ status: 2 }, 'status'],
      [{ status: 'disabled' }, 'status'],
      [{ topPriority: 'yes' }, 'topPriority'],
      [{ title: '   ' }, 'title'],
      [{ content: 'x'.repeat(65_536) }, 'content'],
      [{ categoryId: 0 }, 'categoryId'],
      [{ categoryId: 987654 }, 'categoryId'],
    ];
    for (const [over, field] of cases) {
      const r = await put('ann', { id: did, ...over });
      expect(r.code, JSON.stringify(over)).toBe(400);
      expect(r.body.msg, JSON.stringify(over)).toContain(field);
    }
    const noId = await put('ta', { status: 1 });
    expect(noId.code).toBe(400);
    expect(noId.body.msg).toContain('id');
  });

  it("the create dialog's top switch is honoured from the group's admins only", async () => {
    const pinned = async (who: string) =>
      (await post(who, { title: `By ${who}`, topPriority: true })).body.data;
    expect((await pinned('ta')).topPriority).toBe(true);
    expect((await pinned('teacher')).topPriority).toBe(true);
    expect((await pinned('ann')).topPriority).toBe(false);
    expect((await pinned('admmember')).topPriority).toBe(false);
  });
});
