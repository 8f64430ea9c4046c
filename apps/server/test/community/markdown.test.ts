import { JudgeStatus, ProblemAuth } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, problems } from '../../src/db/schema/index.js';
import { MD_UPLOADS_PER_DAY } from '../../src/modules/file/markdown/markdown.service.js';
import { multipartFile, PNG_1X1 } from '../account/fixtures.js';
import { makeProblem, makeSubmission } from '../account/judged.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { callAny as call, makePeople, type People, type Person } from './community-fixtures.js';

// Markdown editor uploads (issue 12; doc 1 §7): images checked by content and size, deleted by their uploader only,
// served so that nothing uploaded can run on the site; editor files for admins as downloads; the home cards.

let t: TestApp;
let p: People;
beforeAll(async () => {
  t = await createTestApp();
  p = await makePeople(t.ctx);
});
afterAll(async () => t?.close());

const upload = async (
  who: Person | undefined,
  url: string,
  field: string,
  name: string,
  data: Buffer,
  type?: string,
) =>
  call(t.app, { method: 'POST', url, token: who?.token, ...(await multipartFile(field, name, data, type)) });
const img = (who: Person | undefined, name: string, data: Buffer, type = 'image/png') =>
  upload(who, '/api/file/upload-md-img', 'image', name, data, type);

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

describe('editor images', () => {
  it('accept a real image from anyone who may write, and serve it with its type and nosniff', async () => {
    expect((await img(undefined, 'a.png', PNG_1X1)).code).toBe(401);
    for (const who of [p.muted, p.noSubmitMuted]) expect((await img(who, 'a.png', PNG_1X1)).code).toBe(403);
    const r = await img(p.newbie, 'a.png', PNG_1X1);
    expect(r.code).toBe(200);
    expect(r.body.data.link).toMatch(/^\/api\/public\/md-img\/[a-f0-9]{64}\.png$/);
    expect(typeof r.body.data.fileId).toBe('number');
    const got = await call(t.app, { method: 'GET', url: r.body.data.link });
    expect(got.code).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(got.raw, PNG_1X1)).toBe(0);
  });

  it('refuse SVG, HTML and anything else by content whatever the name, and more than 2 MB', async () => {
    for (const [name, data, type] of [
      ['x.svg', SVG, 'image/svg+xml'],
      ['x.png', SVG, 'image/png'],
      ['x.png', HTML, 'image/png'],
      ['x.jpg', Buffer.from('alert(1)//'), 'image/jpeg'],
    ] as const) {
      const r = await img(p.ann, name, data, type);
      expect(r.code, name).toBe(400);
      expect(r.body.msgKey).toBe('file.typeNotSupported');
    }
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(2 * 1024 * 1024)]);
    const r = await img(p.ann, 'big.png', big);
    expect(r.code).toBe(400);
    expect(r.body.msgKey).toBe('file.imageTooLarge');
    expect(
      (await call(t.app, { method: 'POST', url: '/api/file/upload-md-img', token: p.ann.token, payload: {} }))
        .code,
    ).toBe(400);
  });

  it('are deleted by their uploader only; the bytes go when nothing else uses them', async () => {
    const a = (await img(p.ann, 'a.png', PNG_1X1)).body.data;
    const b = (await img(p.bob, 'b.png', PNG_1X1)).body.data;
    expect(a.link).toBe(b.link);
    const del = (who: Person, id: number) =>
      call(t.app, { method: 'GET', url: `/api/file/delete-md-img?fileId=${id}`, token: who.token });
    const theirs = await del(p.bob, a.fileId);
    expect(theirs.code).toBe(403);
    expect(theirs.body.msgKey).toBe('file.notYours');
    expect((await del(p.root, a.fileId)).code).toBe(403);
    expect((await del(p.ann, a.fileId)).code).toBe(200);
    expect((await del(p.ann, a.fileId)).code).toBe(404);
    // Bob's upload (and the newbie's of the first test) still uses the same bytes.
    expect((await call(t.app, { method: 'GET', url: a.link })).code).toBe(200);
    const [row] = await t.ctx.db.select().from(files).where(eq(files.id, a.fileId));
    expect(row.deleted).toBe(true);
  });

  it('an ordinary user uploads at most 50 images a day; admin roles have no limit', async () => {
    const many = async (who: Person, n: number) => {
      let last = 0;
      for (let i = 0; i < n; i++) last = (await img(who, `i${i}.png`, PNG_1X1)).code;
      return last;
    };
    expect(await many(p.noSubmit, MD_UPLOADS_PER_DAY)).toBe(200);
    const over = await img(p.noSubmit, 'one-more.png', PNG_1X1);
    expect(over.code).toBe(429);
    expect(over.body.msgKey).toBe('file.mdUploadQuota');
    expect(await many(p.admin, MD_UPLOADS_PER_DAY + 1)).toBe(200);
  });
});

