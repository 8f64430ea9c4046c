import type { Page } from '@oj/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.js';

/** A row of the global ranking (doc 2 §3 "Rank record"). */
export interface RankRecord {
  uid: string;
  username: string;
  nickname: string;
  avatar: string | null;
  titleName: string | null;
  titleColor: string | null;
  signature: string;
  ac: number;
  total: number;
  score: number;
}

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
  queryOptions({ queryKey: ['rank-list', f], queryFn: () => getRankList(f) });
export const useRankList = (f: RankFilter) =>
  useQuery({ ...rankListQuery(f), placeholderData: keepPreviousData });
