import { all, GONE, json, type MatrixRow, signedIn, url } from './roles.js';

/**
 * Contest scoreboards (issue 9 §3), against an unknown contest: the rank tab and the export need a login first;
 * the outside board and its info are open to anonymous callers (their openRank / access rules are checked on
 * real contests in test/contest/board-access.test.ts); the scroll board (issue 10 §2) is for contest admins only
 * (test/contest/scroll-board.test.ts).
 */
export const scoreboardRows: MatrixRow[] = [
  {
    method: 'POST',
    route: '/api/get-contest-rank',
    what: 'an unknown contest',
    request: json({ cid: GONE }),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/get-contest-outside-scoreboard',
    what: 'an unknown contest',
    request: json({ cid: GONE }),
    expect: all(404),
  },
  {
    method: 'GET',
    route: '/api/get-contest-outsize-info',
    what: 'an unknown contest',
    request: url(`/api/get-contest-outsize-info?cid=${GONE}`),
    expect: all(404),
  },
  {
    method: 'GET',
    route: '/api/file/download-contest-rank',
    what: 'an unknown contest',
    request: url(`/api/file/download-contest-rank?cid=${GONE}`),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/get-contest-scroll-board',
    what: 'an unknown contest',
    request: url(`/api/get-contest-scroll-board?cid=${GONE}`),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/get-contest-scroll-board',
    what: "root's running ACM contest (contest admins only)",
    request: (s) => ({ url: `/api/get-contest-scroll-board?cid=${s.contestId}&removeStar=true` }),
    expect: signedIn(403, { root: 200 }),
  },
];
