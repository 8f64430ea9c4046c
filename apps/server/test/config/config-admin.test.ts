import { Role, setSwitchConfigBody, setWebConfigBody } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTIONS } from '../../src/modules/config/config.defaults.js';
import { ConfigService } from '../../src/modules/config/config.service.js';
import { multipartFile, PNG_1X1, startSmtp, tokensByRole } from '../account/fixtures.js';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
let tokens: Record<string, string>;
let root: string;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app, t.ctx);
  root = tokens[Role.ROOT]!;
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: token ? { authorization: token } : {} });

describe('permissions: super admin only', () => {
  const routes: [method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: object][] = [
    ['GET', '/api/admin/config/get-web-config'],
    ['PUT', '/api/admin/config/set-web-config', { name: 'X' }],
    ['GET', '/api/admin/config/get-email-config'],
    ['PUT', '/api/admin/config/set-email-config', { host: '' }],
    ['POST', '/api/admin/config/test-email', { email: 'a@example.com' }],
    ['GET', '/api/admin/switch/info'],
    ['PUT', '/api/admin/switch/update', { openPublicJudge: true }],
    ['POST', '/api/admin/home-carousel', {}],
    ['DELETE', '/api/admin/home-carousel?id=1'],
  ];
  it.each(routes)('%s %s: 401 anonymous, 403 for every role below root', async (method, url, body) => {
    expect((await call(method, url, undefined, body)).statusCode).toBe(401);
    for (const role of [Role.USER, Role.NO_SUBMIT, Role.PROBLEM_ADMIN, Role.ADMIN]) {
      const res = await call(method, url, tokens[role], body);
      expect(res.statusCode, `role ${role}`).toBe(403);
      expect(res.json().status).toBe(403);
    }
  });
});

