import { Role } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeUser } from '../problem/fixtures.js';
import { createContest, WINDOWS } from './contest-fixtures.js';

// Contest announcements (issue 10 §1; doc 2 §3, §7; doc 3 contest announcement admin), on PGlite or PostgreSQL.

let t: TestApp;
const tok = {} as Record<'creator' | 'otherAdmin' | 'part' | 'stranger' | 'root', string>;
let cid: number; // private, running, created by `creator`; `part` registered
let soon: number; // public, scheduled

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  call(t.app, { method, url, token, payload });
/** The catalogue key of an error answer. */
const keyOf = (r: { body: unknown }) => (r.body as { msgKey?: string }).msgKey;
const create = (token: string | undefined, title: string, c = cid) =>
  req('POST', '/api/admin/contest/announcement', token, {
    cid: c,
    announcement: { title, content: `${title}!` },
  });

beforeAll(async () => {
  t = await createTestApp();
  tok.creator = (await makeUser(t.ctx, 'an_creator', Role.PROBLEM_ADMIN)).token;
  tok.otherAdmin = (await makeUser(t.ctx, 'an_admin', Role.ADMIN)).token;
  tok.part = (await makeUser(t.ctx, 'an_part', Role.USER)).token;
  tok.stranger = (await makeUser(t.ctx, 'an_stranger', Role.USER)).token;
  tok.root = (await makeUser(t.ctx, 'an_root', Role.ROOT)).token;
  cid = await createContest(t.app, tok.creator, { auth: 1, pwd: 'pw' });
  soon = await createContest(t.app, tok.creator, WINDOWS.scheduled);
  const r = await req('POST', '/api/register-contest', tok.part, { cid, password: 'pw' });
  expect(r.code).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('writing announcements (contest admins)', () => {
  it('lets the creator and a super admin create, edit and delete; the list is newest first', async () => {
    const a = await create(tok.creator, 'First');
    expect(a.code).toBe(200);
    const b = await create(tok.root, 'Second');
    expect(b.code).toBe(200);
    const list = await req('GET', `/api/admin/contest/announcement?cid=${cid}&limit=10`, tok.creator);
    expect(list.code).toBe(200);
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.records.map((x: { title: string }) => x.title)).toEqual(['Second', 'First']);
    expect(list.body.data.records[1]).toMatchObject({ cid, content: 'First!', username: 'an_creator' });

    const id = a.body.data.id as number;
    const put = await req('PUT', '/api/admin/contest/announcement', tok.root, {
      cid,
      announcement: { id, title: 'First (edited)', content: 'new' },
    });
    expect(put.code).toBe(200);
    const after = await req('GET', `/api/get-contest-announcement?cid=${cid}`, tok.part);
    expect(after.body.data.records[1]).toMatchObject({ id, title: 'First (edited)', content: 'new' });

    expect(
      (await req('DELETE', `/api/admin/contest/announcement?aid=${b.body.data.id}`, tok.creator)).code,
    ).toBe(200);
    expect((await req('GET', `/api/get-contest-announcement?cid=${cid}`, tok.part)).body.data.total).toBe(1);
  });

  it('refuses another admin (403), plain users (403) and anonymous callers (401)', async () => {
    const id = (await create(tok.creator, 'Guarded')).body.data.id as number;
    expect((await create(tok.otherAdmin, 'x')).code).toBe(403);
    expect(keyOf(await create(tok.otherAdmin, 'x'))).toBe('contest.manageOwnerOnly');
    expect((await create(tok.part, 'x')).code).toBe(403);
    expect((await create(undefined, 'x')).code).toBe(401);
    expect((await req('GET', `/api/admin/contest/announcement?cid=${cid}`, tok.otherAdmin)).code).toBe(403);
    const edit = { cid, announcement: { id, title: 'hacked' } };
    expect((await req('PUT', '/api/admin/contest/announcement', tok.otherAdmin, edit)).code).toBe(403);
    expect((await req('DELETE', `/api/admin/contest/announcement?aid=${id}`, tok.otherAdmin)).code).toBe(403);
    expect((await req('DELETE', `/api/admin/contest/announcement?aid=${id}`, tok.part)).code).toBe(403);
    expect((await req('DELETE', `/api/admin/contest/announcement?aid=${id}`)).code).toBe(401);
    await req('DELETE', `/api/admin/contest/announcement?id=${id}`, tok.creator);
  });

  it('answers 400 without a title or an id to edit, 404 for an unknown or foreign announcement', async () => {
    const r = await req('POST', '/api/admin/contest/announcement', tok.creator, {
      cid,
      announcement: { title: ' ' },
    });
    expect(r.code).toBe(400);
    const noId = await req('PUT', '/api/admin/contest/announcement', tok.creator, {
      cid,
      announcement: { title: 'x' },
    });
    expect(noId.code).toBe(400);
    const other = (await create(tok.creator, 'Elsewhere', soon)).body.data.id as number;
    const foreign = await req('PUT', '/api/admin/contest/announcement', tok.creator, {
      cid,
      announcement: { id: other, title: 'moved?' },
    });
    expect(foreign.code).toBe(404);
    expect(keyOf(foreign)).toBe('contest.announcementNotFound');
    expect((await req('DELETE', '/api/admin/contest/announcement?aid=999999', tok.creator)).code).toBe(404);
    expect((await req('DELETE', '/api/admin/contest/announcement', tok.creator)).code).toBe(400);
  });
});

describe('reading announcements (the contest access rule)', () => {
  it('shows them to participants and admins; a stranger to a private contest gets 403, anonymous 401', async () => {
    expect((await req('GET', `/api/get-contest-announcement?cid=${cid}`, tok.part)).code).toBe(200);
    expect((await req('GET', `/api/get-contest-announcement?cid=${cid}`, tok.otherAdmin)).code).toBe(403);
    const s = await req('GET', `/api/get-contest-announcement?cid=${cid}`, tok.stranger);
    expect(s.code).toBe(403);
    expect(keyOf(s)).toBe('contest.privateRegisterFirst');
    expect((await req('GET', `/api/get-contest-announcement?cid=${cid}`)).code).toBe(401);
    expect((await req('GET', `/api/get-contest-announcement?cid=${cid}`, tok.root)).code).toBe(200);
    expect((await req('GET', '/api/get-contest-announcement?cid=999999', tok.part)).code).toBe(404);
  });

  it('hides a scheduled contest from non-admins (403) and shows it to its creator', async () => {
    const r = await req('GET', `/api/get-contest-announcement?cid=${soon}`, tok.part);
    expect(r.code).toBe(403);
    expect(keyOf(r)).toBe('contest.notStarted');
    expect((await req('GET', `/api/get-contest-announcement?cid=${soon}`, tok.creator)).code).toBe(200);
  });

  it('returns the announcements not in the read list, newest first, under the same rule', async () => {
    const x = (await create(tok.creator, 'Poll X')).body.data.id as number;
    const y = (await create(tok.creator, 'Poll Y')).body.data.id as number;
    const all = await req('POST', '/api/get-contest-not-read-announcement', tok.part, {
      cid,
      readAnnouncementList: [],
    });
    expect(all.code).toBe(200);
    const ids = all.body.data.map((a: { id: number }) => a.id);
    expect(ids.slice(0, 2)).toEqual([y, x]);
    const rest = await req('POST', '/api/get-contest-not-read-announcement', tok.part, {
      cid,
      readAnnouncementList: ids.filter((i: number) => i !== x),
    });
    expect(rest.body.data).toEqual([expect.objectContaining({ id: x, title: 'Poll X' })]);
    const body = { cid, readAnnouncementList: [] };
    expect((await req('POST', '/api/get-contest-not-read-announcement', tok.stranger, body)).code).toBe(403);
    expect((await req('POST', '/api/get-contest-not-read-announcement', undefined, body)).code).toBe(401);
    const bad = { cid, readAnnouncementList: ['x'] };
    expect((await req('POST', '/api/get-contest-not-read-announcement', tok.part, bad)).code).toBe(400);
  });
});
