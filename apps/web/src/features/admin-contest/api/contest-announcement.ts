import type { ContestAnnouncementVo, Page } from '@oj/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { scopedUrl } from '../../../lib/admin-scope.js';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import { contestOpsKeys } from '../../contest/api/ops-keys.js';
import { adminContestKeys } from './admin-contest.js';

/** Query keys of a contest's announcements in the back office (under the contest's admin key). */
export const contestAnnouncementAdminKeys = {
  all: (cid: number) => [...adminContestKeys.one(cid), 'announcements'] as const,
  page: (cid: number, currentPage: number, limit: number) =>
    [...contestAnnouncementAdminKeys.all(cid), currentPage, limit] as const,
};

/**
 * GET /api/admin/contest/announcement?cid&currentPage&limit (contest admins): newest first; a group's contest:
 * GET /api/group/get-contest-announcement-list.
 */
export const getAdminContestAnnouncements = (
  cid: number,
  currentPage: number,
  limit: number,
  gid: number | null = null,
) =>
  apiGet<Page<ContestAnnouncementVo>>(
    scopedUrl(gid, '/admin/contest/announcement', '/group/get-contest-announcement-list'),
    { cid, currentPage, limit },
  );
export const adminContestAnnouncementsQuery = (
  cid: number,
  currentPage: number,
  limit: number,
  gid: number | null = null,
) =>
  queryOptions({
    queryKey: contestAnnouncementAdminKeys.page(cid, currentPage, limit),
    queryFn: () => getAdminContestAnnouncements(cid, currentPage, limit, gid),
    placeholderData: keepPreviousData,
  });
export const useAdminContestAnnouncements = (
  cid: number,
  currentPage: number,
  limit: number,
  gid: number | null = null,
) => useQuery(adminContestAnnouncementsQuery(cid, currentPage, limit, gid));

/** The back-office list and the contest's Announcements tab, after a change. */
const refresh = (cid: number) => {
  void queryClient.invalidateQueries({ queryKey: contestAnnouncementAdminKeys.all(cid) });
  void queryClient.invalidateQueries({ queryKey: contestOpsKeys.announcements(cid) });
};

/** What the editor sends: `id` for an edit. */
export interface ContestAnnouncementInput {
  id?: number;
  title: string;
  content: string;
}

/**
 * POST /api/admin/contest/announcement {announcement: {title, content}, cid} -> { id }, or PUT with
 * `announcement.id` to edit (HOJ's body, doc 3); a group's contest: /api/group/contest-announcement.
 */
export const useSaveContestAnnouncement = (cid: number, gid: number | null = null) =>
  useMutation({
    mutationFn: (a: ContestAnnouncementInput) => {
      const url = scopedUrl(gid, '/admin/contest/announcement', '/group/contest-announcement');
      return a.id
        ? apiPut<null>(url, { cid, announcement: a })
        : apiPost<{ id: number }>(url, { cid, announcement: a });
    },
    onSuccess: () => refresh(cid),
  });

/** DELETE /api/admin/contest/announcement?aid= (group: /api/group/contest-announcement?aid=&cid=). */
export const useDeleteContestAnnouncement = (cid: number, gid: number | null = null) =>
  useMutation({
    mutationFn: (aid: number) =>
      gid == null
        ? apiDelete<null>('/admin/contest/announcement', { aid })
        : apiDelete<null>('/group/contest-announcement', { aid, cid }),
    onSuccess: () => refresh(cid),
  });
