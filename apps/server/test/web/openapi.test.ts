import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResponseCheck } from '../../src/openapi/check.js';
import { DOCUMENTED_RESPONSES } from '../../src/openapi/responses.js';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';

// Issue 26, "a published contract": the OpenAPI document lists every API route, tagged by area, with the
// documented answers; the reference page serves under the site's CSP; and an answer that drifts from its
// documented schema fails the test that made it (checkResponses, on in every test app).

let t: TestApp;
const registered = new Set<string>();
const checks: ResponseCheck[] = [];

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute: (r) => {
        for (const m of [r.method].flat()) if (m !== 'HEAD') registered.add(`${m} ${r.url}`);
      },
      checkResponses: (c) => checks.push(c),
    },
  );
});
afterAll(() => t?.close());

/** `/api/x/:id` as OpenAPI writes it: `/api/x/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('lists every API route with its area as a tag, and documents the judge protocol, the board and admin lists', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const missing: string[] = [];
    const untagged: string[] = [];
    let apiRoutes = 0;
    for (const key of registered) {
      const [method, url] = key.split(' ');
      if (!url.startsWith('/api/') || url.startsWith('/api/docs') || url === '/api/openapi.json') continue;
      apiRoutes++;
      // A prefix's own route registers as `/api/x` and `/api/x/`; the document keeps one of them.
      const path = openApiPath(url);
      const op = (doc.paths[path] ?? doc.paths[`${path}/`] ?? doc.paths[path.replace(/\/$/, '')])?.[
        method.toLowerCase()
      ];
      if (!op) missing.push(key);
      else if (!op.tags?.length || op.tags[0] === 'other') untagged.push(key);
    }
    expect(apiRoutes).toBeGreaterThan(250);
    expect(missing).toEqual([]);
    expect(untagged).toEqual([]);
    // Request schemas come from the routes' zod schemas: the login body names its fields.
    const loginBody = doc.paths['/api/login'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(loginBody.properties)).toEqual(expect.arrayContaining(['username', 'password']));
    // Every documented answer is in the document, under the { status, msg, data } envelope.
    for (const route of Object.keys(DOCUMENTED_RESPONSES)) {
      const [method, url] = route.split(' ');
      const answer = doc.paths[openApiPath(url)][method.toLowerCase()].responses['200'];
      const schema = answer.content['application/json'].schema;
      expect(Object.keys(schema.properties), route).toEqual(['status', 'msg', 'data']);
    }
    const lease = doc.paths['/api/judge/lease'].post.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(lease)).toContain('testcases');
  });

  it('serves the reference page and its assets from this origin under the CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    // No inline script: the CSP would block it.
    expect(page.body).not.toMatch(/<script(?![^>]*src=)[^>]*>\s*\S/);
    for (const src of scripts) {
      const asset = await t.app.inject({ method: 'GET', url: new URL(src, 'http://x/api/docs/').pathname });
      expect(asset.statusCode, src).toBe(200);
    }
  });

  it('checks documented answers: the admin user list matches its schema', async () => {
    const token = await login(t.app, 'root', ROOT_PASSWORD);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/user/get-user-list?currentPage=1&limit=10',
      headers: { authorization: token },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(checks).toContainEqual({ route: 'GET /api/admin/user/get-user-list', issues: null });
  });
});
