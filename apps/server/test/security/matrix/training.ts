import { admins, all, GONE, type MatrixRow, signedIn } from './roles.js';

/**
 * Trainings (issue 11): the list and categories are public, everything about one training needs login and, for a
 * private one, the password; the back office needs an admin role, then the author or a super admin (the seeded
 * trainings are root's), and only a super admin deletes.
 */
const authorOnly = (code: number) => admins(403, { root: code });
const body = (categoryId: number, over: Record<string, unknown> = {}) => ({
  training: { title: 'T', description: 'D', rank: 1000, auth: 'Public', ...over },
  trainingCategory: { id: categoryId },
});

export const trainingRows: MatrixRow[] = [
  { method: 'GET', route: '/api/get-training-category', request: () => ({}), expect: all(200) },
  { method: 'GET', route: '/api/get-training-list', request: () => ({}), expect: all(200) },
  {
    method: 'GET',
    route: '/api/get-training-detail',
    request: (s) => ({ url: `/api/get-training-detail?tid=${s.trainingId}` }),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/get-training-detail',
    what: 'unknown training',
    request: () => ({ url: `/api/get-training-detail?tid=${GONE}` }),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/register-training',
    what: 'a wrong password',
    request: (s) => ({ payload: { tid: s.privateTrainingId, password: 'wrong' } }),
    expect: signedIn(400),
  },
  {
    method: 'GET',
    route: '/api/get-training-access',
    request: (s) => ({ url: `/api/get-training-access?tid=${s.privateTrainingId}` }),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/get-training-problem-list',
    request: (s) => ({ url: `/api/get-training-problem-list?tid=${s.trainingId}` }),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/get-training-problem-list',
    what: 'a private training without the password: its admins only',
    request: (s) => ({ url: `/api/get-training-problem-list?tid=${s.privateTrainingId}` }),
    expect: signedIn(403, { root: 200 }),
  },
  {
    method: 'GET',
    route: '/api/get-training-problem-details',
    request: (s) => ({ url: `/api/get-training-problem-details?tid=${s.trainingId}&displayId=A` }),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/get-training-rank',
    request: (s) => ({ url: `/api/get-training-rank?tid=${s.trainingId}` }),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/get-training-rank',
    what: 'a private training without the password',
    request: (s) => ({ url: `/api/get-training-rank?tid=${s.privateTrainingId}` }),
    expect: signedIn(403, { root: 200 }),
  },
  { method: 'GET', route: '/api/admin/training/list', request: () => ({}), expect: admins(200) },
  { method: 'GET', route: '/api/admin/training/get-training-list', request: () => ({}), expect: admins(200) },
  {
    method: 'GET',
    route: '/api/admin/training',
    request: (s) => ({ url: `/api/admin/training?tid=${s.trainingId}` }),
    expect: authorOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/training',
    what: 'a body without a title',
    request: (s) => ({ payload: body(s.trainingCategoryId, { title: '' }) }),
    expect: admins(400),
  },
  {
    method: 'PUT',
    route: '/api/admin/training',
    what: 'an unknown training',
    request: (s) => ({ payload: body(s.trainingCategoryId, { id: GONE }) }),
    expect: admins(404),
  },
  {
    method: 'DELETE',
    route: '/api/admin/training',
    what: 'an unknown training: super admins only',
    request: () => ({ url: `/api/admin/training?tid=${GONE}` }),
    expect: admins(403, { root: 404 }),
  },
  {
    method: 'PUT',
    route: '/api/admin/training/change-training-status',
    request: (s) => ({ url: `/api/admin/training/change-training-status?tid=${s.trainingId}&status=true` }),
    expect: authorOnly(200),
  },
  {
    method: 'GET',
    route: '/api/admin/training/get-problem-list',
    request: (s) => ({ url: `/api/admin/training/get-problem-list?tid=${s.trainingId}&queryExisted=true` }),
    expect: authorOnly(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/training/problem',
    what: 'an unknown training problem',
    request: () => ({ payload: { id: GONE, displayId: 'A' } }),
    expect: admins(404),
  },
  {
    method: 'DELETE',
    route: '/api/admin/training/problem',
    what: 'an unknown training',
    request: (s) => ({ url: `/api/admin/training/problem?tid=${GONE}&pid=${s.publicPid}` }),
    expect: admins(404),
  },
  {
    method: 'POST',
    route: '/api/admin/training/add-problem-from-public',
    what: 'a problem already in the training',
    request: (s) => ({ payload: { tid: s.trainingId, pid: s.publicPid, displayId: 'B' } }),
    expect: authorOnly(400),
  },
  {
    method: 'POST',
    route: '/api/admin/training/category',
    what: 'a body without a name',
    request: () => ({ payload: { name: '' } }),
    expect: admins(400),
  },
  {
    method: 'PUT',
    route: '/api/admin/training/category',
    what: 'an unknown category',
    request: () => ({ payload: { id: GONE, name: 'x' } }),
    expect: admins(404),
  },
  {
    method: 'DELETE',
    route: '/api/admin/training/category',
    what: 'an unknown category',
    request: () => ({ url: `/api/admin/training/category?cid=${GONE}` }),
    expect: admins(404),
  },
];
