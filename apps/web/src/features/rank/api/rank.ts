import type { Page, RankRecord } from '@oj/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.js';
import { rankKeys } from './keys.js';

export type { RankRecord };

export type RankType = 'ACM' | 'OI';

export interface RankFilter {
  type: RankType;
  currentPage: number;
  limit: number;
  searchUser?: string;
}

/** GET /api/get-rank-list?currentPage&limit&type&searchUser (doc 2 §2.11, §7) -> a page of rank records. */
export const getRankList = (f: RankFilter) =>
  apiGet<Page<RankRecord>>('/get-rank-list', { ...f, searchUser: f.searchUser || undefined });
export const rankListQuery = (f: RankFilter) =>
  queryOptions({ queryKey: rankKeys.list(f), queryFn: () => getRankList(f) });
export const useRankList = (f: RankFilter) =>
  useQuery({ ...rankListQuery(f), placeholderData: keepPreviousData });
