import type { ContestAnnouncementVo, Page } from '@oj/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api.js';
import { contestOpsKeys } from './ops-keys.js';

export type { ContestAnnouncementVo } from '@oj/shared';

/** Announcements per page of the Announcements tab. */
export const ANNOUNCEMENT_PAGE_SIZE = 10;

/** GET /api/get-contest-announcement?cid&currentPage&limit (contest access rule): newest first. */
export const getContestAnnouncements = (cid: number, currentPage: number, limit: number) =>
  apiGet<Page<ContestAnnouncementVo>>('/get-contest-announcement', { cid, currentPage, limit });
export const contestAnnouncementsQuery = (cid: number, currentPage: number, limit = ANNOUNCEMENT_PAGE_SIZE) =>
  queryOptions({
    queryKey: contestOpsKeys.announcementPage(cid, currentPage, limit),
    queryFn: () => getContestAnnouncements(cid, currentPage, limit),
    placeholderData: keepPreviousData,
  });
export const useContestAnnouncements = (cid: number, currentPage: number) =>
  useQuery(contestAnnouncementsQuery(cid, currentPage));

/**
 * POST /api/get-contest-not-read-announcement {cid, readAnnouncementList} (doc 2 §7): the contest's announcements
 * whose ids are not in `readIds`, newest first. Silent: a background check never toasts.
 */
export const getUnreadAnnouncements = (cid: number, readIds: readonly number[]) =>
  apiPost<ContestAnnouncementVo[]>(
    '/get-contest-not-read-announcement',
    { cid, readAnnouncementList: readIds },
    { silent: true },
  );
