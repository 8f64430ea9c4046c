import { GroupAuth, GroupMemberAuth as L, Role } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { makeUser } from '../problem/fixtures.js';
import { groupBody, join, makeGroup, req, setLevel } from './group-fixtures.js';

// Issue 13: joining the three kinds of group, level changes up and down under the rules of doc 3 §4, kicking the
// owner disbands, exit, hidden groups, and the site's limits on creating groups.

let t: TestApp;
const u: Record<string, { uid: string; token: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.config.set('switch', {
    defaultCreateGroupACInitValue: 0,
    defaultCreateGroupDailyLimit: 1000,
    defaultCreateGroupLimit: 1000,
  });
  for (const n of ['owner', 'ann', 'bob', 'cat', 'dan', 'eve', 'stranger'])
    u[n] = await makeUser(t.ctx, n, Role.USER);
  u.boss = await makeUser(t.ctx, 'boss', Role.ROOT);
  u.siteAdmin = await makeUser(t.ctx, 'siteadm', Role.ADMIN);
});
afterAll(async () => t?.close());

const level = async (who: string, gid: number) =>
  (await req(t.app, 'GET', `/api/get-group-auth?gid=${gid}`, { token: u[who].token })).body.data;

describe('joining', () => {
  it('a public group is joined at once; joining twice is refused', async () => {
    const g = await makeGroup(t.app, u.owner.token, groupBody(GroupAuth.PUBLIC));
    expect(await level('owner', g.id)).toBe(L.ROOT);
    const r = await join(t.app, u.ann.token, g.id);
    expect(r.code).toBe(200);
    expect(r.body.data.auth).toBe(L.MEMBER);
    expect(await level('ann', g.id)).toBe(L.MEMBER);
    expect((await join(t.app, u.ann.token, g.id)).body.msgKey).toBe('group.alreadyMember');
    expect((await join(t.app, u.owner.token, g.id)).code).toBe(400);
    const d = await req(t.app, 'GET', `/api/get-group-detail?gid=${g.id}`);
    expect(d.body.data.memberCount).toBe(2);
    expect(d.body.data.code).toBeUndefined();
  });

  it('a protected group takes an application with a reason of 5-100 characters, approved by its admins', async () => {
    const g = await makeGroup(t.app, u.owner.token, groupBody(GroupAuth.PROTECTED));
    expect((await join(t.app, u.bob.token, g.id)).body.msgKey).toBe('group.reasonLength');
    expect((await join(t.app, u.bob.token, g.id, { reason: 'hi' })).body.msgKey).toBe('group.reasonLength');
    expect((await join(t.app, u.bob.token, g.id, { reason: 'x'.repeat(101) })).code).toBe(400);
    const r = await join(t.app, u.bob.token, g.id, { reason: 'I am in your class' });
    expect(r.code).toBe(200);
    expect(r.body.data.auth).toBe(L.APPLYING);
    expect((await join(t.app, u.bob.token, g.id, { reason: 'again please' })).body.msgKey).toBe(
      'group.alreadyApplying',
    );
    // An applicant is not a member: the inside stays closed.
    expect(
      (await req(t.app, 'GET', `/api/group/get-member-list?gid=${g.id}`, { token: u.bob.token })).code,
    ).toBe(403);
    const apps = await req(t.app, 'GET', `/api/group/get-apply-list?gid=${g.id}`, { token: u.owner.token });
    expect(
      apps.body.data.records.map((m: { username: string; reason: string }) => [m.username, m.reason]),
    ).toEqual([['bob', 'I am in your class']]);
    expect((await setLevel(t.app, u.owner.token, g.id, u.bob.uid, L.MEMBER)).code).toBe(200);
    expect(await level('bob', g.id)).toBe(L.MEMBER);
    const members = await req(t.app, 'GET', `/api/group/get-member-list?gid=${g.id}`, { token: u.bob.token });
    expect(members.code).toBe(200);
    expect(members.body.data.records.map((m: { username: string }) => m.username)).toEqual(['owner', 'bob']);
    expect(members.body.data.records.every((m: { reason: unknown }) => m.reason === null)).toBe(true);
  });

  it('a private group needs the invitation code; a refused applicant cannot apply again until removed', async () => {
    const g = await makeGroup(t.app, u.owner.token, groupBody(GroupAuth.PRIVATE, { code: 'Zq9x2p' }));
    expect(
      (await req(t.app, 'GET', `/api/get-group-detail?gid=${g.id}`, { token: u.owner.token })).body.data.code,
    ).toBe('Zq9x2p');
    const reason = { reason: 'Please let me in' };
    expect((await join(t.app, u.cat.token, g.id, reason)).code).toBe(400);
    expect((await join(t.app, u.cat.token, g.id, { ...reason, code: 'zq9x2p' })).body.msgKey).toBe(
      'group.wrongCode',
    );
    expect((await join(t.app, u.cat.token, g.id, { ...reason, code: 'Zq9x2p' })).body.data.auth).toBe(
      L.APPLYING,
    );
    expect((await setLevel(t.app, u.owner.token, g.id, u.cat.uid, L.REFUSED)).code).toBe(200);
    expect(await level('cat', g.id)).toBe(L.REFUSED);
    expect((await join(t.app, u.cat.token, g.id, { ...reason, code: 'Zq9x2p' })).body.msgKey).toBe(
      'group.applicationRefused',
    );
    const del = await req(t.app, 'DELETE', `/api/group/member?gid=${g.id}&uid=${u.cat.uid}`, {
      token: u.owner.token,
    });
    expect(del.code).toBe(200);
    expect((await join(t.app, u.cat.token, g.id, { ...reason, code: 'Zq9x2p' })).code).toBe(200);
  });

  it('one may only join for oneself', async () => {
    const g = await makeGroup(t.app, u.owner.token);
    expect((await join(t.app, u.dan.token, g.id, { uid: u.eve.uid })).code).toBe(403);
  });
});

