import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { newExtensionPoints } from '../../src/app-events.js';
import { createTestApp, type TestApp } from '../helpers.js';

// Issue 14, "Weight on the wire": the built web app goes out precompressed by Accept-Encoding with the right
// caching, and large API JSON is compressed on the fly; small answers and downloads are left alone.

let t: TestApp;
let web: FastifyInstance;
let dist: string;
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 600 }, (_, i) => `word${i}`))};\n`;
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/app-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;

/** Writes `file` with its `.br` and `.gz` siblings, as the web build's precompress step does. */
function writeWithVariants(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

/** Decodes a response body by its Content-Encoding. */
function decode(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

beforeAll(async () => {
  t = await createTestApp();
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-web-'));
  writeWithVariants(path.join(dist, 'index.html'), INDEX);
  writeWithVariants(path.join(dist, 'assets/app-Ab12Cd34.js'), SCRIPT);
  web = await buildApp({ ctx: { ...t.ctx, ...newExtensionPoints() }, webDist: dist });
});
afterAll(async () => {
  await web?.close();
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('web assets', () => {
  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip;q=1.0, br;q=0', 'gzip'],
  ])(
    'sends a hashed script precompressed for Accept-Encoding "%s" (%s), cached as immutable',
    async (ae, enc) => {
      const res = await web.inject({
        method: 'GET',
        url: '/assets/app-Ab12Cd34.js',
        headers: { 'accept-encoding': ae },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(enc);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(String(res.headers['content-type'])).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
      expect(decode(res.rawPayload, enc)).toBe(SCRIPT);
    },
  );

  it('sends the plain file to a client that accepts no encoding', async () => {
    const res = await web.inject({
      method: 'GET',
      url: '/assets/app-Ab12Cd34.js',
      headers: { 'accept-encoding': '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.body).toBe(SCRIPT);
  });

  it('sends index.html for a page path, compressed, always revalidated, with the CSP', async () => {
    const res = await web.inject({ method: 'GET', url: '/problem/1', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers['content-type'])).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(decode(res.rawPayload, 'br')).toBe(INDEX);
  });
});

describe('API answers', () => {
  it('compresses a large JSON answer by Accept-Encoding and keeps its body and headers', async () => {
    const plain = await web.inject({
      method: 'GET',
      url: '/api/languages',
      headers: { 'accept-encoding': '' },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(2048);
    for (const enc of ['br', 'gzip']) {
      const res = await web.inject({
        method: 'GET',
        url: '/api/languages',
        headers: { 'accept-encoding': enc },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(enc);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(String(res.headers['content-type'])).toMatch(/application\/json/);
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decode(res.rawPayload, enc))).toEqual(JSON.parse(plain.body));
    }
  });

  it('leaves a small JSON answer uncompressed', async () => {
    const res = await web.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().status).toBe(404);
  });
});
