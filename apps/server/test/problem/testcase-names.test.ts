import { and, asc, eq } from 'drizzle-orm';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testcases } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeRoleUsers, multipart, problemBody, type RoleTokens } from './fixtures.js';

// Issue 24 item 6: test-case names are plain file names on every import and edit path, and the export never
// serves a stored name back as a zip entry path.

let t: TestApp;
let tok: RoleTokens;
beforeAll(async () => {
  t = await createTestApp();
  tok = await makeRoleUsers(t.ctx);
});
afterAll(async () => {
  await t.close();
});

/** The catalogue key of an error answer. */
const keyOf = (body: unknown) => (body as { msgKey?: string }).msgKey;

const LONG = `${'a'.repeat(200)}.in`;
const HOSTILE = ['../x.in', '../../../../etc/cron.d/x', '/etc/passwd', 'a\u0000b.in', LONG, '..'];

const post = (url: string, zip: Uint8Array) => {
  const m = multipart('file', 'pkg.zip', zip);
  return call(t.app, { method: 'POST', url, token: tok.admin, payload: m.payload, headers: m.headers });
};

/** A manual-case problem; returns its pid. */
async function manualProblem(problemId: string): Promise<number> {
  const c = await call(t.app, {
    method: 'POST',
    url: '/api/admin/problem',
    token: tok.admin,
    payload: problemBody(problemId),
  });
  expect(c.code, JSON.stringify(c.body)).toBe(200);
  return c.body.data.pid;
}

describe('hostile test-case names', () => {
  it('native import: refused per problem with the reason, nothing stored', async () => {
    const pid = await manualProblem('NM1');
    const ex = await call(t.app, {
      method: 'GET',
      url: `/api/file/export-problem?pid=${pid}`,
      token: tok.admin,
    });
    expect(ex.code).toBe(200);
    const files = unzipSync(new Uint8Array(ex.raw));
    const jsonName = Object.keys(files).find((n) => n.endsWith('.json')) as string;
    for (const [i, bad] of HOSTILE.entries()) {
      const json = JSON.parse(Buffer.from(files[jsonName]).toString('utf8'));
      json.problem.problemId = `NMX${i}`;
      json.testcases[0].inputName = bad;
      const r = await post(
        '/api/file/import-problem',
        zipSync({ ...files, [jsonName]: strToU8(JSON.stringify(json)) }),
      );
      expect(r.code, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data[0], bad).toMatchObject({ imported: false });
      expect(r.body.data[0].reason).toContain('is not allowed');
    }
  });

  it('Hydro and QDUOJ imports: a 200-character case name is refused', async () => {
    const hydro = await post(
      '/api/file/import-hydro-problem',
      zipSync({
        'h/problem.yaml': strToU8('pid: HLONG\ntitle: Long names\n'),
        'h/problem.md': strToU8('Add.'),
        [`h/testdata/${LONG}`]: strToU8('1 2\n'),
        [`h/testdata/${LONG.slice(0, -3)}.out`]: strToU8('3\n'),
      }),
    );
    expect(hydro.code, JSON.stringify(hydro.body)).toBe(200);
    expect(hydro.body.data[0]).toMatchObject({ imported: false });
    expect(hydro.body.data[0].reason).toContain('is not allowed');
    const qd = JSON.stringify({
      display_id: 'QLONG',
      title: 'QDUOJ long',
      description: { format: 'html', value: '<p>Add</p>' },
      input_description: { format: 'html', value: 'two ints' },
      output_description: { format: 'html', value: 'sum' },
      hint: { format: 'html', value: '' },
      time_limit: 1000,
      memory_limit: 128,
      rule_type: 'ACM',
      samples: [],
      test_case_score: [{ input_name: LONG, output_name: '1.out', score: 0 }],
      tags: [],
      spj: null,
      template: {},
      source: '',
      answers: [],
    });
    const q = await post(
      '/api/file/import-qdoj-problem',
      zipSync({
        '1/problem.json': strToU8(qd),
        [`1/testcase/${LONG}`]: strToU8('1 2\n'),
        '1/testcase/1.out': strToU8('3\n'),
      }),
    );
    expect(q.code, JSON.stringify(q.body)).toBe(200);
    expect(q.body.data[0]).toMatchObject({ imported: false });
    expect(q.body.data[0].reason).toContain('is not allowed');
  });

  it('test-case zip upload: a long or control-character name is refused with 400 testcase.badName', async () => {
    for (const name of [LONG, 'a\u0085b.in']) {
      const zip = zipSync({ [name]: strToU8('1'), [`${name.slice(0, -3)}.out`]: strToU8('1') });
      const m = multipart('file', 'cases.zip', zip);
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/file/upload-testcase-zip',
        token: tok.admin,
        payload: m.payload,
        headers: m.headers,
      });
      expect(r.code, JSON.stringify(r.body)).toBe(400);
      expect(keyOf(r.body)).toBe('testcase.badName');
    }
  });

  it('problem save from an upload: hostile sample names are refused with 400 testcase.badName', async () => {
    const zip = zipSync({ '1.in': strToU8('1'), '1.out': strToU8('1') });
    const m = multipart('file', 'cases.zip', zip);
    const up = await call(t.app, {
      method: 'POST',
      url: '/api/file/upload-testcase-zip',
      token: tok.admin,
      payload: m.payload,
      headers: m.headers,
    });
    expect(up.code).toBe(200);
    for (const bad of HOSTILE) {
      const body = problemBody(
        'UPN1',
        { type: 1 },
        {
          isUploadTestCase: true,
          uploadTestcaseDir: up.body.data.fileListDir,
          samples: [{ input: bad, output: '1.out', score: 100 }],
        },
      );
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/admin/problem',
        token: tok.admin,
        payload: body,
      });
      expect(r.code, bad).toBe(400);
      // A NUL never gets past the body check of every route.
      if (bad.includes('\u0000')) expect(keyOf(r.body)).toBe('validation.nulCharacter');
      else {
        expect(keyOf(r.body), bad).toBe('testcase.badName');
        expect(r.body.msg).toContain('samples[0].input');
      }
    }
  });

  it('export: names stored before the check are served as <index>.in/.out, never as paths', async () => {
    const pid = await manualProblem('EXN1');
    await t.ctx.db
      .update(testcases)
      .set({ inputName: '../../../../etc/cron.d/evil', outputName: '/etc/passwd' })
      .where(and(eq(testcases.pid, pid), eq(testcases.index, 1)));
    const rows = await t.ctx.db
      .select()
      .from(testcases)
      .where(eq(testcases.pid, pid))
      .orderBy(asc(testcases.index));
    const dl = await call(t.app, {
      method: 'GET',
      url: `/api/file/download-testcase?pid=${pid}`,
      token: tok.admin,
    });
    expect(dl.code).toBe(200);
    const names = Object.keys(unzipSync(new Uint8Array(dl.raw)));
    expect(names.sort()).toEqual(rows.flatMap((r) => [`${r.index}.in`, `${r.index}.out`]).sort());
  });
});
