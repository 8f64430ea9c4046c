import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeRoleUsers, multipart, problemBody, type RoleTokens } from './fixtures.js';

let t: TestApp;
let tok: RoleTokens;
beforeAll(async () => {
  t = await createTestApp();
  tok = await makeRoleUsers(t.ctx);
});
afterAll(async () => {
  await t.close();
});

const upload = (zip: Uint8Array, token: string | undefined, query = '') => {
  const m = multipart('file', 'cases.zip', zip);
  return call(t.app, {
    method: 'POST',
    url: `/api/file/upload-testcase-zip${query}`,
    token,
    payload: m.payload,
    headers: m.headers,
  });
};

/** Replaces the name bytes of every header in a zip built with placeholder names (to forge unsafe names). */
function renameInZip(zip: Uint8Array, from: string, to: string): Uint8Array {
  if (from.length !== to.length) throw new Error('same length needed');
  const buf = Buffer.from(zip);
  let i = buf.indexOf(from);
  while (i >= 0) {
    buf.write(to, i, 'latin1');
    i = buf.indexOf(from, i + 1);
  }
  return buf;
}

describe('POST /api/file/upload-testcase-zip', () => {
  it('pairs .in with .out/.ans in natural order, spreads 100 points, and the problem saves from the upload', async () => {
    const zip = zipSync({
      'data/10.in': strToU8('10'),
      'data/10.out': strToU8('X'),
      'data/2.in': strToU8('2'),
      'data/2.ans': strToU8('B'),
      'data/1.in': strToU8('1'),
      'data/1.out': strToU8('A'),
    });
    expect((await upload(zip, undefined)).code).toBe(401);
    expect((await upload(zip, tok.user)).code).toBe(403);
    const r = await upload(zip, tok.problemAdmin);
    expect(r.code, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.fileList).toEqual([
      { input: '1.in', output: '1.out', score: 33 },
      { input: '2.in', output: '2.ans', score: 33 },
      { input: '10.in', output: '10.out', score: 34 },
    ]);
    const body = problemBody(
      'Z1',
      { type: 1 },
      {
        isUploadTestCase: true,
        uploadTestcaseDir: r.body.data.fileListDir,
        samples: r.body.data.fileList,
      },
    );
    const c = await call(t.app, {
      method: 'POST',
      url: '/api/admin/problem',
      token: tok.problemAdmin,
      payload: body,
    });
    expect(c.code, JSON.stringify(c.body)).toBe(200);
    const cases = await call(t.app, {
      method: 'GET',
      url: `/api/admin/problem/get-problem-cases?pid=${c.body.data.pid}`,
      token: tok.admin,
    });
    expect(
      cases.body.data.map((x: { inputName: string; outputName: string; inputSize: number }) => [
        x.inputName,
        x.outputName,
        x.inputSize,
      ]),
    ).toEqual([
      ['1.in', '1.out', 1],
      ['2.in', '2.ans', 1],
      ['10.in', '10.out', 2],
    ]);
    const dl = await call(t.app, {
      method: 'GET',
      url: `/api/file/download-testcase?pid=${c.body.data.pid}`,
      token: tok.admin,
    });
    expect(dl.code).toBe(200);
    expect(dl.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(dl.raw));
    expect(Object.keys(files).sort()).toEqual(['1.in', '1.out', '10.in', '10.out', '2.ans', '2.in']);
    expect(Buffer.from(files['10.out']).toString()).toBe('X');
    // The upload folder is consumed: reusing it fails with a clear message.
    const again = await call(t.app, {
      method: 'POST',
      url: '/api/admin/problem',
      token: tok.admin,
      payload: { ...body, problem: { ...body.problem, problemId: 'Z2' } },
    });
    expect(again.code).toBe(400);
    expect(again.body.msg).toContain('expired');
  });
  it('refuses unpaired inputs in default mode but accepts them for special judges', async () => {
    const zip = zipSync({ '1.in': strToU8('1'), '2.in': strToU8('2'), '2.out': strToU8('2') });
    const r = await upload(zip, tok.admin);
    expect(r.code).toBe(400);
    expect(r.body.msg).toBe('file: 1.in has no matching 1.out or 1.ans');
    const spj = await upload(zip, tok.admin, '?mode=spj');
    expect(spj.code).toBe(200);
    expect(spj.body.data.fileList[0]).toMatchObject({ input: '1.in', output: '' });
    const badMode = await upload(zip, tok.admin, '?mode=magic');
    expect(badMode.code).toBe(400);
    expect(badMode.body.msg).toContain('mode');
  });
  it('refuses zip slip, absolute paths, symlinks, zip bombs, non-zips and empty archives', async () => {
    const slip = renameInZip(
      zipSync({ 'AAAAAA1.in': strToU8('1'), 'AAAAAA1.out': strToU8('1') }),
      'AAAAAA',
      '../../',
    );
    const r1 = await upload(slip, tok.admin);
    expect(r1.code).toBe(400);
    expect(r1.body.msg).toContain('unsafe path');
    const abs = renameInZip(zipSync({ 'Xetc1.in': strToU8('1'), 'Xetc1.out': strToU8('1') }), 'Xetc', '/etc');
    const r2 = await upload(abs, tok.admin);
    expect(r2.code).toBe(400);
    expect(r2.body.msg).toContain('unsafe path');
    const link = zipSync({
      '1.in': [strToU8('/etc/passwd'), { os: 3, attrs: (0o120777 << 16) >>> 0 }],
      '1.out': strToU8('1'),
    });
    const r3 = await upload(link, tok.admin);
    expect(r3.code).toBe(400);
    expect(r3.body.msg).toContain('symbolic links are not allowed');
    const bomb = zipSync({ '1.in': new Uint8Array(200 * 1024 * 1024), '1.out': strToU8('1') }, { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const r4 = await upload(bomb, tok.admin);
    expect(r4.code).toBe(400);
    expect(r4.body.msg).toMatch(/zip bomb|more than/);
    const r5 = await upload(strToU8('not a zip at all'), tok.admin);
    expect(r5.code).toBe(400);
    expect(r5.body.msg).toContain('not a valid zip');
    const r6 = await upload(zipSync({ 'readme.txt': strToU8('hi') }), tok.admin);
    expect(r6.code).toBe(400);
    expect(r6.body.msg).toContain('no *.in');
    const r7 = await call(t.app, {
      method: 'POST',
      url: '/api/file/upload-testcase-zip',
      token: tok.admin,
      payload: {},
    });
    expect(r7.code).toBe(400);
    expect(r7.body.msg).toContain('file');
  });
});
