import { Role } from '@oj/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import { call, makeUser } from '../problem/fixtures.js';

// Admin "Users" (issue 9 §2): list, edit, delete, CSV batch import, generate + xlsx download, through the real app.

let t: TestApp;
let root: string;
let rootUid: string;

beforeAll(async () => {
  t = await createTestApp();
  root = await login(t.app, 'root', ROOT_PASSWORD);
  const me = await call(t.app, {
    method: 'GET',
    url: '/api/admin/user/get-user-list?keyword=root',
    token: root,
  });
  rootUid = me.body.data.records.find((r: { username: string }) => r.username === 'root').uid;
});
afterAll(async () => {
  await t?.close();
});

const list = (q: string) =>
  call(t.app, { method: 'GET', url: `/api/admin/user/get-user-list?${q}`, token: root });

describe('admin user list', () => {
  it('searches by keyword and filters by role, without password hashes', async () => {
    await makeUser(t.ctx, 'lister_a', Role.USER);
    await makeUser(t.ctx, 'lister_b', Role.ADMIN);
    const all = await list('keyword=lister_&limit=1&currentPage=2');
    expect(all.code).toBe(200);
    expect(all.body.data.total).toBe(2);
    expect(all.body.data.records).toHaveLength(1);
    expect(JSON.stringify(all.body.data)).not.toContain('passwordHash');
    const admins = await list(`keyword=lister_&role=${Role.ADMIN}`);
    expect(admins.body.data.records.map((r: { username: string }) => r.username)).toEqual(['lister_b']);
  });
});

describe('edit user', () => {
  it('sets a new password the user can sign in with, and ends their sessions', async () => {
    const u = await makeUser(t.ctx, 'edit_pw', Role.USER);
    const res = await call(t.app, {
      method: 'PUT',
      url: '/api/admin/user/edit-user',
      token: root,
      payload: { uid: u.uid, password: 'brandnew99' },
    });
    expect(res.code).toBe(200);
    const old = await call(t.app, { method: 'GET', url: '/api/get-user-auth-info', token: u.token });
    expect(old.code).toBe(401);
    await expect(login(t.app, 'edit_pw', 'brandnew99')).resolves.toBeTruthy();
  });

  it('changes role and disables; a disabled user cannot sign in', async () => {
    const u = await makeUser(t.ctx, 'edit_role', Role.USER);
    await call(t.app, {
      method: 'PUT',
      url: '/api/admin/user/edit-user',
      token: root,
      payload: { uid: u.uid, role: Role.NO_SUBMIT, status: 1, password: 'whatever1' },
    });
    const row = (await list('keyword=edit_role')).body.data.records[0];
    expect(row).toMatchObject({ role: Role.NO_SUBMIT, status: 1 });
    await expect(login(t.app, 'edit_role', 'whatever1')).rejects.toThrow();
  });

  it("refuses a change of one's own role or status, so an enabled super admin always remains", async () => {
    const edit = (token: string, payload: object) =>
      call(t.app, {
        method: 'PUT',
        url: '/api/admin/user/edit-user',
        token,
        payload: { uid: rootUid, ...payload },
      });
    expect((await edit(root, { role: Role.USER })).code).toBe(400);
    expect((await edit(root, { status: 1 })).code).toBe(400);
    // Another super admin may disable root and enable it again.
    const other = await makeUser(t.ctx, 'root_b', Role.ROOT);
    expect((await edit(other.token, { status: 1 })).code).toBe(200);
    await expect(login(t.app, 'root', ROOT_PASSWORD)).rejects.toThrow();
    expect((await edit(other.token, { status: 0 })).code).toBe(200);
    root = await login(t.app, 'root', ROOT_PASSWORD);
    expect((await list('keyword=root')).code).toBe(200);
  });

  it('answers 400 naming the field for a bad role and 404 for an unknown uid', async () => {
    const bad = await call(t.app, {
      method: 'PUT',
      url: '/api/admin/user/edit-user',
      token: root,
      payload: { uid: rootUid, role: 42 },
    });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('role');
    const gone = await call(t.app, {
      method: 'PUT',
      url: '/api/admin/user/edit-user',
      token: root,
      payload: { uid: 'nope', status: 0 },
    });
    expect(gone.code).toBe(404);
  });
});

