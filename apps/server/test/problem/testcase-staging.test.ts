import fs from 'node:fs';
import path from 'node:path';
import { Role } from '@oj/shared';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadRoot } from '../../src/modules/file/testcase/staging.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeRoleUsers, makeUser, multipart, problemBody, type RoleTokens } from './fixtures.js';

// Issue 24 item 6: staged test-case uploads have a per-user quota and a server total, are deleted once used and
// when abandoned (after an hour).

let t: TestApp;
let tok: RoleTokens;
let extra: string;
beforeAll(async () => {
  t = await createTestApp({ OJ_TESTCASE_UPLOAD_QUOTA_MB: '1', OJ_TESTCASE_UPLOAD_TOTAL_MB: '2' });
  tok = await makeRoleUsers(t.ctx);
  extra = (await makeUser(t.ctx, 'adm2', Role.ADMIN)).token;
});
afterAll(async () => {
  await t.close();
});

const keyOf = (body: unknown) => (body as { msgKey?: string }).msgKey;
/** A zip whose one case unpacks to `kb` KB (zeros compress: the zip itself stays small). */
const zipOfKb = (kb: number) => zipSync({ '1.in': new Uint8Array(kb * 1024), '1.out': strToU8('0') });
const upload = (zip: Uint8Array, token: string) => {
  const m = multipart('file', 'cases.zip', zip);
  return call(t.app, {
    method: 'POST',
    url: '/api/file/upload-testcase-zip',
    token,
    payload: m.payload,
    headers: m.headers,
  });
};
const staged = () => (fs.existsSync(uploadRoot(t.ctx)) ? fs.readdirSync(uploadRoot(t.ctx)).sort() : []);

describe('staged test-case uploads', () => {
  it('a user past the 1 MB quota is refused (400 testcase.uploadQuota); saving frees the room', async () => {
    const first = await upload(zipOfKb(600), tok.problemAdmin);
    expect(first.code, JSON.stringify(first.body)).toBe(200);
    const token = first.body.data.fileListDir as string;
    expect(staged()).toEqual([token, `${token}.json`].sort());
    const second = await upload(zipOfKb(600), tok.problemAdmin);
    expect(second.code, JSON.stringify(second.body)).toBe(400);
    expect(keyOf(second.body)).toBe('testcase.uploadQuota');
    // One zip alone bigger than the quota: refused while unpacking, nothing written.
    const huge = await upload(zipOfKb(1500), tok.admin);
    expect(huge.code).toBe(400);
    expect(keyOf(huge.body)).toBe('testcase.uploadQuota');
    expect(staged()).toHaveLength(2);
    // Another user has their own quota.
    const other = await upload(zipOfKb(600), tok.admin);
    expect(other.code).toBe(200);
    // The problem is saved: the staged folder and its record are deleted at once.
    const body = problemBody(
      'STG1',
      { type: 0 },
      {
        isUploadTestCase: true,
        uploadTestcaseDir: token,
        samples: first.body.data.fileList,
      },
    );
    const saved = await call(t.app, {
      method: 'POST',
      url: '/api/admin/problem',
      token: tok.problemAdmin,
      payload: body,
    });
    expect(saved.code, JSON.stringify(saved.body)).toBe(200);
    expect(staged()).not.toContain(token);
    expect(staged()).not.toContain(`${token}.json`);
    const again = await upload(zipOfKb(600), tok.problemAdmin);
    expect(again.code, JSON.stringify(again.body)).toBe(200);
  });

  it('the server total (2 MB) caps all users together (400 testcase.uploadsFull)', async () => {
    // Staged now: problemAdmin 600 KB, admin 600 KB.
    const third = await upload(zipOfKb(600), tok.root);
    expect(third.code).toBe(200);
    const fourth = await upload(zipOfKb(600), extra);
    expect(fourth.code).toBe(400);
    expect(keyOf(fourth.body)).toBe('testcase.uploadsFull');
  });

  it('abandoned uploads (older than an hour) are deleted at the next upload', async () => {
    const root = uploadRoot(t.ctx);
    const old = new Date(Date.now() - 2 * 3600 * 1000);
    const before = staged().filter((n) => !n.endsWith('.json'));
    expect(before.length).toBeGreaterThan(0);
    for (const n of before) fs.utimesSync(path.join(root, n), old, old);
    const r = await upload(zipOfKb(10), extra);
    expect(r.code, JSON.stringify(r.body)).toBe(200);
    expect(staged()).toEqual([r.body.data.fileListDir, `${r.body.data.fileListDir}.json`].sort());
  });
});