describe('website config', () => {
  it('a change takes effect at once on the public config, on every instance within the cache time', async () => {
    const other = new ConfigService(t.ctx.db);
    await other.get('website');
    const res = await call('PUT', '/api/admin/config/set-web-config', root, {
      name: 'Judge Online',
      shortName: 'JO',
      register: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Judge Online', shortName: 'JO', register: false });
    const pub = await call('GET', '/api/get-website-config');
    expect(pub.json().data).toMatchObject({
      name: 'Judge Online',
      register: false,
      openPublicDiscussion: true,
    });
    const got = await call('GET', '/api/admin/config/get-web-config', root);
    expect(got.json().data.shortName).toBe('JO');
    // A second server instance (its own cache) sees the change once its 2 s cache runs out.
    await new Promise((r) => setTimeout(r, 2100));
    expect((await other.get('website')).name).toBe('Judge Online');
  });

  it('refuses bad values and unknown fields with 400 naming the field', async () => {
    const flag = await call('PUT', '/api/admin/config/set-web-config', root, { register: 'yes' });
    expect(flag.statusCode).toBe(400);
    expect(flag.json().msg).toContain('register');
    const long = await call('PUT', '/api/admin/config/set-web-config', root, { shortName: 'x'.repeat(31) });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toContain('shortName');
    const unknown = await call('PUT', '/api/admin/config/set-web-config', root, { colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toContain('colour');
  });

  it('the shared payload schemas name exactly the fields of the stored sections', () => {
    expect(Object.keys(setWebConfigBody.shape).sort()).toEqual(Object.keys(SECTIONS.website.shape).sort());
    expect(Object.keys(setSwitchConfigBody.shape).sort()).toEqual(Object.keys(SECTIONS.switch.shape).sort());
  });
});

describe('email config', () => {
  it('never answers the password, only whether one is set; absent keeps it, null clears it', async () => {
    const set = await call('PUT', '/api/admin/config/set-email-config', root, {
      host: 'smtp.example.com',
      port: 587,
      username: 'u',
      password: 'p4ss',
      ssl: false,
      from: 'oj@example.com',
    });
    expect(set.statusCode).toBe(200);
    expect(set.body).not.toContain('p4ss');
    expect(set.json().data).toMatchObject({ host: 'smtp.example.com', port: 587, hasPassword: true });
    const keep = await call('PUT', '/api/admin/config/set-email-config', root, { port: 2525 });
    expect(keep.json().data).toMatchObject({ port: 2525, hasPassword: true });
    expect((await t.ctx.config.get('email')).password).toBe('p4ss');
    const got = await call('GET', '/api/admin/config/get-email-config', root);
    expect(got.body).not.toContain('p4ss');
    expect(got.json().data).not.toHaveProperty('password');
    const cleared = await call('PUT', '/api/admin/config/set-email-config', root, { password: null });
    expect(cleared.json().data.hasPassword).toBe(false);
    const bad = await call('PUT', '/api/admin/config/set-email-config', root, { port: 70000 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('port');
  });

  it('test-email sends through the configured server, and says clearly when SMTP fails', async () => {
    const smtp = await startSmtp();
    try {
      await call('PUT', '/api/admin/config/set-email-config', root, {
        host: '127.0.0.1',
        port: smtp.port,
        username: '',
      });
      const sent = await call('POST', '/api/admin/config/test-email', root, { email: 'admin@example.com' });
      expect(sent.statusCode).toBe(200);
      const [mail] = await smtp.waitFor(1);
      expect(mail!.to).toEqual(['admin@example.com']);
      expect(mail!.text).toContain('test email');
    } finally {
      await smtp.close();
    }
    await call('PUT', '/api/admin/config/set-email-config', root, { host: '127.0.0.1', port: 1 });
    const failed = await call('POST', '/api/admin/config/test-email', root, { email: 'admin@example.com' });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().msg).toMatch(/^Failed to send the test email: .+/);
    await call('PUT', '/api/admin/config/set-email-config', root, { host: '' });
    const none = await call('POST', '/api/admin/config/test-email', root, { email: 'admin@example.com' });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toContain('host');
    const badMail = await call('POST', '/api/admin/config/test-email', root, { email: 'nope' });
    expect(badMail.statusCode).toBe(400);
    expect(badMail.json().msg).toContain('email');
  });
});

describe('switch config', () => {
  it('reads and updates the switch section', async () => {
    const info = await call('GET', '/api/admin/switch/info', root);
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({ openPublicJudge: true, defaultSubmitInterval: 8 });
    const upd = await call('PUT', '/api/admin/switch/update', root, {
      openPublicJudge: false,
      defaultSubmitInterval: 30,
    });
    expect(upd.statusCode).toBe(200);
    expect((await t.ctx.config.get('switch')).openPublicJudge).toBe(false);
    expect((await t.ctx.config.get('switch')).defaultSubmitInterval).toBe(30);
    const bad = await call('PUT', '/api/admin/switch/update', root, { defaultSubmitInterval: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('defaultSubmitInterval');
  });
});

describe('home carousel', () => {
  const upload = async (data: Buffer, name = 'slide.png') => {
    const { payload, headers } = await multipartFile('image', name, data, 'image/png');
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/home-carousel',
      payload,
      headers: { ...headers, authorization: root },
    });
  };

  it('uploads an image that the public carousel lists and serves, then deletes it', async () => {
    const res = await upload(PNG_1X1);
    expect(res.statusCode).toBe(200);
    const item = res.json().data;
    expect(item.url).toMatch(/^\/api\/public\/carousel\/[a-f0-9]{64}\.png$/);
    const list = await call('GET', '/api/home-carousel');
    expect(list.json().data).toEqual([item]);
    const img = await call('GET', item.url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');

    expect((await upload(Buffer.from('plain text, not an image'), 'fake.png')).statusCode).toBe(400);
    const del = await call('DELETE', `/api/admin/home-carousel?id=${item.id}`, root);
    expect(del.statusCode).toBe(200);
    expect((await call('GET', '/api/home-carousel')).json().data).toEqual([]);
    expect((await call('DELETE', `/api/admin/home-carousel?id=${item.id}`, root)).statusCode).toBe(404);
    const badId = await call('DELETE', '/api/admin/home-carousel?id=abc', root);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().msg).toContain('id');
  });
});
