import { all, json, type MatrixRow, signedIn } from './roles.js';

/** Sign-in, registration, password reset and profile settings. */
export const accountRows: MatrixRow[] = [
  {
    method: 'POST',
    route: '/api/login',
    what: 'a wrong password (per-role username, so no throttle)',
    request: (_s, role) => ({ payload: { username: `nobody_${role}`.slice(0, 20), password: 'wrongpass1' } }),
    expect: all(400),
  },
  {
    method: 'POST',
    route: '/api/admin/login',
    request: (_s, role) => ({
      payload: { username: `nobody2_${role}`.slice(0, 20), password: 'wrongpass1' },
    }),
    expect: all(400),
  },
  { method: 'GET', route: '/api/logout', request: () => ({}), expect: all(200), freshSession: true },
  { method: 'GET', route: '/api/admin/logout', request: () => ({}), expect: all(200), freshSession: true },
  { method: 'GET', route: '/api/get-user-auth-info', request: () => ({}), expect: signedIn(200) },
  { method: 'GET', route: '/api/captcha', request: () => ({}), expect: all(200) },
  {
    method: 'POST',
    route: '/api/check-username-or-email',
    request: json({ username: 'mx_user' }),
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/get-register-code',
    request: (_s, role) => ({ url: `/api/get-register-code?email=reg-${role}@example.com` }),
    expect: all(200),
  },
  {
    method: 'POST',
    route: '/api/register',
    what: 'a wrong email code',
    request: (_s, role) => ({
      payload: {
        username: `new_${role}`.slice(0, 20),
        password: 'goodpass1',
        email: `reg-${role}@example.com`,
        code: '000000',
      },
    }),
    expect: all(400),
  },
  {
    method: 'POST',
    route: '/api/apply-reset-password',
    what: 'a wrong captcha',
    request: json({ email: 'mx_user@example.com', captcha: 'abcd', captchaKey: 'nokey' }),
    expect: all(400),
  },
  {
    method: 'POST',
    route: '/api/reset-password',
    what: 'a wrong code',
    request: json({ username: 'mx_user', password: 'goodpass1', code: 'nocode' }),
    expect: all(400),
  },
  {
    method: 'POST',
    route: '/api/change-password',
    what: 'a wrong old password',
    request: json({ oldPassword: 'notmypass1', newPassword: 'goodpass2' }),
    expect: signedIn(400),
  },
  {
    method: 'GET',
    route: '/api/get-change-email-code',
    request: (_s, role) => ({ url: `/api/get-change-email-code?email=chg-${role}@example.com` }),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/change-email',
    what: 'a wrong code',
    request: (_s, role) => ({
      payload: { newEmail: `chg-${role}@example.com`, code: '000000', password: 'x' },
    }),
    expect: signedIn(400),
  },
  {
    method: 'POST',
    route: '/api/change-mobile',
    what: 'a wrong password: 400 after the login check, nothing changed',
    request: json({ newMobile: '+8613800000000', password: 'not-the-password' }),
    expect: signedIn(400),
  },
  {
    method: 'POST',
    route: '/api/change-userInfo',
    request: json({ school: 'Matrix' }),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/file/upload-avatar',
    what: 'not multipart: 400 after the login check',
    request: json({}),
    expect: signedIn(400),
  },
];