describe('levels', () => {
  it('admins set levels only below their own and only on members below them; owner and super admins are free', async () => {
    const g = await makeGroup(t.app, u.owner.token);
    for (const n of ['ann', 'bob', 'cat', 'dan']) await join(t.app, u[n].token, g.id);
    // Up: the owner makes ann an admin and bob a root.
    expect((await setLevel(t.app, u.owner.token, g.id, u.ann.uid, L.ADMIN)).code).toBe(200);
    expect((await setLevel(t.app, u.owner.token, g.id, u.bob.uid, L.ROOT)).code).toBe(200);
    // ann (admin, 4) may not raise cat to 4 nor touch another admin; may refuse / restore a plain member.
    expect((await setLevel(t.app, u.ann.token, g.id, u.cat.uid, L.ADMIN)).body.msgKey).toBe(
      'group.levelNotBelowYours',
    );
    expect((await setLevel(t.app, u.ann.token, g.id, u.cat.uid, L.REFUSED)).code).toBe(200);
    expect((await setLevel(t.app, u.ann.token, g.id, u.cat.uid, L.MEMBER)).code).toBe(200);
    expect((await setLevel(t.app, u.ann.token, g.id, u.bob.uid, L.MEMBER)).body.msgKey).toBe(
      'group.memberNotBelowYou',
    );
    expect((await setLevel(t.app, u.ann.token, g.id, u.ann.uid, L.ROOT)).body.msgKey).toBe(
      'group.notYourself',
    );
    // A plain member manages nobody.
    expect((await setLevel(t.app, u.dan.token, g.id, u.cat.uid, L.REFUSED)).code).toBe(403);
    // bob (root, 5) raises cat to admin, cannot make roots, cannot touch the owner.
    expect((await setLevel(t.app, u.bob.token, g.id, u.cat.uid, L.ADMIN)).code).toBe(200);
    expect((await setLevel(t.app, u.bob.token, g.id, u.dan.uid, L.ROOT)).code).toBe(403);
    expect((await setLevel(t.app, u.bob.token, g.id, u.owner.uid, L.MEMBER)).body.msgKey).toBe(
      'group.ownerFixed',
    );
    // Down: the owner lowers bob; a super admin (no member row) sets any level.
    expect((await setLevel(t.app, u.owner.token, g.id, u.bob.uid, L.MEMBER)).code).toBe(200);
    expect(await level('bob', g.id)).toBe(L.MEMBER);
    expect((await setLevel(t.app, u.boss.token, g.id, u.dan.uid, L.ROOT)).code).toBe(200);
    expect((await setLevel(t.app, u.boss.token, g.id, u.dan.uid, L.MEMBER)).code).toBe(200);
    // A site admin who is no member is nobody here.
    expect((await setLevel(t.app, u.siteAdmin.token, g.id, u.dan.uid, L.ADMIN)).code).toBe(403);
    // An unknown member.
    expect((await setLevel(t.app, u.owner.token, g.id, u.eve.uid, L.MEMBER)).code).toBe(404);
  });

  it('kicks follow the same rule; kicking the owner disbands the group; exit', async () => {
    const g = await makeGroup(t.app, u.owner.token);
    for (const n of ['ann', 'bob', 'cat']) await join(t.app, u[n].token, g.id);
    await setLevel(t.app, u.owner.token, g.id, u.ann.uid, L.ADMIN);
    await setLevel(t.app, u.owner.token, g.id, u.bob.uid, L.ADMIN);
    const kick = (who: string, uid: string) =>
      req(t.app, 'DELETE', `/api/group/member?gid=${g.id}&uid=${uid}`, { token: u[who].token });
    expect((await kick('ann', u.bob.uid)).code).toBe(403);
    expect((await kick('ann', u.owner.uid)).code).toBe(403);
    expect((await kick('ann', u.cat.uid)).code).toBe(200);
    expect(await level('cat', g.id)).toBe(0);
    expect(
      (await req(t.app, 'DELETE', `/api/group/member/exit?gid=${g.id}`, { token: u.owner.token })).code,
    ).toBe(400);
    expect(
      (await req(t.app, 'DELETE', `/api/group/member/exit?gid=${g.id}`, { token: u.bob.token })).code,
    ).toBe(200);
    expect(
      (await req(t.app, 'DELETE', `/api/group/member/exit?gid=${g.id}`, { token: u.bob.token })).code,
    ).toBe(400);
    expect((await req(t.app, 'DELETE', `/api/group?gid=${g.id}`, { token: u.ann.token })).code).toBe(403);
    expect((await kick('owner', u.owner.uid)).code).toBe(200);
    expect((await req(t.app, 'GET', `/api/get-group-detail?gid=${g.id}`)).code).toBe(404);
  });

  it('a super admin kicking the owner disbands too', async () => {
    const g = await makeGroup(t.app, u.owner.token);
    const r = await req(t.app, 'DELETE', `/api/group/member?gid=${g.id}&uid=${u.owner.uid}`, {
      token: u.boss.token,
    });
    expect(r.code).toBe(200);
    expect((await req(t.app, 'GET', `/api/get-group-detail?gid=${g.id}`)).code).toBe(404);
  });
});

