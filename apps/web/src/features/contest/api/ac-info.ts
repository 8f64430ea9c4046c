import { CONTEST_HELPER_LIMITS, type ContestAcInfoVo, type Page } from '@oj/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPut } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import { contestOpsKeys } from './ops-keys.js';

export type { ContestAcInfoVo } from '@oj/shared';

/** The AC info tab's auto-refresh (doc 2 §2.10, §9: admin helper refresh 10 s). */
export const AC_INFO_REFRESH_MS = 10_000;

/** GET /api/get-contest-ac-info?cid&currentPage&limit=20 (contest admins, ACM): unchecked first, then oldest first. */
export const getAcInfo = (cid: number, currentPage: number) =>
  apiGet<Page<ContestAcInfoVo>>('/get-contest-ac-info', {
    cid,
    currentPage,
    limit: CONTEST_HELPER_LIMITS.acInfoPage,
  });
export const acInfoQuery = (cid: number, currentPage: number, refresh: boolean) =>
  queryOptions({
    queryKey: contestOpsKeys.acInfoPage(cid, currentPage),
    queryFn: () => getAcInfo(cid, currentPage),
    placeholderData: keepPreviousData,
    refetchInterval: refresh ? AC_INFO_REFRESH_MS : false,
  });
export const useAcInfo = (cid: number, currentPage: number, refresh: boolean) =>
  useQuery(acInfoQuery(cid, currentPage, refresh));

/** PUT /api/check-contest-ac-info {id, cid, checked}: the balloon delivered (or not); refreshes the list. */
export const useCheckAcInfo = (cid: number) =>
  useMutation({
    mutationFn: (b: { id: number; checked: boolean }) =>
      apiPut<null>('/check-contest-ac-info', { ...b, cid }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contestOpsKeys.acInfo(cid) }),
  });
