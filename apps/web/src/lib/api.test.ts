import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import i18n from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, apiGet, apiLogin, apiPost, http } from './api.js';
import { initI18n } from './i18n.js';
import { session } from './session.js';

/** Installs a fake transport answering `reply(config)`; returns the seen requests. */
function fakeServer(
  reply: (c: InternalAxiosRequestConfig) => {
    status: number;
    data: unknown;
    headers?: Record<string, string>;
  },
) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const r = reply(config);
    const res = { data: r.data, status: r.status, statusText: '', headers: r.headers ?? {}, config };
    if (r.status >= 400) {
      const err = Object.assign(new Error(`HTTP ${r.status}`), { isAxiosError: true, config, response: res });
      throw err;
    }
    return res;
  };
  http.defaults.adapter = adapter;
  return seen;
}

describe('the api client (doc 1 §7, §8)', () => {
  beforeEach(() => {
    localStorage.clear();
    session.clear();
    session.closeLoginModal();
  });

  it('sends the token and Url-Type, except the token on login calls', async () => {
    session.setToken('stored-token-123');
    const seen = fakeServer(() => ({ status: 200, data: { status: 200, msg: 'ok', data: 1 } }));
    await apiGet('/get-website-config');
    await apiGet('/admin/config/get-web-config');
    await apiLogin('/login', { username: 'a', password: 'b' }).catch(() => undefined);
    expect(seen[0].headers.get('Authorization')).toBe('stored-token-123');
    expect(seen[0].headers.get('Url-Type')).toBe('general');
    expect(seen[1].headers.get('Url-Type')).toBe('admin');
    expect(seen[2].headers.get('Authorization')).toBeUndefined();
  });

  it('adopts a refreshed token from the response header', async () => {
    session.setToken('old-token-0000');
    fakeServer(() => ({
      status: 200,
      data: { status: 200, msg: 'ok', data: null },
      headers: { authorization: 'new-token-1111' },
    }));
    await apiGet('/get-website-config');
    expect(session.get().token).toBe('new-token-1111');
    expect(localStorage.getItem('token')).toBe('new-token-1111');
  });

  it('a body status other than 200 rejects with the server message', async () => {
    fakeServer(() => ({
      status: 200,
      data: { status: 400, msg: 'The username already exists', data: null },
    }));
    await expect(apiGet('/x')).rejects.toMatchObject({ status: 400, message: 'The username already exists' });
  });

  it('401 clears user and token and opens the login modal (public) or not for silent calls', async () => {
    session.setToken('stale-token-000');
    session.setUser({ uid: '1', username: 'u', roleList: ['default_user'] } as never);
    fakeServer(() => ({ status: 401, data: { status: 401, msg: 'Please login first', data: null } }));
    await expect(apiGet('/get-user-home-info')).rejects.toBeInstanceOf(ApiError);
    expect(session.get().token).toBeNull();
    expect(session.get().userInfo).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(session.get().loginModal).toEqual({ open: true, mode: 'Login' });
  });

  it('404 rejects with the not-found status', async () => {
    fakeServer(() => ({ status: 404, data: { status: 404, msg: 'No such API', data: null } }));
    await expect(apiGet('/msg/unread', undefined, { silent: true })).rejects.toMatchObject({ status: 404 });
  });

  it('sends no Content-Type on a POST or PUT without a body (a form type with no body is a 415)', async () => {
    const seen = fakeServer(() => ({ status: 200, data: { status: 200, msg: 'ok', data: null } }));
    await http.post('/admin/judge/rejudge', null, { params: { submitId: 1 } });
    await http.put('/admin/judge/cancel-judge', null, { params: { submitId: 1 } });
    await apiPost('/x');
    await apiPost('/y', { a: 1 });
    const type = (i: number) =>
      seen[i].headers.toJSON()['Content-Type'] ?? seen[i].headers.toJSON()['content-type'];
    expect([type(0), type(1), type(2)]).toEqual([undefined, undefined, undefined]);
    expect(String(type(3))).toContain('application/json');
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
    fakeServer(() => ({ status: 400, data: body }));
    await expect(apiPost('/login', {})).rejects.toMatchObject({
      status: 400,
      message: '请检查您的用户名或密码',
      msgKey: 'account.badCredentials',
    });
    fakeServer(() => ({
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
    fakeServer(() => ({ status: 400, data: body }));
    await expect(apiPost('/login', {})).rejects.toMatchObject({
      message: 'Please check your username or password',
    });
    // A key this client does not know falls back to the English text.
    fakeServer(() => ({
      status: 400,
      data: { status: 400, msg: 'English only', data: null, msgKey: 'no.such' },
    }));
    await expect(apiPost('/x', {})).rejects.toMatchObject({ message: 'English only' });
  });
});