describe('hidden groups and the list', () => {
  it('shows a hidden group to its members and super admins only', async () => {
    const g = await makeGroup(t.app, u.owner.token, groupBody(GroupAuth.PUBLIC, { visible: false }));
    const names = async (token?: string) =>
      (
        await req(t.app, 'GET', `/api/get-group-list?limit=100&keyword=${encodeURIComponent(g.name)}`, {
          token,
        })
      ).body.data.records.map((r: { id: number }) => r.id);
    expect(await names()).toEqual([]);
    expect(await names(u.stranger.token)).toEqual([]);
    expect(await names(u.owner.token)).toEqual([g.id]);
    expect(await names(u.boss.token)).toEqual([g.id]);
    expect(
      (await req(t.app, 'GET', `/api/get-group-detail?gid=${g.id}`, { token: u.stranger.token })).code,
    ).toBe(404);
    expect((await join(t.app, u.stranger.token, g.id)).code).toBe(404);
    const mine = await req(t.app, 'GET', '/api/get-group-list?onlyMine=true&limit=100', {
      token: u.owner.token,
    });
    expect(mine.body.data.records.map((r: { id: number }) => r.id)).toContain(g.id);
    expect((await req(t.app, 'GET', '/api/get-group-list?onlyMine=true')).code).toBe(401);
  });
});

