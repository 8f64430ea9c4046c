import { admins, all, type MatrixRow } from './roles.js';

/** Public reads: every role, private problems for admin roles only. */
export const publicRows: MatrixRow[] = [
  { method: 'GET', route: '/api/get-website-config', request: () => ({}), expect: all(200) },
  { method: 'GET', route: '/api/home-carousel', request: () => ({}), expect: all(200) },
  { method: 'GET', route: '/api/get-recent-seven-ac-rank', request: () => ({}), expect: all(200) },
  { method: 'GET', route: '/api/get-recent-contest', request: () => ({}), expect: all(200) },
  { method: 'GET', route: '/api/get-last-week-submission-statistics', request: () => ({}), expect: all(200) },
  { method: 'GET', route: '/api/get-common-announcement', request: () => ({}), expect: all(200) },
  { method: 'GET', route: '/api/get-rank-list', request: () => ({}), expect: all(200) },
  { method: 'GET', route: '/api/languages', request: () => ({}), expect: all(200) },
  { method: 'GET', route: '/api/get-all-problem-tags', request: () => ({}), expect: all(200) },
  { method: 'GET', route: '/api/get-problem-tags-and-classification', request: () => ({}), expect: all(200) },
  { method: 'GET', route: '/api/get-problem-list', request: () => ({}), expect: all(200) },
  { method: 'GET', route: '/api/get-random-problem', request: () => ({}), expect: all(200) },
  {
    method: 'GET',
    route: '/api/get-problem-detail',
    what: 'a public problem',
    request: (s) => ({ url: `/api/get-problem-detail?problemId=${s.publicProblemId}` }),
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/get-problem-detail',
    what: 'a private problem: admin roles only',
    request: (s) => ({ url: `/api/get-problem-detail?problemId=${s.privateProblemId}` }),
    expect: admins(200, { anonymous: 403, user: 403, other: 403, noSubmit: 403 }),
  },
  {
    method: 'GET',
    route: '/api/get-problem-code-template',
    request: (s) => ({ url: `/api/get-problem-code-template?pid=${s.publicPid}` }),
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/get-problem-languages',
    request: (s) => ({ url: `/api/get-problem-languages?pid=${s.publicPid}` }),
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/get-problem-languages',
    what: 'a private problem: only those who may view it',
    request: (s) => ({ url: `/api/get-problem-languages?pid=${s.privatePid}` }),
    expect: admins(200, { anonymous: 403 }),
  },
  {
    method: 'GET',
    route: '/api/get-user-home-info',
    request: () => ({ url: '/api/get-user-home-info?username=mx_user' }),
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/get-user-calendar-heatmap',
    request: () => ({ url: '/api/get-user-calendar-heatmap?username=mx_user' }),
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/public/avatar/:name',
    request: () => ({ url: '/api/public/avatar/none.png' }),
    expect: all(404),
  },
  {
    method: 'GET',
    route: '/api/public/carousel/:name',
    request: () => ({ url: '/api/public/carousel/none.png' }),
    expect: all(404),
  },
];
