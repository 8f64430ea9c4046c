import type { AnnouncementItem, Page, RankRecord, TrainingVo } from '@oj/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import { adminProblemKeys } from '../../admin-problem/api/keys.js';
import type { AnnouncementSource } from '../../announcement/components/AnnouncementPanel.js';
import type { ContestVo } from '../../contest/api/types.js';
import { problemKeys } from '../../problem/api/keys.js';
import type { ProblemListItem } from '../../problem/api/types.js';
import { groupKeys } from './keys.js';

/**
 * What a group holds, as its tabs list it (doc 3 §2, docs/groups.md): announcements, problems, trainings, contests
 * and the rank. Every call is for the group's members; the admin lists are the admin areas' own calls in the
 * group's scope (lib/admin-scope).
 */

/**
 * GET /api/group/get-announcement-list (members: visible ones) or, for the admin table,
 * /api/group/get-admin-announcement-list (hidden ones too), newest first.
 */
export const getGroupAnnouncements = (gid: number, currentPage: number, limit: number, admin = false) =>
  apiGet<Page<AnnouncementItem>>(
    admin ? '/group/get-admin-announcement-list' : '/group/get-announcement-list',
    { gid, currentPage, limit },
  );
export const groupAnnouncementsQuery = (gid: number, currentPage: number, limit: number, admin = false) =>
  queryOptions({
    queryKey: groupKeys.announcements(gid, admin, { currentPage, limit }),
    queryFn: () => getGroupAnnouncements(gid, currentPage, limit, admin),
    placeholderData: keepPreviousData,
  });
export const useGroupAnnouncements = (gid: number, currentPage: number, limit: number, admin = false) =>
  useQuery(groupAnnouncementsQuery(gid, currentPage, limit, admin));

/** The group's visible announcements for the announcement panel of its home (doc 3 §2). */
export const groupAnnouncementSource = (gid: number): AnnouncementSource => ({
  key: (currentPage, limit) => groupKeys.announcements(gid, false, { currentPage, limit }),
  fetch: (currentPage, limit) => getGroupAnnouncements(gid, currentPage, limit),
});

/** The group's announcements after a change. */
const refreshAnnouncements = (gid: number) =>
  void queryClient.invalidateQueries({ queryKey: groupKeys.announcementsAll(gid) });

/** POST /api/group/announcement {gid, title, content, status} or PUT with `id` (its author or a group root). */
export const useSaveGroupAnnouncement = (gid: number) =>
  useMutation({
    mutationFn: (a: { id?: number; title: string; content: string; status: number }) =>
      a.id
        ? apiPut<AnnouncementItem>('/group/announcement', a)
        : apiPost<AnnouncementItem>('/group/announcement', { gid, ...a }),
    onSuccess: () => refreshAnnouncements(gid),
  });

/** DELETE /api/group/announcement?aid (its author or a group root). */
export const useDeleteGroupAnnouncement = (gid: number) =>
  useMutation({
    mutationFn: (aid: number) => apiDelete<null>('/group/announcement', { aid }),
    onSuccess: () => refreshAnnouncements(gid),
  });

/** GET /api/group/get-problem-list?gid&currentPage&limit&keyword (members): the group's public problems. */
export const useGroupProblems = (gid: number, q: { currentPage: number; limit: number; keyword?: string }) =>
  useQuery({
    queryKey: groupKeys.problems(gid, q),
    queryFn: () => apiGet<Page<ProblemListItem>>('/group/get-problem-list', { gid, ...q }),
    placeholderData: keepPreviousData,
  });

/** GET /api/group/get-training-list?gid&currentPage&limit&keyword (members): its visible trainings. */
export const useGroupTrainings = (gid: number, q: { currentPage: number; limit: number; keyword?: string }) =>
  useQuery({
    queryKey: groupKeys.trainings(gid, q),
    queryFn: () => apiGet<Page<TrainingVo>>('/group/get-training-list', { gid, ...q }),
    placeholderData: keepPreviousData,
  });

/** GET /api/group/get-contest-list?gid&currentPage&limit (members): its visible contests. */
export const useGroupContests = (gid: number, q: { currentPage: number; limit: number }) =>
  useQuery({
    queryKey: groupKeys.contests(gid, q),
    queryFn: () => apiGet<Page<ContestVo>>('/group/get-contest-list', { gid, ...q }),
    placeholderData: keepPreviousData,
  });

/** Filters of the group rank (doc 3 §2: page, limit, type 0 ACM / 1 OI, searchUser; in the address). */
export interface GroupRankQuery {
  currentPage: number;
  limit: number;
  type: number;
  searchUser?: string;
}

/** GET /api/get-group-rank-list (members): the members ranked over the group's problems and submissions. */
export const useGroupRank = (gid: number, q: GroupRankQuery) =>
  useQuery({
    queryKey: groupKeys.rank(gid, { ...q }),
    queryFn: () =>
      apiGet<Page<RankRecord>>('/get-group-rank-list', {
        gid,
        ...q,
        searchUser: q.searchUser || undefined,
      }),
    placeholderData: keepPreviousData,
  });

/** PUT /api/group/apply-public {pid, isApplied} (group root or the problem's author): apply, or withdraw. */
export const useApplyPublic = (gid: number) =>
  useMutation({
    mutationFn: (b: { pid: number; isApplied: boolean }) => apiPut<null>('/group/apply-public', b),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: groupKeys.one(gid) });
      void queryClient.invalidateQueries({ queryKey: problemKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminProblemKeys.all });
    },
  });
