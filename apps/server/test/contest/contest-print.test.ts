import { Role } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestPrints, contests } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeUser } from '../problem/fixtures.js';
import { createContest } from './contest-fixtures.js';

// Contest printing (issue 10 §1; doc 2 §2.7, §3 "Contest print", §5, §7), on PGlite or PostgreSQL.

let t: TestApp;
const tok = {} as Record<'creator' | 'otherAdmin' | 'part' | 'part2' | 'stranger' | 'root', string>;
let cid: number; // protected (auth 2) with openPrint; part and part2 registered
let closed: number; // public without printing

const TEXT = '#include <cstdio>\nint main() { printf("hello, printer"); return 0; }\n';
const keyOf = (r: { body: unknown }) => (r.body as { msgKey?: string }).msgKey;
const print = (token: string | undefined, content = TEXT, c = cid) =>
  call(t.app, { method: 'POST', url: '/api/submit-print-text', token, payload: { cid: c, content } });
const list = (token: string | undefined, q = '') =>
  call(t.app, { method: 'GET', url: `/api/get-contest-print?cid=${cid}${q}`, token });
const mark = (token: string | undefined, id: number, c = cid) =>
  call(t.app, { method: 'PUT', url: `/api/check-contest-print-status?id=${id}&cid=${c}`, token });
const download = (token: string | undefined, id: number) =>
  call(t.app, { method: 'GET', url: `/api/file/download-contest-print-text?id=${id}`, token });
/** Moves the caller's jobs 31 s into the past, as if the throttle window had passed. */
const age = () =>
  t.ctx.db
    .update(contestPrints)
    .set({ gmtCreate: new Date(Date.now() - 31_000) })
    .where(eq(contestPrints.cid, cid));

beforeAll(async () => {
  t = await createTestApp();
  tok.creator = (await makeUser(t.ctx, 'pr_creator', Role.PROBLEM_ADMIN)).token;
  tok.otherAdmin = (await makeUser(t.ctx, 'pr_admin', Role.ADMIN)).token;
  tok.part = (await makeUser(t.ctx, 'pr_part', Role.USER)).token;
  tok.part2 = (await makeUser(t.ctx, 'pr_part2', Role.USER)).token;
  tok.stranger = (await makeUser(t.ctx, 'pr_stranger', Role.USER)).token;
  tok.root = (await makeUser(t.ctx, 'pr_root', Role.ROOT)).token;
  cid = await createContest(t.app, tok.creator, { auth: 2, pwd: 'pw' });
  await t.ctx.db.update(contests).set({ openPrint: true }).where(eq(contests.id, cid));
  closed = await createContest(t.app, tok.creator);
  for (const who of ['part', 'part2'] as const) {
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/register-contest',
      token: tok[who],
      payload: { cid, password: 'pw' },
    });
    expect(r.code).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/submit-print-text', () => {
  it('takes a job of 50+ characters from a registered participant, then 429 within 30 s', async () => {
    expect((await print(tok.part)).code).toBe(200);
    const again = await print(tok.part);
    expect(again.code).toBe(429);
    expect(keyOf(again)).toBe('contest.printTooFrequent');
    expect((await print(tok.part2)).code).toBe(200); // per participant
    await age();
    expect((await print(tok.part)).code).toBe(200);
  });

  it('refuses under 50 characters (400), anonymous callers (401), unregistered users of a protected contest (403)', async () => {
    await age();
    const short = await print(tok.part, `${'x'.repeat(49)}   `);
    expect(short.code).toBe(400);
    expect(keyOf(short)).toBe('contest.printTooShort');
    expect((await print(undefined)).code).toBe(401);
    const s = await print(tok.stranger);
    expect(s.code).toBe(403);
    expect(keyOf(s)).toBe('contest.registerBeforeSubmit');
  });

  it('refuses a contest without printing (400) and an unknown contest (404)', async () => {
    const r = await print(tok.part, TEXT, closed);
    expect(r.code).toBe(400);
    expect(keyOf(r)).toBe('contest.printClosed');
    expect((await print(tok.part, TEXT, 999_999)).code).toBe(404);
  });
});

describe('the print throttle under parallel requests', () => {
  it('lets one of two simultaneous jobs through and answers 429 to the other', async () => {
    const other = await createContest(t.app, tok.creator);
    await t.ctx.db.update(contests).set({ openPrint: true }).where(eq(contests.id, other));
    const codes = (
      await Promise.all([print(tok.stranger, TEXT, other), print(tok.stranger, TEXT, other)])
    ).map((r) => r.code);
    expect(codes.sort()).toEqual([200, 429]);
  });
});

describe('the admin print list, mark and download', () => {
  it('lists jobs to the creator and a super admin, not printed first, page 15 by default', async () => {
    const r = await list(tok.creator);
    expect(r.code).toBe(200);
    expect(r.body.data).toMatchObject({ total: 3, size: 15 });
    expect(r.body.data.records[0]).toMatchObject({ cid, username: 'pr_part', status: 0, content: TEXT });
    const first = r.body.data.records[0].id as number;
    expect((await mark(tok.root, first)).code).toBe(200);
    const after = (await list(tok.root)).body.data.records;
    expect(after[after.length - 1]).toMatchObject({ id: first, status: 1 });
    expect(after[0].status).toBe(0);
  });

  it('never shows print jobs to participants or other admins (403), anonymous 401', async () => {
    const [job] = await t.ctx.db.select().from(contestPrints).limit(1);
    for (const who of ['part', 'stranger', 'otherAdmin'] as const) {
      expect((await list(tok[who])).code, who).toBe(403);
      expect((await mark(tok[who], job.id)).code, who).toBe(403);
      expect((await download(tok[who], job.id)).code, who).toBe(403);
    }
    expect((await list(undefined)).code).toBe(401);
    expect((await mark(undefined, job.id)).code).toBe(401);
    expect((await download(undefined, job.id)).code).toBe(401);
  });

  it('downloads a job as a text file headed with username, real name and time; 404 for unknown jobs', async () => {
    const [job] = await t.ctx.db.select().from(contestPrints).where(eq(contestPrints.cid, cid)).limit(1);
    const r = await download(tok.creator, job.id);
    expect(r.code).toBe(200);
    expect(String(r.headers['content-type'])).toContain('text/plain');
    expect(String(r.headers['content-disposition'])).toContain(`print_${job.id}_`);
    const text = r.raw.toString('utf8');
    expect(text).toMatch(/^Username: pr_part2?\nReal name: \nTime: \d{4}-\d\d-\d\dT/);
    expect(text.endsWith(`\n\n${TEXT}`)).toBe(true);
    expect((await download(tok.creator, 999_999)).code).toBe(404);
    expect((await mark(tok.creator, job.id, closed)).code).toBe(404);
  });
});
