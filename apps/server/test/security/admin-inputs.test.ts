import { Role } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { judgeHeaders, registerJudgehost } from '../judge/judge-helpers.js';
import { call, makeUser, multipart } from '../problem/fixtures.js';
import { problemPayload } from './authz-matrix.js';

// Issue 8, finding 10: five inputs behind admin roles or the judge token that gave a 500.

let t: TestApp;
let root: string;

beforeAll(async () => {
  t = await createTestApp();
  root = (await makeUser(t.ctx, 'inroot', Role.ROOT)).token;
});
afterAll(async () => {
  await t.close();
});

const fps = (xml: string) => {
  const body = multipart('file', 'p.xml', Buffer.from(xml));
  return call(t.app, {
    method: 'POST',
    url: '/api/file/import-fps-problem',
    token: root,
    payload: body.payload,
    headers: body.headers,
  });
};

describe('admin and judge inputs that gave a 500', () => {
  it('a tag classification update with no field is a 400 naming the fields', async () => {
    const made = await call(t.app, {
      method: 'POST',
      url: '/api/admin/tag/classification',
      token: root,
      payload: { name: 'graphs' },
    });
    const res = await call(t.app, {
      method: 'PUT',
      url: '/api/admin/tag/classification',
      token: root,
      payload: { id: made.body.data.id },
    });
    expect(res.code).toBe(400);
    expect(res.body.msg).toContain('name, oj or rank');
  });

  it('creates a problem with 10,000 typed test cases (more rows than one statement can bind)', async () => {
    const body = problemPayload('MANY');
    body.samples = Array.from({ length: 10_000 }, (_, i) => ({ input: `${i} 1\n`, output: `${i + 1}\n` }));
    const res = await call(t.app, { method: 'POST', url: '/api/admin/problem', token: root, payload: body });
    expect(res.code, res.body?.msg).toBe(200);
    const cases = await call(t.app, {
      method: 'GET',
      url: `/api/admin/problem/get-problem-cases?pid=${res.body.data.pid}`,
      token: root,
    });
    expect(cases.body.data).toHaveLength(10_000);
  });

  it('refuses FPS XML declaring an external entity, and XML nested 100,000 deep, as items with a reason', async () => {
    const entity = await fps(
      '<?xml version="1.0"?><!DOCTYPE fps [<!ENTITY e SYSTEM "file:///etc/passwd">]>' +
        '<fps><item><title>&e;</title></item></fps>',
    );
    expect(entity.code).toBe(200);
    expect(entity.body.data).toMatchObject([{ imported: false }]);
    expect(entity.body.data[0].reason).toContain('entity');
    expect(JSON.stringify(entity.body)).not.toContain('root:');

    const deep = await fps(`<fps>${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}</fps>`);
    expect(deep.code).toBe(200);
    expect(deep.body.data[0].reason).toContain('nested');
  });

  it('refuses a truncated multipart body on the FPS route with 400', async () => {
    const body = multipart('file', 'p.xml', Buffer.from('<fps><item><title>x</title></item></fps>'));
    const cut = body.payload.subarray(0, body.payload.length - 30);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/file/import-fps-problem',
      token: root,
      payload: cut,
      headers: body.headers,
    });
    expect(res.code).toBe(400);
  });

  it('refuses a judge heartbeat with load 1e308 or running 1e15 with 400', async () => {
    await registerJudgehost(t.app, t.ctx, 'hb-judge');
    const headers = await judgeHeaders(t.ctx);
    for (const over of [{ load: 1e308 }, { running: 1e15 }, { jobIds: [1e15] }]) {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/judge/heartbeat',
        headers,
        payload: { judgehostId: 'hb-judge', running: 0, load: 0.5, jobIds: [], ...over },
      });
      expect(res.code, JSON.stringify(over)).toBe(400);
    }
  });
});
