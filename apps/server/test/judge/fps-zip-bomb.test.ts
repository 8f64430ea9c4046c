import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import { multipart } from './live.js';

// Issue 24 item 6: the FPS import reads its zip through safe-zip (a 614 KB upload used to expand to 629 MB in
// memory through fflate's unzipSync, which had no total cap).

let t: TestApp;
let root: string;
beforeAll(async () => {
  t = await createTestApp();
  root = await login(t.app, 'root', ROOT_PASSWORD);
}, 120_000);
afterAll(async () => t.close());

async function upload(name: string, data: Uint8Array) {
  const body = multipart('file', name, Buffer.from(data));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/file/import-fps-problem',
    payload: body.payload,
    headers: { ...body.headers, authorization: root },
  });
  return { code: res.statusCode, body: res.json() };
}

describe('FPS zip bombs', () => {
  it('three 100 MB .xml entries packed into a few hundred KB: refused with a clear 400, nothing imported', async () => {
    const zeros = new Uint8Array(100 * 1024 * 1024);
    const bomb = zipSync({ 'a.xml': zeros, 'b.xml': zeros, 'c.xml': zeros }, { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const r = await upload('bomb.zip', bomb);
    expect(r.code, JSON.stringify(r.body).slice(0, 300)).toBe(400);
    expect(['file.zipBomb', 'file.zipTooBig']).toContain(r.body.msgKey);
    expect(r.body.msg).toMatch(/zip bomb|unpacks to more than/);
  });

  it('many moderately compressed entries past the total cap: 400 file.zipTooBig', async () => {
    // Random-ish lines compress ~5x: no single entry looks like a bomb, the total (300 MB) is over 256 MB.
    const line = Buffer.from('<!-- 0123456789abcdef fedcba9876543210 -->\n');
    const chunk = Buffer.alloc(30 * 1024 * 1024);
    for (let i = 0; i < chunk.length; i += line.length) line.copy(chunk, i);
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 10; i++) files[`p${i}.xml`] = chunk;
    const zip = zipSync(files, { level: 1 });
    const r = await upload('big.zip', zip);
    expect(r.code).toBe(400);
    expect(r.body.msgKey).toBe('file.zipTooBig');
  }, 120_000);

  it('non-XML entries of an FPS zip are never inflated (a bomb beside the XML does not count)', async () => {
    const zeros = new Uint8Array(64 * 1024 * 1024);
    const zip = zipSync(
      { 'readme.bin': zeros, 'x.xml': new TextEncoder().encode('<fps></fps>') },
      { level: 9 },
    );
    const r = await upload('mixed.zip', zip);
    expect(r.code, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  });
});