describe('editor files', () => {
  it('are for admin roles and are served only as downloads that cannot run', async () => {
    const html = (who: Person) =>
      upload(who, '/api/file/upload-md-file', 'file', 'päge;x.html', HTML, 'text/html');
    expect((await html(p.ann)).code).toBe(403);
    const r = await html(p.admin);
    expect(r.code).toBe(200);
    expect(r.body.data.link).toBe(`/api/public/md-file/${r.body.data.fileId}`);
    const got = await call(t.app, { method: 'GET', url: r.body.data.link });
    expect(got.code).toBe(200);
    expect(got.headers['content-type']).toBe('application/octet-stream');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(String(got.headers['content-disposition'])).toMatch(
      /^attachment; filename="p_ge_x.html"; filename\*=UTF-8''p%C3%A4ge%3Bx.html$/,
    );
    expect(String(got.headers['content-security-policy'])).toContain('sandbox');
    expect(got.raw.toString()).toBe(HTML.toString());
    // An editor file is not an image: the image route does not serve it under any name.
    expect((await call(t.app, { method: 'GET', url: '/api/public/md-img/whatever.html' })).code).toBe(404);
  });
});

describe('home cards', () => {
  it('recent problems: the ten newest public ones', async () => {
    for (let i = 1; i <= 12; i++) await makeProblem(t.ctx, `HC${i}`);
    const hidden = await makeProblem(t.ctx, 'HC-PRIV');
    await t.ctx.db.update(problems).set({ auth: ProblemAuth.PRIVATE }).where(eq(problems.id, hidden));
    const r = await call(t.app, { method: 'GET', url: '/api/get-recent-updated-problem' });
    expect(r.code).toBe(200);
    expect(r.body.data.map((x: { problemId: string }) => x.problemId)).toEqual([
      'HC12',
      'HC11',
      'HC10',
      'HC9',
      'HC8',
      'HC7',
      'HC6',
      'HC5',
      'HC4',
      'HC3',
    ]);
    expect(r.body.data[0]).toMatchObject({ title: 'Problem HC12', type: 0 });
  });

  it('week statistics: forceRefresh skips the cache for admin roles only', async () => {
    const stats = (who?: Person) =>
      call(t.app, {
        method: 'GET',
        url: '/api/get-last-week-submission-statistics?forceRefresh=true',
        token: who?.token,
      });
    const before = (await stats()).body.data.totalCountList[6];
    const [pid] = await t.ctx.db.select({ id: problems.id }).from(problems).limit(1);
    await makeSubmission(t.ctx, {
      pid: pid.id,
      problemId: 'HC1',
      uid: p.ann.uid,
      username: p.ann.username,
      status: JudgeStatus.ACCEPTED,
    });
    expect((await stats()).body.data.totalCountList[6]).toBe(before);
    expect((await stats(p.ann)).body.data.totalCountList[6]).toBe(before);
    expect((await stats(p.admin)).body.data.totalCountList[6]).toBe(before + 1);
  });
});