describe('delete users', () => {
  it('deletes a batch, but never the caller or a super admin', async () => {
    const a = await makeUser(t.ctx, 'del_a', Role.USER);
    const b = await makeUser(t.ctx, 'del_b', Role.USER);
    const r2 = await makeUser(t.ctx, 'del_root', Role.ROOT);
    const del = (ids: string[]) =>
      call(t.app, { method: 'DELETE', url: '/api/admin/user/delete-user', token: root, payload: { ids } });
    expect((await del([a.uid, rootUid])).code).toBe(400);
    expect((await del([a.uid, r2.uid])).code).toBe(400);
    expect((await list('keyword=del_')).body.data.total).toBe(3);
    const ok = await del([a.uid, b.uid]);
    expect(ok.body.data).toEqual({ deleted: 2 });
    expect(
      (await list('keyword=del_')).body.data.records.map((r: { username: string }) => r.username),
    ).toEqual(['del_root']);
  });
});

describe('batch import', () => {
  const insert = (users: (string | null)[][]) =>
    call(t.app, {
      method: 'POST',
      url: '/api/admin/user/insert-batch-user',
      token: root,
      payload: { users },
    });

  it('imports every row, hashed so they can sign in, with the extra columns', async () => {
    const res = await insert([
      ['imp_a', 'passw0rd', 'imp_a@example.com', 'Ann', 'female', 'annie', 'MIT'],
      ['imp_b', 'passw0rd', '', '', '0', '', ''],
    ]);
    expect(res.code).toBe(200);
    expect(res.body.data).toEqual({ count: 2 });
    const row = (await list('keyword=imp_a')).body.data.records[0];
    expect(row).toMatchObject({
      realname: 'Ann',
      gender: 'female',
      nickname: 'annie',
      school: 'MIT',
      role: 1002,
    });
    await expect(login(t.app, 'imp_b', 'passw0rd')).resolves.toBeTruthy();
  });

  it('refuses the whole batch, naming each bad row and its reason', async () => {
    const res = await insert([
      ['imp_ok', 'passw0rd'],
      ['imp_a', 'passw0rd'],
      ['imp_dup', 'passw0rd'],
      ['IMP_DUP', 'passw0rd'],
      ['imp_short', '123'],
      ['bad name', 'passw0rd'],
      ['imp_mail', 'passw0rd', 'not-an-email'],
    ]);
    expect(res.code).toBe(400);
    const refused = res.body.data.refused as { row: number; reason: string }[];
    expect(refused.map((r) => r.row)).toEqual([2, 4, 5, 6, 7]);
    expect(refused[0].reason).toMatch(/already exists/);
    expect(refused[1].reason).toMatch(/row 3/);
    expect(refused[2].reason).toMatch(/password/i);
    expect((await list('keyword=imp_ok')).body.data.total).toBe(0);
  });

  it('answers 400 for an empty batch', async () => {
    expect((await insert([])).code).toBe(400);
  });
});

describe('generate users', () => {
  it('creates the accounts and serves their passwords as an xlsx sheet that signs in', async () => {
    const gen = await call(t.app, {
      method: 'POST',
      url: '/api/admin/user/generate-user',
      token: root,
      payload: { prefix: 'team', suffix: 'x', number_from: 1, number_to: 3, password_length: 8 },
    });
    expect(gen.code).toBe(200);
    const file = await call(t.app, {
      method: 'GET',
      url: `/api/file/generate-user-excel?key=${gen.body.data.key}`,
      token: root,
    });
    expect(file.code).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.raw as unknown as ArrayBuffer);
    const rows = book.worksheets[0].getSheetValues().slice(2) as string[][];
    expect(rows.map((r) => r[1])).toEqual(['team1x', 'team2x', 'team3x']);
    expect(rows[0][2]).toHaveLength(8);
    await expect(login(t.app, 'team2x', rows[1][2])).resolves.toBeTruthy();
    const again = await call(t.app, {
      method: 'POST',
      url: '/api/admin/user/generate-user',
      token: root,
      payload: { prefix: 'team', suffix: 'x', number_from: 3, number_to: 4, password_length: 8 },
    });
    expect(again.code).toBe(400);
    expect(again.body.data.refused[0]).toMatchObject({ username: 'team3x' });
  });

  it('checks the form rules of doc 3 §5', async () => {
    const gen = (payload: object) =>
      call(t.app, { method: 'POST', url: '/api/admin/user/generate-user', token: root, payload });
    const backwards = await gen({ prefix: 'g', number_from: 5, number_to: 1, password_length: 8 });
    expect(backwards.code).toBe(400);
    expect(backwards.body.msg).toContain('number_to');
    const short = await gen({ prefix: 'g', number_from: 1, number_to: 2, password_length: 5 });
    expect(short.body.msg).toContain('password_length');
    const missing = await gen({ prefix: 'g', number_to: 2, password_length: 8 });
    expect(missing.body.msg).toContain('number_from');
    const gone = await call(t.app, {
      method: 'GET',
      url: '/api/file/generate-user-excel?key=nope',
      token: root,
    });
    expect(gone.code).toBe(404);
  });
});
