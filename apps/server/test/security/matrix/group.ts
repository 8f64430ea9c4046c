import { admins, all, GONE, type MatrixRow, signedIn } from './roles.js';

/**
 * Groups (issue 13): the list and a visible group's detail are public, everything else needs login; here every
 * group call aims at an unknown group, so each signed-in role gets the group's 404 (the per-group rules, by member
 * level, are the group matrix of test/group/group-matrix.test.ts).
 */
const gone =
  (path: string, extra = '') =>
  () => ({ url: `${path}?gid=${GONE}${extra}` });
const body = (payload: unknown) => () => ({ payload });
const ann = { title: 'T', content: 'C' };
const pidGone = (path: string) => () => ({ url: `${path}?pid=${GONE}` });
const compile = { code: 'int main(){}', language: 'C++' };
const tidGone =
  (path: string, extra = '') =>
  () => ({ url: `${path}?tid=${GONE}${extra}` });
const cidGone =
  (path: string, extra = '') =>
  () => ({ url: `${path}?cid=${GONE}${extra}` });
const training = (categoryId: number, over: Record<string, unknown> = {}) => ({
  training: { title: 'T', description: 'D', auth: 'Public', ...over },
  trainingCategory: { id: categoryId },
});
const contest = {
  title: 'C',
  description: 'D',
  type: 0,
  auth: 0,
  startTime: new Date(Date.now() + 3600_000).toISOString(),
  endTime: new Date(Date.now() + 7200_000).toISOString(),
};

