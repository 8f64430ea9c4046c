import type { AnnouncementItem, Page } from '@oj/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.js';
import { announcementKeys } from './keys.js';

/** GET /api/get-common-announcement?currentPage&limit (doc 1 §7): visible announcements, newest first. */
export const getCommonAnnouncement = (currentPage: number, limit: number) =>
  apiGet<Page<AnnouncementItem>>('/get-common-announcement', { currentPage, limit }, { silent404: true });

export const commonAnnouncementQuery = (currentPage: number, limit: number) =>
  queryOptions({
    queryKey: announcementKeys.list(currentPage, limit),
    queryFn: () => getCommonAnnouncement(currentPage, limit),
    placeholderData: keepPreviousData,
  });

export const useCommonAnnouncement = (currentPage: number, limit: number) =>
  useQuery(commonAnnouncementQuery(currentPage, limit));
