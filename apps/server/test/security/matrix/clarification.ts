import { admins, GONE, type MatrixRow, signedIn } from './roles.js';

/**
 * Contest clarifications (issue 10 §3): participant calls need login and the contest access rule (the private
 * seeded contest refuses everybody but root, who administers it); back-office calls need login and then the
 * contest admin rule: its creator, a super admin, or a group contest's roots (the seeded contests are root's, so
 * only root passes; a group root who is a plain user: test/events/clarification-asked.test.ts). Writing rows aim
 * at unknown problems and ids, so they store nothing. (A private contest's 403 on the POST / PUT calls depends on
 * the body's cid, so it is tested in test/contest/contest-clarification.test.ts, not here.)
 */
const creatorOnly = (code: number) => admins(403, { root: code });

export const clarificationRows: MatrixRow[] = [
  {
    method: 'POST',
    route: '/api/submit-contest-clarification',
    what: 'a display id that is not in the contest',
    request: (s) => ({ payload: { cid: s.contestId, displayId: 'ZZ', content: 'Is n positive?' } }),
    expect: signedIn(400),
  },
  {
    method: 'GET',
    route: '/api/get-contest-clarification',
    request: (s) => ({ url: `/api/get-contest-clarification?cid=${s.contestId}` }),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/get-contest-clarification',
    what: 'a private contest without registration',
    request: (s) => ({ url: `/api/get-contest-clarification?cid=${s.privateContestId}` }),
    expect: signedIn(403, { root: 200 }),
  },
  {
    method: 'GET',
    route: '/api/get-contest-not-read-clarification',
    request: (s) => ({ url: `/api/get-contest-not-read-clarification?cid=${s.contestId}` }),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/get-contest-not-read-clarification',
    what: 'a private contest without registration',
    request: (s) => ({ url: `/api/get-contest-not-read-clarification?cid=${s.privateContestId}` }),
    expect: signedIn(403, { root: 200 }),
  },
  {
    method: 'PUT',
    route: '/api/read-contest-clarification',
    request: (s) => ({ payload: { cid: s.contestId, ids: [] } }),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/admin/contest/clarification',
    request: (s) => ({ url: `/api/admin/contest/clarification?cid=${s.contestId}` }),
    expect: creatorOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/contest/clarification',
    what: 'a display id that is not in the contest',
    request: (s) => ({ payload: { cid: s.contestId, displayId: 'ZZ', answer: 'Read the note.' } }),
    expect: creatorOnly(400),
    refusedByTarget: true,
  },
  {
    method: 'PUT',
    route: '/api/admin/contest/clarification',
    what: 'an unknown clarification',
    request: (s) => ({ payload: { id: GONE, cid: s.contestId, answer: 'Yes.', public: true } }),
    expect: creatorOnly(404),
    refusedByTarget: true,
  },
  {
    method: 'DELETE',
    route: '/api/admin/contest/clarification',
    what: 'an unknown clarification',
    request: () => ({ url: `/api/admin/contest/clarification?id=${GONE}` }),
    expect: signedIn(404),
  },
];
