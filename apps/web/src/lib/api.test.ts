import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../test/fake-fetch.js';
import {
  ApiError,
  apiDelete,
  apiDownload,
  apiGet,
  apiLogin,
  apiPost,
  apiPut,
  apiUpload,
  queryString,
} from './api.js';
import { initI18n } from './i18n.js';
import { session } from './session.js';

const ok = (data: unknown, headers?: Record<string, string>) => ({
  status: 200,
  data: { status: 200, msg: 'ok', data },
  headers,
});

describe('the api client (doc 1 §7, §8)', () => {
  beforeEach(() => {
    localStorage.clear();
    session.clear();
    session.closeLoginModal();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the token and Url-Type, except the token on login calls', async () => {
    session.setToken('stored-token-123');
    const seen = fakeFetch(() => ok(1));
    await apiGet('/get-website-config');
    await apiGet('/admin/config/get-web-config');
    await apiLogin('/login', { username: 'a', password: 'b' }).catch(() => undefined);
    expect(seen[0].headers.get('Authorization')).toBe('stored-token-123');
    expect(seen[0].headers.get('Url-Type')).toBe('general');
    expect(seen[1].headers.get('Url-Type')).toBe('admin');
    expect(seen[2].headers.get('Authorization')).toBeNull();
    expect(seen[2].headers.get('Content-Type')).toBe('application/json');
    expect(seen[2].body).toEqual({ username: 'a', password: 'b' });
  });

  it('a login stores the token of the Authorization header and answers the user', async () => {
    fakeFetch(() => ok({ username: 'a' }, { authorization: 'login-token-2222' }));
    expect(await apiLogin('/login', { username: 'a', password: 'b' })).toEqual({ username: 'a' });
    expect(session.get().token).toBe('login-token-2222');
  });

  it('adopts a refreshed token from the response header', async () => {
    session.setToken('old-token-0000');
    fakeFetch(() => ok(null, { authorization: 'new-token-1111' }));
    await apiGet('/get-website-config');
    expect(session.get().token).toBe('new-token-1111');
    expect(localStorage.getItem('token')).toBe('new-token-1111');
  });

  it('query parameters: null left out, arrays as key[]; an empty body sends no content type', async () => {
    const seen = fakeFetch(() => ok(null));
    await apiPut('/admin/judge/cancel-judge', undefined, undefined, { submitId: 7, none: null });
    expect(seen[0]).toMatchObject({
      method: 'PUT',
      path: '/admin/judge/cancel-judge',
      params: { submitId: '7' },
    });
    expect(seen[0].headers.get('Content-Type')).toBeNull();
    await apiDelete('/admin/user/delete-user', undefined, undefined, { ids: ['u1'] });
    expect(seen[1]).toMatchObject({ method: 'DELETE', body: { ids: ['u1'] } });
    expect(queryString({ a: [1, 2], b: 'x y' })).toBe('?a%5B%5D=1&a%5B%5D=2&b=x+y');
  });

  it('a body status other than 200 rejects with the server message', async () => {
    fakeFetch(() => ({ status: 200, data: { status: 400, msg: 'The username already exists', data: null } }));
    await expect(apiGet('/x')).rejects.toMatchObject({ status: 400, message: 'The username already exists' });
  });

  it('401 clears user and token and opens the login modal (public) or not for silent calls', async () => {
    session.setToken('stale-token-000');
    session.setUser({ uid: '1', username: 'u', roleList: ['default_user'] } as never);
    fakeFetch(() => ({ status: 401, data: { status: 401, msg: 'Please login first', data: null } }));
    await expect(apiGet('/get-user-home-info')).rejects.toBeInstanceOf(ApiError);
    expect(session.get().token).toBeNull();
    expect(session.get().userInfo).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(session.get().loginModal).toEqual({ open: true, mode: 'Login' });
  });

  it('an HTTP error keeps the server message and data', async () => {
    fakeFetch(() => ({
      status: 400,
      data: { status: 400, msg: 'title: too long', data: { field: 'title' } },
    }));
    await expect(apiGet('/x', undefined, { silent: true })).rejects.toMatchObject({
      status: 400,
      message: 'title: too long',
      data: { field: 'title' },
    });
  });

  it('404 rejects with the not-found status; no answer rejects with status 0', async () => {
    fakeFetch(() => ({ status: 404, data: { status: 404, msg: 'No such API', data: null } }));
    await expect(apiGet('/msg/unread', undefined, { silent: true })).rejects.toMatchObject({ status: 404 });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiGet('/x', undefined, { silent: true })).rejects.toMatchObject({ status: 0 });
  });

  it('uploads a multipart form; a download answers the file, or rejects with a JSON message', async () => {
    const seen = fakeFetch((r) =>
      r.method === 'POST'
        ? ok('saved')
        : { status: 200, data: 'zip', headers: { 'content-type': 'application/zip' } },
    );
    expect(await apiUpload('/file/upload-avatar', 'image', new Blob(['png']), 'a.png')).toBe('saved');
    expect((seen[0].body as FormData).get('image')).toBeInstanceOf(Blob);
    expect(await (await apiDownload('/file/download-testcase', { pid: 1 })).text()).toBe('zip');
    fakeFetch(() => ({ status: 200, data: { status: 400, msg: 'No such problem', data: null } }));
    await expect(apiDownload('/file/download-testcase', { pid: 1 })).rejects.toMatchObject({
      status: 400,
      message: 'No such problem',
    });
  });

  it('shows the server message in the interface language from its msgKey and msgParams', async () => {
    await initI18n('zh-CN');
    const body = {
      status: 400,
      msg: 'Please check your username or password',
      data: { needCaptcha: false },
      msgKey: 'account.badCredentials',
      msgParams: {},
    };
    fakeFetch(() => ({ status: 400, data: body }));
    await expect(apiPost('/login', {})).rejects.toMatchObject({
      status: 400,
      message: '请检查您的用户名或密码',
      msgKey: 'account.badCredentials',
    });
    fakeFetch(() => ({
      status: 429,
      data: {
        status: 429,
        msg: 'x',
        data: null,
        msgKey: 'submission.tooFrequent',
        msgParams: { seconds: 7 },
      },
    }));
    await expect(apiPost('/submit-problem-judge', {})).rejects.toMatchObject({
      message: '提交过于频繁，请在 7 秒后再试',
    });
    await i18n.changeLanguage('en-US');
    fakeFetch(() => ({ status: 400, data: body }));
    await expect(apiPost('/login', {})).rejects.toMatchObject({
      message: 'Please check your username or password',
    });
    // A key this client does not know falls back to the English text.
    fakeFetch(() => ({
      status: 400,
      data: { status: 400, msg: 'English only', data: null, msgKey: 'no.such' },
    }));
    await expect(apiPost('/x', {})).rejects.toMatchObject({ message: 'English only' });
  });
});