export const groupRows: MatrixRow[] = [
  { method: 'GET', route: '/api/get-group-list', request: () => ({}), expect: all(200) },
  {
    method: 'GET',
    route: '/api/get-group-list',
    what: 'onlyMine needs login',
    request: () => ({ url: '/api/get-group-list?onlyMine=true' }),
    expect: signedIn(200),
  },
  { method: 'GET', route: '/api/get-group-detail', request: gone('/api/get-group-detail'), expect: all(404) },
  {
    method: 'GET',
    route: '/api/get-group-access',
    request: gone('/api/get-group-access'),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/get-group-auth',
    request: gone('/api/get-group-auth'),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/group',
    what: 'a body without a name',
    request: body({ name: '', shortName: 'abcde', brief: 'brief', description: 'desc.', auth: 1 }),
    expect: signedIn(400),
  },
  {
    method: 'PUT',
    route: '/api/group',
    request: body({ id: GONE, brief: 'A brief' }),
    expect: signedIn(404),
  },
  { method: 'DELETE', route: '/api/group', request: gone('/api/group'), expect: signedIn(404) },
  {
    method: 'GET',
    route: '/api/group/get-member-list',
    request: gone('/api/group/get-member-list'),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/group/get-apply-list',
    request: gone('/api/group/get-apply-list'),
    expect: signedIn(404),
  },
  { method: 'POST', route: '/api/group/member', request: body({ gid: GONE }), expect: signedIn(404) },
  {
    method: 'PUT',
    route: '/api/group/member',
    request: body({ gid: GONE, uid: 'nobody', auth: 3 }),
    expect: signedIn(404),
  },
  {
    method: 'DELETE',
    route: '/api/group/member',
    request: gone('/api/group/member', '&uid=nobody'),
    expect: signedIn(404),
  },
  {
    method: 'DELETE',
    route: '/api/group/member/exit',
    request: gone('/api/group/member/exit'),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/group/get-announcement-list',
    request: gone('/api/group/get-announcement-list'),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/group/get-admin-announcement-list',
    request: gone('/api/group/get-admin-announcement-list'),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/group/announcement',
    request: body({ gid: GONE, ...ann }),
    expect: signedIn(404),
  },
  {
    method: 'PUT',
    route: '/api/group/announcement',
    request: body({ id: GONE, ...ann }),
    expect: signedIn(404),
  },
  {
    method: 'DELETE',
    route: '/api/group/announcement',
    request: () => ({ url: `/api/group/announcement?aid=${GONE}` }),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/get-group-rank-list',
    request: gone('/api/get-group-rank-list', '&type=0'),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/file/upload-group-avatar',
    request: gone('/api/file/upload-group-avatar'),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/group/get-problem-list',
    request: gone('/api/group/get-problem-list'),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/group/get-admin-problem-list',
    request: gone('/api/group/get-admin-problem-list'),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/group/problem',
    request: pidGone('/api/group/problem'),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/group/problem',
    what: 'a site problem is no group problem',
    request: (s) => ({ url: `/api/group/problem?pid=${s.publicPid}` }),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/group/problem',
    what: 'refused before the body is read unless the caller administers some group (issue 23)',
    request: body({ problem: { gid: GONE, problemId: '1001', title: 'T' } }),
    expect: signedIn(403, { root: 404 }),
  },
  {
    method: 'PUT',
    route: '/api/group/problem',
    what: 'refused before the body is read unless the caller administers some group (issue 23)',
    request: body({ problem: { id: GONE, problemId: '1001', title: 'T' } }),
    expect: signedIn(403, { root: 404 }),
  },
  {
    method: 'DELETE',
    route: '/api/group/problem',
    request: pidGone('/api/group/problem'),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/group/get-problem-cases',
    request: pidGone('/api/group/get-problem-cases'),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/group/get-all-problem-tags',
    request: gone('/api/group/get-all-problem-tags'),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/group/compile-spj',
    request: () => ({ url: `/api/group/compile-spj?gid=${GONE}`, payload: compile }),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/group/compile-interactive',
    request: () => ({ url: `/api/group/compile-interactive?gid=${GONE}`, payload: compile }),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/group/compile-result',
    what: "someone else's or an unknown check",
    request: () => ({ url: '/api/group/compile-result?key=unknown' }),
    expect: signedIn(404),
  },
  {
    method: 'PUT',
    route: '/api/group/change-problem-auth',
    request: body({ pid: GONE, auth: 1 }),
    expect: signedIn(404),
  },
  {
    method: 'PUT',
    route: '/api/group/apply-public',
    request: body({ pid: GONE, isApplied: true }),
    expect: signedIn(404),
  },
  { method: 'GET', route: '/api/admin/group-problem/list', request: () => ({}), expect: admins(200) },
  {
    method: 'PUT',
    route: '/api/admin/group-problem/change-progress',
    request: body({ pid: GONE, progress: 2 }),
    expect: admins(404),
  },
  {
    method: 'PUT',
    route: '/api/admin/group-problem/change-progress',
    what: 'a site problem was never applied for',
    request: (s) => ({ payload: { pid: s.publicPid, progress: 2 } }),
    expect: admins(400),
  },
  // Group trainings (the training service scoped by gid).
  {
    method: 'GET',
    route: '/api/group/get-training-list',
    request: gone('/api/group/get-training-list'),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/group/get-admin-training-list',
    request: gone('/api/group/get-admin-training-list'),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/group/training',
    request: tidGone('/api/group/training'),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/group/training',
    what: 'a site training is no group training',
    request: (s) => ({ url: `/api/group/training?tid=${s.trainingId}` }),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/group/training',
    request: (s) => ({ payload: { gid: GONE, ...training(s.trainingCategoryId) } }),
    expect: signedIn(404),
  },
  {
    method: 'PUT',
    route: '/api/group/training',
    request: (s) => ({ payload: training(s.trainingCategoryId, { id: GONE }) }),
    expect: signedIn(404),
  },
  {
    method: 'DELETE',
    route: '/api/group/training',
    request: tidGone('/api/group/training'),
    expect: signedIn(404),
  },
  {
    method: 'PUT',
    route: '/api/group/change-training-status',
    request: tidGone('/api/group/change-training-status', '&status=true'),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/group/get-training-problem-list',
    request: tidGone('/api/group/get-training-problem-list'),
    expect: signedIn(404),
  },
  {
    method: 'PUT',
    route: '/api/group/training-problem',
    request: body({ id: GONE, displayId: 'A' }),
    expect: signedIn(404),
  },
  {
    method: 'DELETE',
    route: '/api/group/training-problem',
    request: tidGone('/api/group/training-problem', '&pid=1'),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/group/add-training-problem-from-public',
    request: (s) => ({ payload: { pid: s.publicPid, tid: GONE, displayId: 'A' } }),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/group/add-training-problem-from-group',
    request: body({ problemId: 'X1000', tid: GONE }),
    expect: signedIn(404),
  },
  // Group contests (the contest service scoped by gid).
  {
    method: 'GET',
    route: '/api/group/get-contest-list',
    request: gone('/api/group/get-contest-list'),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/group/get-admin-contest-list',
    request: gone('/api/group/get-admin-contest-list'),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/group/contest',
    request: cidGone('/api/group/contest'),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/group/contest',
    what: 'a site contest is no group contest',
    request: (s) => ({ url: `/api/group/contest?cid=${s.contestId}` }),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/group/contest',
    request: body({ ...contest, gid: GONE }),
    expect: signedIn(404),
  },
  {
    method: 'PUT',
    route: '/api/group/contest',
    request: body({ ...contest, id: GONE }),
    expect: signedIn(404),
  },
  {
    method: 'DELETE',
    route: '/api/group/contest',
    request: cidGone('/api/group/contest'),
    expect: signedIn(404),
  },
  {
    method: 'PUT',
    route: '/api/group/change-contest-visible',
    request: cidGone('/api/group/change-contest-visible', '&visible=true'),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/group/get-contest-problem-list',
    request: cidGone('/api/group/get-contest-problem-list'),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/group/contest-problem',
    what: 'refused before the body is read unless the caller administers some group (issue 23)',
    request: body({ problem: { problemId: 'C1', title: 'T' }, cid: GONE, displayId: 'A' }),
    expect: signedIn(403, { root: 404 }),
  },
  {
    method: 'GET',
    route: '/api/group/contest-problem',
    request: cidGone('/api/group/contest-problem', '&pid=1'),
    expect: signedIn(404),
  },
  {
    method: 'PUT',
    route: '/api/group/contest-problem',
    request: body({ id: GONE, displayId: 'A' }),
    expect: signedIn(404),
  },
  {
    method: 'DELETE',
    route: '/api/group/contest-problem',
    request: cidGone('/api/group/contest-problem', '&pid=1'),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/group/add-contest-problem-from-public',
    request: (s) => ({ payload: { cid: GONE, pid: s.publicPid, displayId: 'A' } }),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/group/add-contest-problem-from-group',
    request: body({ problemId: 'X1000', cid: GONE, displayId: 'A' }),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/group/get-contest-announcement-list',
    request: cidGone('/api/group/get-contest-announcement-list'),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/group/contest-announcement',
    request: body({ cid: GONE, announcement: { title: 'T' } }),
    expect: signedIn(404),
  },
  {
    method: 'PUT',
    route: '/api/group/contest-announcement',
    request: body({ cid: GONE, announcement: { id: 1, title: 'T' } }),
    expect: signedIn(404),
  },
  {
    method: 'DELETE',
    route: '/api/group/contest-announcement',
    request: cidGone('/api/group/contest-announcement', '&aid=1'),
    expect: signedIn(404),
  },
  // Group discussions (the community area's service scoped by gid).
  {
    method: 'GET',
    route: '/api/group/get-discussion-list',
    request: gone('/api/group/get-discussion-list'),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/group/get-admin-discussion-list',
    request: gone('/api/group/get-admin-discussion-list'),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/group/discussion',
    what: 'ordinary users under the AC count: 403 before the body; admin roles: an unknown group',
    request: body({ gid: GONE, title: 'T', description: 'D', categoryId: 1, content: 'C' }),
    expect: signedIn(404, { user: 403, other: 403, noSubmit: 403 }),
  },
  {
    method: 'PUT',
    route: '/api/group/discussion',
    request: body({ id: GONE, title: 'T', description: 'D', categoryId: 1, content: 'C' }),
    expect: signedIn(404),
  },
  {
    method: 'PUT',
    route: '/api/group/discussion',
    what: 'the Discussion Admin toggles on an unknown discussion',
    request: body({ id: GONE, status: 1, topPriority: true }),
    expect: signedIn(404),
  },
  {
    method: 'DELETE',
    route: '/api/group/discussion',
    request: () => ({ url: `/api/group/discussion?did=${GONE}` }),
    expect: signedIn(404),
  },
];