describe('creation limits (doc 3 System Config "group")', () => {
  it('needs the AC count, then at most N a day and M in all, for ordinary users only', async () => {
    await t.ctx.config.set('switch', { defaultCreateGroupACInitValue: 1 });
    const r = await req(t.app, 'POST', '/api/group', { token: u.eve.token, payload: groupBody() });
    expect(r.code).toBe(403);
    expect(r.body.msgKey).toBe('group.createAcRequired');
    expect(
      (await req(t.app, 'POST', '/api/group', { token: u.siteAdmin.token, payload: groupBody() })).code,
    ).toBe(200);
    await t.ctx.config.set('switch', {
      defaultCreateGroupACInitValue: 0,
      defaultCreateGroupDailyLimit: 2,
      defaultCreateGroupLimit: 3,
    });
    await makeGroup(t.app, u.eve.token);
    await makeGroup(t.app, u.eve.token);
    const third = await req(t.app, 'POST', '/api/group', { token: u.eve.token, payload: groupBody() });
    expect(third.body.msgKey).toBe('group.createDailyLimit');
    await t.ctx.config.set('switch', { defaultCreateGroupDailyLimit: 10, defaultCreateGroupLimit: 2 });
    const over = await req(t.app, 'POST', '/api/group', { token: u.eve.token, payload: groupBody() });
    expect(over.body.msgKey).toBe('group.createTotalLimit');
    await t.ctx.config.set('switch', { defaultCreateGroupDailyLimit: 1000, defaultCreateGroupLimit: 1000 });
  });

  it('refuses taken names and short names (case-insensitive) and bad form fields with 400', async () => {
    const g = await makeGroup(t.app, u.owner.token);
    const dupName = await req(t.app, 'POST', '/api/group', {
      token: u.owner.token,
      payload: groupBody(GroupAuth.PUBLIC, { name: g.name.toUpperCase() }),
    });
    expect(dupName.body.msgKey).toBe('group.nameExists');
    const dupShort = await req(t.app, 'POST', '/api/group', {
      token: u.owner.token,
      payload: groupBody(GroupAuth.PUBLIC, { shortName: g.shortName.toUpperCase() }),
    });
    expect(dupShort.body.msgKey).toBe('group.shortNameExists');
    for (const bad of [
      { name: 'abc' },
      { shortName: 'ab cd e' },
      { brief: 'x' },
      { auth: 4 },
      { code: '12' },
    ]) {
      const r = await req(t.app, 'POST', '/api/group', { token: u.owner.token, payload: groupBody(2, bad) });
      expect(r.code, JSON.stringify(bad)).toBe(400);
    }
    const noCode = await req(t.app, 'POST', '/api/group', {
      token: u.owner.token,
      payload: groupBody(GroupAuth.PRIVATE, { code: '' }),
    });
    expect(noCode.code).toBe(400);
  });

  it('group roots update the group; only super admins disable it', async () => {
    const g = await makeGroup(t.app, u.owner.token);
    await join(t.app, u.ann.token, g.id);
    const put = (token: string, payload: Record<string, unknown>) =>
      req(t.app, 'PUT', '/api/group', { token, payload: { id: g.id, ...payload } });
    expect((await put(u.ann.token, { brief: 'A new brief' })).code).toBe(403);
    expect((await put(u.owner.token, { brief: 'A new brief' })).body.data.brief).toBe('A new brief');
    expect((await put(u.owner.token, { status: 1 })).code).toBe(403);
    expect((await put(u.boss.token, { status: 1 })).code).toBe(200);
    // Disabled: gone for everyone but super admins, its owner included.
    expect(
      (await req(t.app, 'GET', `/api/get-group-detail?gid=${g.id}`, { token: u.owner.token })).code,
    ).toBe(404);
    expect((await req(t.app, 'GET', `/api/get-group-detail?gid=${g.id}`, { token: u.boss.token })).code).toBe(
      200,
    );
  });
});
