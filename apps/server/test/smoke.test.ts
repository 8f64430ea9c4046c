import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('app shell', () => {
  it('answers the website config with the spec defaults', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/get-website-config' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.data.register).toBe(true);
    expect(body.data.openPublicDiscussion).toBe(true);
  });
  it('answers an unknown API path with a 404 body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe(404);
  });
});
