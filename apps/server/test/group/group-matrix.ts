/**
 * The group route × role matrix (issue 13): every group route, and the public routes that show a group's data,
 * with the status each standing gets in a protected, visible group. Roles: anonymous; a signed-in non-member; an
 * applicant (level 1); a refused applicant (2); a member (3); a group admin (4); a group root (5); the owner;
 * a site admin (1001, no member row); a super admin (1000, no member row). The runner is group-matrix.test.ts.
 *
 * Rows that change what later rows see (disband, kick, exit, join, delete, apply) run against a fresh group of
 * their own per role (`fresh`); the others aim at harmless targets (a problem with submissions cannot be
 * deleted: 400 after the rule; a problem already in a training: 400; unchanged values).
 */

import { GROUP_AREA_ROWS } from './group-matrix-areas.js';
import {
  adminUp,
  every,
  GROLES,
  type GRow,
  g,
  inside,
  ownerUp,
  png,
  problem,
  rootUp,
  signedIn,
} from './group-matrix-kit.js';

export { GROLES, type GRole, type GSeed } from './group-matrix-kit.js';

/** The group itself, members, announcements and problems. */
const GROUP_CORE_ROWS: GRow[] = [
  // The group itself.
  { method: 'GET', route: '/api/get-group-list', request: () => ({}), expect: every(200) },
  { method: 'GET', route: '/api/get-group-detail', request: g('/api/get-group-detail'), expect: every(200) },
  {
    method: 'GET',
    route: '/api/get-group-access',
    request: g('/api/get-group-access'),
    expect: signedIn(200),
  },
  { method: 'GET', route: '/api/get-group-auth', request: g('/api/get-group-auth'), expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/group',
    what: 'a taken short name: refused after the creation rules',
    request: (s) => ({
      payload: {
        name: 'Another name',
        shortName: s.shortName,
        brief: 'brief!',
        description: 'description',
        auth: 1,
      },
    }),
    expect: signedIn(400),
  },
  {
    method: 'PUT',
    route: '/api/group',
    request: (s) => ({ payload: { id: s.gid, brief: 'Our class brief' } }),
    expect: rootUp(200),
  },
  { method: 'DELETE', route: '/api/group', request: g('/api/group'), expect: ownerUp(200), fresh: true },
  { method: 'POST', route: '/api/file/upload-group-avatar', request: png, expect: rootUp(200) },
  // Members and applications.
  {
    method: 'GET',
    route: '/api/group/get-member-list',
    request: g('/api/group/get-member-list'),
    expect: inside(200),
  },
  {
    method: 'GET',
    route: '/api/group/get-apply-list',
    request: g('/api/group/get-apply-list'),
    expect: adminUp(200),
  },
  {
    method: 'POST',
    route: '/api/group/member',
    what: 'apply with a reason',
    request: (s) => ({ payload: { gid: s.gid, reason: 'Please let me in' } }),
    expect: {
      anonymous: 401,
      nonMember: 200,
      applicant: 400,
      refused: 400,
      member: 400,
      admin: 400,
      root: 400,
      owner: 400,
      siteAdmin: 200,
      superAdmin: 200,
    },
    fresh: true,
  },
  {
    method: 'PUT',
    route: '/api/group/member',
    what: "the applicant's level, unchanged",
    request: (s) => ({ payload: { gid: s.gid, uid: s.uid.applicant, auth: 1 } }),
    expect: adminUp(200),
  },
  {
    method: 'PUT',
    route: '/api/group/member',
    what: "the group admin's level: roots and up; the admin is refused on themselves",
    request: (s) => ({ payload: { gid: s.gid, uid: s.uid.admin, auth: 4 } }),
    expect: rootUp(200, { admin: 400 }),
  },
  {
    method: 'PUT',
    route: '/api/group/member',
    what: "the owner's level is fixed",
    request: (s) => ({ payload: { gid: s.gid, uid: s.uid.owner, auth: 5 } }),
    expect: adminUp(400),
  },
  {
    method: 'DELETE',
    route: '/api/group/member',
    what: 'kick the member',
    request: (s) => ({ url: `/api/group/member?gid=${s.gid}&uid=${s.uid.member}` }),
    expect: adminUp(200),
    fresh: true,
  },
  {
    method: 'DELETE',
    route: '/api/group/member',
    what: 'kick the owner: disbands',
    request: (s) => ({ url: `/api/group/member?gid=${s.gid}&uid=${s.uid.owner}` }),
    expect: ownerUp(200),
    fresh: true,
  },
  {
    method: 'DELETE',
    route: '/api/group/member/exit',
    request: g('/api/group/member/exit'),
    expect: {
      anonymous: 401,
      nonMember: 400,
      applicant: 200,
      refused: 200,
      member: 200,
      admin: 200,
      root: 200,
      owner: 400,
      siteAdmin: 400,
      superAdmin: 400,
    },
    fresh: true,
  },
  // Announcements.
  {
    method: 'GET',
    route: '/api/group/get-announcement-list',
    request: g('/api/group/get-announcement-list'),
    expect: inside(200),
  },
  {
    method: 'GET',
    route: '/api/group/get-admin-announcement-list',
    request: g('/api/group/get-admin-announcement-list'),
    expect: adminUp(200),
  },
  {
    method: 'POST',
    route: '/api/group/announcement',
    request: (s) => ({ payload: { gid: s.gid, title: 'Homework', content: 'Due Friday' } }),
    expect: adminUp(200),
  },
  {
    method: 'PUT',
    route: '/api/group/announcement',
    what: "the owner's announcement: its author and roots",
    request: (s) => ({ payload: { id: s.annId, title: 'Welcome', content: 'Hello class' } }),
    expect: rootUp(200),
  },
  {
    method: 'DELETE',
    route: '/api/group/announcement',
    request: (s) => ({ url: `/api/group/announcement?aid=${s.annId}` }),
    expect: rootUp(200),
    fresh: true,
  },
  // Problems.
  {
    method: 'GET',
    route: '/api/group/get-problem-list',
    request: g('/api/group/get-problem-list'),
    expect: inside(200),
  },
  {
    method: 'GET',
    route: '/api/group/get-admin-problem-list',
    request: g('/api/group/get-admin-problem-list'),
    expect: adminUp(200),
  },
  {
    method: 'GET',
    route: '/api/group/problem',
    request: (s) => ({ url: `/api/group/problem?pid=${s.pubPid}` }),
    expect: adminUp(200),
  },
  {
    method: 'POST',
    route: '/api/group/problem',
    request: (s, role) => ({ payload: problem(`N${GROLES.indexOf(role)}`, s.gid) }),
    expect: adminUp(200),
  },
  {
    method: 'PUT',
    route: '/api/group/problem',
    what: "the owner's problem: roots and its author",
    request: (s) => ({ payload: problem(s.pubProblemId, s.gid, { id: s.pubPid }) }),
    expect: rootUp(200),
  },
  {
    method: 'DELETE',
    route: '/api/group/problem',
    what: 'a problem with submissions cannot go (400 after the rule)',
    request: (s) => ({ url: `/api/group/problem?pid=${s.pubPid}` }),
    expect: rootUp(400),
  },
  {
    method: 'GET',
    route: '/api/group/get-problem-cases',
    request: (s) => ({ url: `/api/group/get-problem-cases?pid=${s.pubPid}` }),
    expect: adminUp(200),
  },
  {
    method: 'GET',
    route: '/api/group/get-all-problem-tags',
    request: g('/api/group/get-all-problem-tags'),
    expect: adminUp(200),
  },
  {
    method: 'POST',
    route: '/api/group/compile-spj',
    request: (s) => ({
      url: `/api/group/compile-spj?gid=${s.gid}`,
      payload: { code: 'int main(){}', language: 'C++' },
    }),
    expect: adminUp(200),
  },
  {
    method: 'POST',
    route: '/api/group/compile-interactive',
    request: (s) => ({
      url: `/api/group/compile-interactive?gid=${s.gid}`,
      payload: { code: 'int main(){}', language: 'C++' },
    }),
    expect: adminUp(200),
  },
  {
    method: 'GET',
    route: '/api/group/compile-result',
    what: 'an unknown key',
    request: () => ({ url: '/api/group/compile-result?key=nope' }),
    expect: signedIn(404),
  },
  {
    method: 'PUT',
    route: '/api/group/change-problem-auth',
    request: (s) => ({ payload: { pid: s.pubPid, auth: 1 } }),
    expect: rootUp(200),
  },
  {
    method: 'PUT',
    route: '/api/group/apply-public',
    request: (s) => ({ payload: { pid: s.privPid, isApplied: true } }),
    expect: rootUp(200),
    fresh: true,
  },
  {
    method: 'GET',
    route: '/api/admin/group-problem/list',
    request: () => ({}),
    expect: { ...every(403), anonymous: 401, siteAdmin: 200, superAdmin: 200 },
  },
  {
    method: 'PUT',
    route: '/api/admin/group-problem/change-progress',
    what: 'a problem that is not applying',
    request: (s) => ({ payload: { pid: s.privPid, progress: 2 } }),
    expect: { ...every(403), anonymous: 401, siteAdmin: 400, superAdmin: 400 },
  },
  {
    method: 'GET',
    route: '/api/file/download-testcase',
    request: (s) => ({ url: `/api/file/download-testcase?pid=${s.pubPid}` }),
    expect: adminUp(200),
  },
  {
    method: 'POST',
    route: '/api/file/upload-testcase-zip',
    what: 'with gid but no file: 400 after the group rule',
    request: (s) => ({ url: `/api/file/upload-testcase-zip?gid=${s.gid}`, payload: {} }),
    expect: adminUp(400),
  },
  {
    method: 'POST',
    route: '/api/file/upload-md-img',
    what: 'for the group (?gid): members; not multipart, so 400 once past the rule',
    request: (s) => ({ url: `/api/file/upload-md-img?gid=${s.gid}`, payload: {} }),
    expect: inside(400),
  },
  {
    method: 'POST',
    route: '/api/file/upload-md-file',
    what: 'for the group (?gid): its admins, a site admin role is nobody there; 400 once past the rule',
    request: (s) => ({ url: `/api/file/upload-md-file?gid=${s.gid}`, payload: {} }),
    expect: adminUp(400),
  },
];

export const GROUP_ROWS: GRow[] = [...GROUP_CORE_ROWS, ...GROUP_AREA_ROWS];
