import { GONE, type MatrixRow, signedIn } from './roles.js';

/**
 * Code similarity check (issue 29 part 1, docs/similarity.md): login, then the scope's admins only. The seeded
 * contest and trainings are root's (so only root of these roles administers them); a site problem's check is for
 * its data readers (super admins and problem admins; plain admins 1001 do not read code).
 */
const contestQ = (s: { contestId: number }) => `scope=contest&id=${s.contestId}`;

export const similarityRows: MatrixRow[] = [
  {
    method: 'POST',
    route: '/api/similarity/check',
    what: "the contest's creator (root) starts a check",
    request: (s) => ({ payload: { scope: 'contest', id: s.contestId, pick: 'accepted' } }),
    expect: signedIn(403, { root: 200 }),
    refusedByTarget: true,
  },
  {
    method: 'GET',
    route: '/api/similarity/status',
    request: (s) => ({ url: `/api/similarity/status?${contestQ(s)}` }),
    expect: signedIn(403, { root: 200 }),
  },
  {
    method: 'GET',
    route: '/api/similarity/status',
    what: 'a training: its admins',
    request: (s) => ({ url: `/api/similarity/status?scope=training&id=${s.trainingId}` }),
    expect: signedIn(403, { root: 200 }),
  },
  {
    method: 'GET',
    route: '/api/similarity/status',
    what: 'a site problem: its data readers (problem admins, super admins)',
    request: (s) => ({ url: `/api/similarity/status?scope=problem&id=${s.publicPid}` }),
    expect: signedIn(403, { problemAdmin: 200, root: 200 }),
  },
  {
    method: 'GET',
    route: '/api/similarity/status',
    what: 'an unknown contest',
    request: () => ({ url: `/api/similarity/status?scope=contest&id=${GONE}` }),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/similarity/pairs',
    request: (s) => ({ url: `/api/similarity/pairs?${contestQ(s)}&threshold=0.5` }),
    expect: signedIn(403, { root: 200 }),
  },
  {
    method: 'GET',
    route: '/api/similarity/pair',
    what: 'a pair the check does not hold',
    request: (s) => ({ url: `/api/similarity/pair?${contestQ(s)}&a=${GONE}&b=${GONE - 1}` }),
    expect: signedIn(403, { root: 404 }),
  },
  {
    method: 'GET',
    route: '/api/similarity/export',
    request: (s) => ({ url: `/api/similarity/export?${contestQ(s)}` }),
    expect: signedIn(403, { root: 200 }),
  },
];
