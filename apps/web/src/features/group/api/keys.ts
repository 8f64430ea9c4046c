/** Filters of the group list (doc 3 §2 route GroupList: auth, keyword, onlyMine, currentPage, limit). */
export interface GroupListFilter {
  currentPage: number;
  limit: number;
  keyword?: string;
  auth?: number;
  onlyMine?: boolean;
}

/** A paged query inside one group (members, announcements, problems, trainings, contests, rank). */
export type GroupPageQuery = Record<string, string | number | boolean | undefined>;

/**
 * Query keys of the group pages: everything of one group under `groupKeys.one(gid)`, so joining, a level change
 * or disbanding refreshes the whole group with one invalidation; `groupKeys.all` for the lists too.
 */
export const groupKeys = {
  all: ['group'] as const,
  lists: () => ['group', 'list'] as const,
  list: (f: GroupListFilter) => ['group', 'list', f] as const,
  one: (gid: number) => ['group', gid] as const,
  detail: (gid: number) => ['group', gid, 'detail'] as const,
  access: (gid: number) => ['group', gid, 'access'] as const,
  members: (gid: number, q: GroupPageQuery) => ['group', gid, 'members', q] as const,
  applications: (gid: number, q: GroupPageQuery) => ['group', gid, 'applications', q] as const,
  announcementsAll: (gid: number) => ['group', gid, 'announcements'] as const,
  announcements: (gid: number, admin: boolean, q: GroupPageQuery) =>
    ['group', gid, 'announcements', admin, q] as const,
  problems: (gid: number, q: GroupPageQuery) => ['group', gid, 'problems', q] as const,
  trainings: (gid: number, q: GroupPageQuery) => ['group', gid, 'trainings', q] as const,
  contests: (gid: number, q: GroupPageQuery) => ['group', gid, 'contests', q] as const,
  rank: (gid: number, q: GroupPageQuery) => ['group', gid, 'rank', q] as const,
};
