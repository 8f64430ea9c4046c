import { all, type Codes, type MatrixRow, type Seed } from './roles.js';

/**
 * The CLICS Contest API (issue 10 §5; docs/clics.md), read-only under /api/clics/, against the seeded running public
 * ACM contest of root whose outside board is closed (openRank off): its contest admin (root, a super admin) sees
 * it; everyone else, signed in or not, gets 404, as the public view offers only contests with an open outside board
 * (test/clics/ covers the public view, HTTP Basic and the seal). Objects that do not exist are 404 for everyone.
 */
const contestAdmin: Codes = { ...all(404), root: 200 };
const at = (path: string) => (s: Seed) => ({ url: `/api/clics/contests/${s.contestId}${path}` });

const contestRoutes: [string, string, Codes][] = [
  ['', '', contestAdmin],
  ['/access', '/access', contestAdmin],
  ['/state', '/state', contestAdmin],
  ['/judgement-types', '/judgement-types', contestAdmin],
  ['/judgement-types/:id', '/judgement-types/AC', contestAdmin],
  ['/languages', '/languages', contestAdmin],
  ['/languages/:id', '/languages/cpp', contestAdmin],
  ['/problems', '/problems', contestAdmin],
  ['/groups', '/groups', contestAdmin],
  ['/groups/:id', '/groups/participants', contestAdmin],
  ['/teams', '/teams', contestAdmin],
  ['/teams/:id', '/teams/nobody', all(404)],
  ['/persons', '/persons', contestAdmin],
  ['/persons/:id', '/persons/nobody', all(404)],
  ['/accounts', '/accounts', contestAdmin],
  ['/accounts/:id', '/accounts/nobody', all(404)],
  ['/submissions', '/submissions', contestAdmin],
  ['/submissions/:id', '/submissions/999999', all(404)],
  ['/submissions/:sid/files', '/submissions/999999/files', all(404)],
  ['/judgements', '/judgements', contestAdmin],
  ['/judgements/:id', '/judgements/999999-0', all(404)],
  ['/runs', '/runs', contestAdmin],
  ['/runs/:id', '/runs/999999-0-1', all(404)],
  ['/clarifications', '/clarifications', contestAdmin],
  ['/clarifications/:id', '/clarifications/q999999', all(404)],
  ['/awards', '/awards', contestAdmin],
  ['/awards/:id', '/awards/winner', contestAdmin],
  ['/scoreboard', '/scoreboard', contestAdmin],
  ['/event-feed', '/event-feed?stream=false', contestAdmin],
];

export const clicsRows: MatrixRow[] = [
  { method: 'GET', route: '/api/clics', what: 'API information', request: () => ({}), expect: all(200) },
  {
    method: 'GET',
    route: '/api/clics/contests',
    what: 'the contests the caller may see',
    request: () => ({}),
    expect: all(200),
  },
  ...contestRoutes.map(
    ([route, path, expect]): MatrixRow => ({
      method: 'GET',
      route: `/api/clics/contests/:cid${route}`,
      what: 'the seeded contest (outside board closed)',
      request: at(path),
      expect,
    }),
  ),
  {
    method: 'GET',
    route: '/api/clics/contests/:cid/problems/:id',
    what: 'the seeded contest problem',
    request: (s) => ({ url: `/api/clics/contests/${s.contestId}/problems/${s.publicPid}` }),
    expect: contestAdmin,
  },
];
