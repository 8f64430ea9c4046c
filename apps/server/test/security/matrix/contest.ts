import { admins, all, GONE, type MatrixRow, rootOnly, signedIn } from './roles.js';

/**
 * Contests (issue 9 §3): the public calls need login; everything about one contest in the back office needs an
 * admin role and then its creator or a super admin (the seeded contests are root's, so only root passes).
 */
const creatorOnly = (code: number) => admins(403, { root: code });
const validContest = { title: 'T', description: 'D', type: 0, auth: 0 };
const times = () => ({
  startTime: new Date(Date.now() - 3600_000).toISOString(),
  endTime: new Date(Date.now() + 3600_000).toISOString(),
});

const contestCoreRows: MatrixRow[] = [
  { method: 'GET', route: '/api/get-contest-list', request: () => ({}), expect: all(200) },
  {
    method: 'GET',
    route: '/api/get-contest-info',
    request: (s) => ({ url: `/api/get-contest-info?cid=${s.contestId}` }),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/get-contest-info',
    what: 'unknown contest',
    request: () => ({ url: `/api/get-contest-info?cid=${GONE}` }),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/register-contest',
    what: 'a wrong password',
    request: (s) => ({ payload: { cid: s.privateContestId, password: 'wrong' } }),
    expect: signedIn(400),
  },
  {
    method: 'GET',
    route: '/api/get-contest-access',
    request: (s) => ({ url: `/api/get-contest-access?cid=${s.privateContestId}` }),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/get-contest-problem',
    request: (s) => ({ url: `/api/get-contest-problem?cid=${s.contestId}` }),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/get-contest-problem',
    what: 'a private contest without registration: contest admins only',
    request: (s) => ({ url: `/api/get-contest-problem?cid=${s.privateContestId}` }),
    expect: signedIn(403, { root: 200 }),
  },
  {
    method: 'GET',
    route: '/api/get-contest-problem-details',
    request: (s) => ({ url: `/api/get-contest-problem-details?cid=${s.contestId}&displayId=A` }),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/contest-submissions',
    request: (s) => ({ url: `/api/contest-submissions?cid=${s.contestId}` }),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/contest-submissions',
    what: 'a private contest without registration',
    request: (s) => ({ url: `/api/contest-submissions?cid=${s.privateContestId}` }),
    expect: signedIn(403, { root: 200 }),
  },
  {
    method: 'POST',
    route: '/api/check-contest-submissions-status',
    request: (s) => ({ payload: { cid: s.contestId, submitIds: [s.userSubmitId] } }),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/admin/contest/get-contest-list',
    request: () => ({}),
    expect: admins(200),
  },
  {
    method: 'GET',
    route: '/api/admin/contest',
    request: (s) => ({ url: `/api/admin/contest?cid=${s.contestId}` }),
    expect: creatorOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/contest',
    what: 'a body without a title',
    request: () => ({ payload: { ...validContest, ...times(), title: '' } }),
    expect: admins(400),
  },
  {
    method: 'PUT',
    route: '/api/admin/contest',
    what: 'an unknown contest',
    request: () => ({ payload: { ...validContest, ...times(), id: GONE } }),
    expect: admins(404),
  },
  {
    method: 'DELETE',
    route: '/api/admin/contest',
    what: 'an unknown contest',
    request: () => ({ url: `/api/admin/contest?cid=${GONE}` }),
    expect: admins(404),
  },
  {
    method: 'PUT',
    route: '/api/admin/contest/change-contest-visible',
    request: (s) => ({ url: `/api/admin/contest/change-contest-visible?cid=${s.contestId}&visible=true` }),
    expect: creatorOnly(200),
  },
  {
    method: 'GET',
    route: '/api/admin/contest/get-problem-list',
    request: (s) => ({ url: `/api/admin/contest/get-problem-list?cid=${s.contestId}` }),
    expect: creatorOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/contest/add-problem-from-public',
    what: 'a problem already in the contest',
    request: (s) => ({ payload: { cid: s.contestId, pid: s.publicPid, displayId: 'B' } }),
    expect: creatorOnly(400),
  },
  {
    method: 'GET',
    route: '/api/admin/contest/contest-problem',
    request: (s) => ({ url: `/api/admin/contest/contest-problem?cid=${s.contestId}&pid=${s.publicPid}` }),
    expect: creatorOnly(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/contest/contest-problem',
    what: 'an unknown contest problem',
    request: () => ({ payload: { id: GONE, displayId: 'A' } }),
    expect: admins(404),
  },
  {
    method: 'GET',
    route: '/api/admin/contest/problem',
    request: (s) => ({ url: `/api/admin/contest/problem?cid=${s.contestId}&pid=${s.publicPid}` }),
    expect: creatorOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/contest/problem',
    what: 'an unknown contest',
    request: () => ({ payload: { problem: { title: 'x' }, cid: GONE, displayId: 'A' } }),
    expect: admins(404),
  },
  {
    method: 'PUT',
    route: '/api/admin/contest/problem',
    what: 'an unknown contest',
    request: (s) => ({ payload: { problem: { id: s.publicPid }, cid: GONE } }),
    expect: admins(404),
  },
  {
    method: 'DELETE',
    route: '/api/admin/contest/problem',
    what: 'an unknown contest',
    request: (s) => ({ url: `/api/admin/contest/problem?cid=${GONE}&pid=${s.publicPid}` }),
    expect: admins(404),
  },
];

/** Contest helpers (issue 10 §1): announcements. The seeded contests are root's: only root is their admin. */
const contestHelperRows: MatrixRow[] = [
  {
    method: 'GET',
    route: '/api/admin/contest/announcement',
    request: (s) => ({ url: `/api/admin/contest/announcement?cid=${s.contestId}` }),
    expect: creatorOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/contest/announcement',
    request: (s) => ({ payload: { cid: s.contestId, announcement: { title: 'MX', content: 'matrix' } } }),
    expect: creatorOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/contest/announcement',
    what: 'a body without a title',
    request: (s) => ({ payload: { cid: s.contestId, announcement: { title: '' } } }),
    expect: admins(400),
  },
  {
    method: 'PUT',
    route: '/api/admin/contest/announcement',
    what: 'an unknown announcement',
    request: (s) => ({ payload: { cid: s.contestId, announcement: { id: GONE, title: 'MX' } } }),
    expect: creatorOnly(404),
  },
  {
    method: 'DELETE',
    route: '/api/admin/contest/announcement',
    what: 'an unknown announcement',
    request: () => ({ url: `/api/admin/contest/announcement?aid=${GONE}` }),
    expect: admins(404),
  },
  {
    method: 'GET',
    route: '/api/get-contest-announcement',
    request: (s) => ({ url: `/api/get-contest-announcement?cid=${s.contestId}` }),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/get-contest-announcement',
    what: 'a private contest without registration',
    request: (s) => ({ url: `/api/get-contest-announcement?cid=${s.privateContestId}` }),
    expect: signedIn(403, { root: 200 }),
  },
  {
    method: 'POST',
    route: '/api/get-contest-not-read-announcement',
    request: (s) => ({ payload: { cid: s.contestId, readAnnouncementList: [] } }),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/admin/judge/rejudge-contest-problem',
    what: 'an unknown contest',
    request: (s) => ({ url: `/api/admin/judge/rejudge-contest-problem?cid=${GONE}&pid=${s.publicPid}` }),
    expect: rootOnly(404),
  },
  {
    method: 'GET',
    route: '/api/admin/judge/rejudge-contest-problem',
    what: "HOJ's client: GET, an unknown contest",
    request: (s) => ({ url: `/api/admin/judge/rejudge-contest-problem?cid=${GONE}&pid=${s.publicPid}` }),
    expect: rootOnly(404),
  },
  {
    method: 'POST',
    route: '/api/admin/judge/rejudge-contest-problem',
    what: 'a problem not in the contest',
    request: (s) => ({ url: `/api/admin/judge/rejudge-contest-problem?cid=${s.contestId}&pid=${GONE}` }),
    expect: rootOnly(404),
  },
  {
    method: 'GET',
    route: '/api/get-contest-ac-info',
    request: (s) => ({ url: `/api/get-contest-ac-info?cid=${s.contestId}` }),
    expect: signedIn(403, { root: 200 }),
  },
  {
    method: 'PUT',
    route: '/api/check-contest-ac-info',
    what: 'an unknown AC record',
    request: (s) => ({ payload: { id: GONE, cid: s.contestId, checked: true } }),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/submit-print-text',
    what: 'a contest without printing',
    request: (s) => ({ payload: { cid: s.contestId, content: 'x'.repeat(60) } }),
    expect: signedIn(400),
  },
  {
    method: 'GET',
    route: '/api/get-contest-print',
    request: (s) => ({ url: `/api/get-contest-print?cid=${s.contestId}` }),
    expect: signedIn(403, { root: 200 }),
  },
  {
    method: 'PUT',
    route: '/api/check-contest-print-status',
    what: 'an unknown print job',
    request: (s) => ({ url: `/api/check-contest-print-status?id=${GONE}&cid=${s.contestId}` }),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/file/download-contest-print-text',
    what: 'an unknown print job',
    request: () => ({ url: `/api/file/download-contest-print-text?id=${GONE}` }),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/file/download-contest-ac-submission',
    request: (s) => ({
      url: `/api/file/download-contest-ac-submission?cid=${s.contestId}&splitType=problem`,
    }),
    expect: signedIn(403, { root: 200 }),
  },
];

export const contestRows: MatrixRow[] = [...contestCoreRows, ...contestHelperRows];
