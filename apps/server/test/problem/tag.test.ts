import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeRoleUsers, type RoleTokens } from './fixtures.js';

let t: TestApp;
let tok: RoleTokens;
beforeAll(async () => {
  t = await createTestApp();
  tok = await makeRoleUsers(t.ctx);
});
afterAll(async () => {
  await t.close();
});

describe('tag admin and public tag lists', () => {
  it('only admin roles manage tags (401 anonymous, 403 user)', async () => {
    for (const r of [
      { method: 'GET' as const, url: '/api/admin/tag' },
      { method: 'POST' as const, url: '/api/admin/tag', payload: { name: 'x' } },
      { method: 'PUT' as const, url: '/api/admin/tag', payload: { id: 1, name: 'x' } },
      { method: 'DELETE' as const, url: '/api/admin/tag?tid=1' },
      { method: 'GET' as const, url: '/api/admin/tag/classification' },
      { method: 'POST' as const, url: '/api/admin/tag/classification', payload: { name: 'x' } },
      { method: 'PUT' as const, url: '/api/admin/tag/classification', payload: { id: 1, name: 'x' } },
      { method: 'DELETE' as const, url: '/api/admin/tag/classification?tcid=1' },
    ]) {
      expect((await call(t.app, r)).code).toBe(401);
      expect((await call(t.app, { ...r, token: tok.user })).code).toBe(403);
    }
    for (const role of ['problemAdmin', 'admin', 'root'] as const) {
      expect((await call(t.app, { method: 'GET', url: '/api/admin/tag', token: tok[role] })).code).toBe(200);
    }
  });
  it('creates, renames, classifies and deletes tags; duplicates and bad input give 400 naming the field', async () => {
    const cls = await call(t.app, {
      method: 'POST',
      url: '/api/admin/tag/classification',
      token: tok.admin,
      payload: { name: 'Algorithms', rank: 2 },
    });
    expect(cls.code).toBe(200);
    const cls2 = await call(t.app, {
      method: 'POST',
      url: '/api/admin/tag/classification',
      token: tok.admin,
      payload: { name: 'Basics', rank: 1 },
    });
    const dp = await call(t.app, {
      method: 'POST',
      url: '/api/admin/tag',
      token: tok.admin,
      payload: { name: 'dp', color: '#ff0000', classificationId: cls.body.data.id },
    });
    expect(dp.code).toBe(200);
    expect(dp.body.data).toMatchObject({ name: 'dp', color: '#ff0000', oj: 'ME' });
    const loose = await call(t.app, {
      method: 'POST',
      url: '/api/admin/tag',
      token: tok.admin,
      payload: { name: 'misc' },
    });
    expect(loose.body.data.color).toBe('#409eff');
    const dup = await call(t.app, {
      method: 'POST',
      url: '/api/admin/tag',
      token: tok.admin,
      payload: { name: 'DP' },
    });
    expect(dup.code).toBe(400);
    expect(dup.body.msg).toBe('name: the tag "DP" already exists');
    expect(
      (await call(t.app, { method: 'POST', url: '/api/admin/tag', token: tok.admin, payload: { name: ' ' } }))
        .body.msg,
    ).toBe('name is required');
    const badColor = await call(t.app, {
      method: 'POST',
      url: '/api/admin/tag',
      token: tok.admin,
      payload: { name: 'c', color: 'url(x)' },
    });
    expect(badColor.code).toBe(400);
    expect(badColor.body.msg).toContain('color');
    const badCls = await call(t.app, {
      method: 'POST',
      url: '/api/admin/tag',
      token: tok.admin,
      payload: { name: 'c2', classificationId: 99999 },
    });
    expect(badCls.body.msg).toContain('classificationId');
    const badRank = await call(t.app, {
      method: 'POST',
      url: '/api/admin/tag/classification',
      token: tok.admin,
      payload: { name: 'r', rank: -1 },
    });
    expect(badRank.code).toBe(400);
    expect(badRank.body.msg).toContain('rank');

    const grouped = await call(t.app, {
      method: 'GET',
      url: '/api/get-problem-tags-and-classification?oj=ME',
    });
    expect(
      grouped.body.data.map(
        (g: { classification: { name: string } | null }) => g.classification?.name ?? null,
      ),
    ).toEqual(['Basics', 'Algorithms', null]);
    expect(grouped.body.data[1].tagList.map((x: { name: string }) => x.name)).toEqual(['dp']);
    expect(grouped.body.data[2].tagList.map((x: { name: string }) => x.name)).toEqual(['misc']);

    const ren = await call(t.app, {
      method: 'PUT',
      url: '/api/admin/tag',
      token: tok.admin,
      payload: { id: dp.body.data.id, name: 'dynamic programming', classificationId: cls2.body.data.id },
    });
    expect(ren.body.data.name).toBe('dynamic programming');
    const clash = await call(t.app, {
      method: 'PUT',
      url: '/api/admin/tag',
      token: tok.admin,
      payload: { id: dp.body.data.id, name: 'misc' },
    });
    expect(clash.code).toBe(400);
    expect(
      (
        await call(t.app, {
          method: 'PUT',
          url: '/api/admin/tag/classification',
          token: tok.admin,
          payload: { id: cls.body.data.id, name: 'Algo' },
        })
      ).body.data.name,
    ).toBe('Algo');
    expect(
      (
        await call(t.app, {
          method: 'DELETE',
          url: `/api/admin/tag/classification?tcid=${cls2.body.data.id}`,
          token: tok.admin,
        })
      ).code,
    ).toBe(200);
    const all = await call(t.app, { method: 'GET', url: '/api/get-all-problem-tags' });
    expect(
      all.body.data.find((x: { name: string }) => x.name === 'dynamic programming').classificationId,
    ).toBeNull();
    expect(
      (
        await call(t.app, {
          method: 'DELETE',
          url: `/api/admin/tag?tid=${dp.body.data.id}`,
          token: tok.admin,
        })
      ).code,
    ).toBe(200);
    expect(
      (
        await call(t.app, {
          method: 'DELETE',
          url: `/api/admin/tag?tid=${dp.body.data.id}`,
          token: tok.admin,
        })
      ).code,
    ).toBe(404);
    expect(
      (await call(t.app, { method: 'GET', url: '/api/get-all-problem-tags' })).body.data.map(
        (x: { name: string }) => x.name,
      ),
    ).toEqual(['misc']);
    const cfOnly = await call(t.app, { method: 'GET', url: '/api/get-all-problem-tags?oj=CF' });
    expect(cfOnly.body.data).toEqual([]);
  });
});
