import { admins, GONE, json, type MatrixRow, problemPayload } from './roles.js';

/** The admin back office: any admin role (1000, 1001, 1008). */
export const adminRows: MatrixRow[] = [
  {
    method: 'GET',
    route: '/api/admin/dashboard/get-dashboard-info',
    request: () => ({}),
    expect: admins(200),
  },
  { method: 'GET', route: '/api/admin/dashboard/get-sessions', request: () => ({}), expect: admins(200) },
  {
    method: 'POST',
    route: '/api/admin/dashboard/get-sessions',
    what: "HOJ's client: POST, the uid as a form-encoded body",
    request: () => ({
      payload: 'some-uid',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    expect: admins(200),
  },
  { method: 'GET', route: '/api/admin/problem/get-problem-list', request: () => ({}), expect: admins(200) },
  {
    method: 'GET',
    route: '/api/admin/problem',
    request: (s) => ({ url: `/api/admin/problem?pid=${s.privatePid}` }),
    expect: admins(200),
  },
  {
    method: 'POST',
    route: '/api/admin/problem',
    request: (_s, role) => ({ payload: problemPayload(`MX-${role}`) }),
    expect: admins(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/problem',
    request: (s) => ({
      payload: {
        ...problemPayload(s.privateProblemId, 2),
        problem: { ...problemPayload(s.privateProblemId, 2).problem, id: s.privatePid },
      },
    }),
    expect: admins(200),
  },
  {
    method: 'DELETE',
    route: '/api/admin/problem',
    request: () => ({ url: `/api/admin/problem?pid=${GONE}` }),
    expect: admins(404),
  },
  {
    method: 'PUT',
    route: '/api/admin/problem/change-problem-auth',
    request: (s) => ({ payload: { pid: s.privatePid, auth: 2 } }),
    expect: admins(200),
  },
  {
    method: 'GET',
    route: '/api/admin/problem/get-problem-cases',
    request: (s) => ({ url: `/api/admin/problem/get-problem-cases?pid=${s.publicPid}` }),
    expect: admins(200),
  },
  {
    method: 'POST',
    route: '/api/admin/problem/compile-spj',
    request: json({ code: 'int main(){return 0;}', language: 'C++' }),
    expect: admins(200),
  },
  {
    method: 'POST',
    route: '/api/admin/problem/compile-interactive',
    request: json({ code: 'int main(){return 0;}', language: 'C++' }),
    expect: admins(200),
  },
  {
    method: 'GET',
    route: '/api/admin/problem/compile-result',
    what: "a problem admin's compile check: unknown to every other admin",
    request: (s) => ({ url: `/api/admin/problem/compile-result?key=${s.compileKey}` }),
    expect: admins(404, { problemAdmin: 200 }),
  },
  { method: 'GET', route: '/api/admin/tag', request: () => ({}), expect: admins(200) },
  {
    method: 'POST',
    route: '/api/admin/tag',
    request: (_s, role) => ({ payload: { name: `mx-tag-${role}` } }),
    expect: admins(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/tag',
    request: (s) => ({ payload: { id: s.tagId, color: '#123456' } }),
    expect: admins(200),
  },
  {
    method: 'DELETE',
    route: '/api/admin/tag',
    request: () => ({ url: `/api/admin/tag?tid=${GONE}` }),
    expect: admins(404),
  },
  { method: 'GET', route: '/api/admin/tag/classification', request: () => ({}), expect: admins(200) },
  {
    method: 'POST',
    route: '/api/admin/tag/classification',
    request: (_s, role) => ({ payload: { name: `mx-class-${role}` } }),
    expect: admins(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/tag/classification',
    request: (s) => ({ payload: { id: s.classificationId, rank: 3 } }),
    expect: admins(200),
  },
  {
    method: 'DELETE',
    route: '/api/admin/tag/classification',
    request: () => ({ url: `/api/admin/tag/classification?tcid=${GONE}` }),
    expect: admins(404),
  },
  {
    method: 'POST',
    route: '/api/admin/judge/rejudge',
    request: (s) => ({ url: `/api/admin/judge/rejudge?submitId=${s.otherSubmitId}` }),
    expect: admins(200),
  },
  {
    method: 'GET',
    route: '/api/admin/judge/rejudge',
    what: "HOJ's client: GET, an unknown submission",
    request: () => ({ url: `/api/admin/judge/rejudge?submitId=${GONE}` }),
    expect: admins(404),
  },
  {
    method: 'GET',
    route: '/api/admin/config/get-service-info',
    request: () => ({}),
    expect: admins(200),
  },
  {
    method: 'GET',
    route: '/api/admin/config/get-judge-service-info',
    request: () => ({}),
    expect: admins(200),
  },
  {
    method: 'GET',
    route: '/api/admin/judge/get-judge-server-status',
    request: () => ({}),
    expect: admins(200),
  },
  {
    method: 'GET',
    route: '/api/file/download-testcase',
    request: (s) => ({ url: `/api/file/download-testcase?pid=${s.publicPid}` }),
    expect: admins(200),
  },
  {
    method: 'GET',
    route: '/api/file/export-problem',
    request: (s) => ({ url: `/api/file/export-problem?pid=${s.publicPid}` }),
    expect: admins(200),
  },
  {
    method: 'GET',
    route: '/api/file/export-problem',
    what: "HOJ's client: repeated pid, one zip",
    request: (s) => ({ url: `/api/file/export-problem?pid=${s.publicPid}&pid=${s.publicPid}` }),
    expect: admins(200),
  },
  ...(
    [
      '/api/file/upload-testcase-zip',
      '/api/file/import-fps-problem',
      '/api/file/import-qdoj-problem',
      '/api/file/import-hydro-problem',
      '/api/file/import-problem',
      '/api/file/import-kattis-problem',
    ] as const
  ).map(
    (route): MatrixRow => ({
      method: 'POST',
      route,
      what: 'not multipart: 400 after the role check',
      request: json({}),
      expect: admins(400),
    }),
  ),
];
