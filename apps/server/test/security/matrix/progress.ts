import { admins, type MatrixRow } from './roles.js';

/**
 * Progress of long admin work (issue 28): admin roles poll their own jobs; an id with no job of the caller is 404
 * (another user's job looks the same as none), a malformed one 400.
 */
export const progressRows: MatrixRow[] = [
  {
    method: 'GET',
    route: '/api/admin/progress',
    request: () => ({ url: '/api/admin/progress?id=never-started-job' }),
    expect: admins(404),
  },
  {
    method: 'GET',
    route: '/api/admin/progress',
    what: 'a malformed id',
    request: () => ({ url: '/api/admin/progress?id=x' }),
    expect: admins(400),
  },
];
