import { createContext, useContext } from 'react';

/**
 * Where the back-office pages of problems, trainings and contests live: the site's /admin, or a group's tabs
 * (doc 3 §2 "Group problems / trainings / contests": the same forms and lists, switched inside the group's tab).
 */
export interface AdminPaths {
  problems: string;
  problemCreate: string;
  problemEdit: (pid: number) => string;
  trainings: string;
  trainingCreate: string;
  trainingEdit: (tid: number) => string;
  trainingProblems: (tid: number) => string;
  trainingCategory: string;
  contests: string;
  contestCreate: string;
  contestEdit: (cid: number) => string;
  contestProblems: (cid: number) => string;
  contestAnnouncements: (cid: number) => string;
  contestProblemCreate: (cid: number) => string;
  contestProblemEdit: (cid: number, pid: number) => string;
}

/**
 * The scope of the admin lists and forms (features/admin-problem, admin-training, admin-contest): `gid` null is
 * the site's back office (/api/admin/… calls), a group id makes them that group's (/api/group/… calls, doc 3 §7,
 * docs/groups.md), with `paths` to move between their pages.
 */
export interface AdminScope {
  gid: number | null;
  paths: AdminPaths;
}

/** The site's back office (/admin/…). */
export const SITE_ADMIN_SCOPE: AdminScope = {
  gid: null,
  paths: {
    problems: '/admin/problems',
    problemCreate: '/admin/problem/create',
    problemEdit: (pid) => `/admin/problem/edit/${pid}`,
    trainings: '/admin/training',
    trainingCreate: '/admin/training/create',
    trainingEdit: (tid) => `/admin/training/${tid}/edit`,
    trainingProblems: (tid) => `/admin/training/${tid}/problems`,
    trainingCategory: '/admin/training/category',
    contests: '/admin/contest',
    contestCreate: '/admin/contest/create',
    contestEdit: (cid) => `/admin/contest/${cid}/edit`,
    contestProblems: (cid) => `/admin/contest/${cid}/problems`,
    contestAnnouncements: (cid) => `/admin/contest/${cid}/announcement`,
    contestProblemCreate: (cid) => `/admin/contest/${cid}/problem/create`,
    contestProblemEdit: (cid, pid) => `/admin/contest/${cid}/problem/${pid}/edit`,
  },
};

/**
 * Group `gid`'s back office: the views of its Problems, Trainings and Contests tabs, chosen by the `view` query
 * parameter (`admin`, `create`, `edit`, `problems`, `announcements`, `problem-create`, `problem-edit`) with the
 * ids beside it.
 */
export function groupAdminScope(gid: number): AdminScope {
  const tab = (name: string, query: string) => `/group/${gid}/${name}?${query}`;
  return {
    gid,
    paths: {
      problems: tab('problem', 'view=admin'),
      problemCreate: tab('problem', 'view=create'),
      problemEdit: (pid) => tab('problem', `view=edit&pid=${pid}`),
      trainings: tab('training', 'view=admin'),
      trainingCreate: tab('training', 'view=create'),
      trainingEdit: (tid) => tab('training', `view=edit&tid=${tid}`),
      trainingProblems: (tid) => tab('training', `view=problems&tid=${tid}`),
      trainingCategory: '/admin/training/category',
      contests: tab('contest', 'view=admin'),
      contestCreate: tab('contest', 'view=create'),
      contestEdit: (cid) => tab('contest', `view=edit&cid=${cid}`),
      contestProblems: (cid) => tab('contest', `view=problems&cid=${cid}`),
      contestAnnouncements: (cid) => tab('contest', `view=announcements&cid=${cid}`),
      contestProblemCreate: (cid) => tab('contest', `view=problem-create&cid=${cid}`),
      contestProblemEdit: (cid, pid) => tab('contest', `view=problem-edit&cid=${cid}&pid=${pid}`),
    },
  };
}

const AdminScopeContext = createContext<AdminScope>(SITE_ADMIN_SCOPE);

/** Puts the admin pages below it in a scope (a group's tabs); the site's back office needs none. */
export const AdminScopeProvider = AdminScopeContext.Provider;

/** The admin scope of the page: the site's unless a group's tab provides its own. */
export const useAdminScope = (): AdminScope => useContext(AdminScopeContext);

/** The site's path or, in a group scope, the group's: `/admin/problem` or `/group/problem`. */
export const scopedUrl = (gid: number | null, site: string, group: string): string =>
  gid == null ? site : group;
