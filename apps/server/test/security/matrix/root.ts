import { GONE, json, type MatrixRow, rootOnly } from './roles.js';

/** Super admin only (doc 1 §6: users, announcements, config, switches). */
export const rootRows: MatrixRow[] = [
  { method: 'GET', route: '/api/admin/config/get-web-config', request: () => ({}), expect: rootOnly(200) },
  { method: 'PUT', route: '/api/admin/config/set-web-config', request: json({}), expect: rootOnly(200) },
  { method: 'GET', route: '/api/admin/config/get-email-config', request: () => ({}), expect: rootOnly(200) },
  { method: 'PUT', route: '/api/admin/config/set-email-config', request: json({}), expect: rootOnly(200) },
  {
    method: 'POST',
    route: '/api/admin/config/test-email',
    what: 'no SMTP server is set: 400 after the role check',
    request: json({ email: 'mx_root@example.com' }),
    expect: rootOnly(400),
  },
  { method: 'GET', route: '/api/admin/switch/info', request: () => ({}), expect: rootOnly(200) },
  { method: 'PUT', route: '/api/admin/switch/update', request: json({}), expect: rootOnly(200) },
  { method: 'GET', route: '/api/admin/language', request: () => ({}), expect: rootOnly(200) },
  { method: 'PUT', route: '/api/admin/language', request: json({ id: 1 }), expect: rootOnly(200) },
  { method: 'GET', route: '/api/admin/announcement', request: () => ({}), expect: rootOnly(200) },
  {
    method: 'POST',
    route: '/api/admin/announcement',
    request: json({ title: 'Matrix', content: 'Matrix announcement' }),
    expect: rootOnly(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/announcement',
    request: (s) => ({ payload: { id: s.announcementId, title: 'Seeded', content: 'Seeded announcement' } }),
    expect: rootOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/admin/announcement',
    request: () => ({ url: `/api/admin/announcement?aid=${GONE}` }),
    expect: rootOnly(404),
  },
  {
    method: 'POST',
    route: '/api/admin/home-carousel',
    what: 'not multipart: 400 after the role check',
    request: json({}),
    expect: rootOnly(400),
  },
  {
    method: 'DELETE',
    route: '/api/admin/home-carousel',
    request: () => ({ url: `/api/admin/home-carousel?id=${GONE}` }),
    expect: rootOnly(404),
  },
  {
    method: 'PUT',
    route: '/api/admin/judge/cancel-judge',
    request: (s) => ({ url: `/api/admin/judge/cancel-judge?submitId=${s.otherSubmitId}` }),
    what: 'the pending submission (rejudged above)',
    expect: rootOnly(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/judge/manual-judge',
    request: (s) => ({ payload: { submitId: s.otherSubmitId, status: -1, score: 0 } }),
    what: 'the submission cancelled above',
    expect: rootOnly(200),
  },
];
