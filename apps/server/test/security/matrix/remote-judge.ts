import { admins, all, GONE, json, type MatrixRow, rootOnly, url } from './roles.js';

/** Remote judges (issue 27): System Config's judging accounts (super admin), the import (admin roles), the home card. */
export const remoteJudgeRows: MatrixRow[] = [
  { method: 'GET', route: '/api/admin/remote-judge/accounts', request: () => ({}), expect: rootOnly(200) },
  {
    method: 'POST',
    route: '/api/admin/remote-judge/account',
    request: json({ oj: 'HDU', username: 'mx-bot', password: 'mx-secret' }),
    expect: rootOnly(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/remote-judge/account',
    what: 'an unknown account: 404 after the role check',
    request: json({ id: GONE, enabled: false }),
    expect: rootOnly(404),
  },
  {
    method: 'DELETE',
    route: '/api/admin/remote-judge/account',
    what: 'an unknown account',
    request: url(`/api/admin/remote-judge/account?id=${GONE}`),
    expect: rootOnly(404),
  },
  {
    method: 'GET',
    route: '/api/admin/import-remote-problem',
    what: 'not a remote judge: 400 after the role check (no site is asked)',
    request: url('/api/admin/import-remote-problem?name=NOPE&problemId=1000'),
    expect: admins(400),
  },
  { method: 'GET', route: '/api/get-recent-other-contest', request: () => ({}), expect: all(200) },
];
