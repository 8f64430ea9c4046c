import type { Page } from '@oj/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiDownload, apiGet, apiPost } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import type { ProblemDetailResponse } from '../../problem/api/types.js';
import type {
  AcmRow,
  BoardQuery,
  ContestAccessVo,
  ContestProblemVo,
  ContestVo,
  OiRow,
  OutsideInfoVo,
  ScoreboardPage,
} from './types.js';

/** Filters of the contest list (doc 2 §2.6), as kept in the address. */
export interface ContestListFilter {
  currentPage: number;
  limit: number;
  status?: number;
  type?: number;
  keyword?: string;
}

/**
 * Query keys of the contest area: everything of one contest sits under `contestKeys.one(cid)`, so a register or an
 * admin edit refreshes the whole shell with one invalidation.
 */
export const contestKeys = {
  all: ['contest'] as const,
  list: (f: ContestListFilter) => ['contest', 'list', f] as const,
  one: (cid: number) => ['contest', cid] as const,
  info: (cid: number) => ['contest', cid, 'info'] as const,
  access: (cid: number) => ['contest', cid, 'access'] as const,
  problems: (cid: number, containsEnd: boolean) => ['contest', cid, 'problems', containsEnd] as const,
  problem: (cid: number, displayId: string) => ['contest', cid, 'problem', displayId] as const,
  board: (q: BoardQuery, outside: boolean) =>
    ['contest', q.cid, outside ? 'outside-board' : 'board', q] as const,
  outsideInfo: (cid: number) => ['contest', cid, 'outside-info'] as const,
};

const compact = (f: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== null && v !== ''));

/** GET /api/get-contest-list (doc 2 §2.6): a page of visible contests, filtered by status, type and keyword. */
export const getContestList = (f: ContestListFilter) =>
  apiGet<Page<ContestVo>>('/get-contest-list', compact(f));
export const useContestList = (f: ContestListFilter) =>
  useQuery({
    queryKey: contestKeys.list(f),
    queryFn: () => getContestList(f),
    placeholderData: keepPreviousData,
  });

/** GET /api/get-contest-info?cid= (login): the contest with the server time `now`. */
export const contestInfoQuery = (cid: number) =>
  queryOptions({
    queryKey: contestKeys.info(cid),
    queryFn: () => apiGet<ContestVo>('/get-contest-info', { cid }),
  });
export const useContestInfo = (cid: number) => useQuery(contestInfoQuery(cid));

/** GET /api/get-contest-access?cid=: whether the caller may view and submit, and whether they administer it. */
export const useContestAccess = (cid: number, enabled = true) =>
  useQuery({
    queryKey: contestKeys.access(cid),
    queryFn: () => apiGet<ContestAccessVo>('/get-contest-access', { cid }, { silent: true }),
    enabled,
  });

/** POST /api/register-contest {cid, password}; refreshes the contest's queries on success. */
export const useRegisterContest = (cid: number) =>
  useMutation({
    mutationFn: (password: string) => apiPost<null>('/register-contest', { cid, password }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contestKeys.one(cid) }),
  });

/** GET /api/get-contest-problem?cid=&containsEnd= (doc 2 §2.8): the problems with counts (null = hidden). */
export const useContestProblems = (cid: number, containsEnd = false, enabled = true) =>
  useQuery({
    queryKey: contestKeys.problems(cid, containsEnd),
    queryFn: () => apiGet<ContestProblemVo[]>('/get-contest-problem', { cid, containsEnd }),
    enabled,
  });

/** GET /api/get-contest-problem-details?cid=&displayId= (doc 2 §2.2): the problem as the practice page shows it. */
export const useContestProblemDetail = (cid: number, displayId: string) =>
  useQuery({
    queryKey: contestKeys.problem(cid, displayId),
    queryFn: () =>
      apiGet<ProblemDetailResponse>('/get-contest-problem-details', { cid, displayId, containsEnd: false }),
  });

/**
 * POST /api/get-contest-rank (contest access) or, `outside`, /api/get-contest-outside-scoreboard (openRank, no
 * login) (doc 2 §2.9): a page of board rows. `refreshMs` refetches on that interval (the 30 s auto-refresh).
 */
export const useContestBoard = <R extends AcmRow | OiRow>(
  q: BoardQuery,
  opts: { outside?: boolean; refreshMs?: number | false; enabled?: boolean } = {},
) =>
  useQuery({
    queryKey: contestKeys.board(q, !!opts.outside),
    queryFn: () =>
      apiPost<ScoreboardPage<R>>(
        opts.outside ? '/get-contest-outside-scoreboard' : '/get-contest-rank',
        compact(q),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: opts.refreshMs ?? false,
    enabled: opts.enabled ?? true,
  });

/**
 * GET /api/file/download-contest-rank (contest admins): the real board as an .xlsx blob, with the same star and
 * after-contest switches as the table; a refusal rejects with the server's message.
 */
export const downloadContestRank = (q: { cid: number; removeStar: boolean; containsEnd: boolean }) =>
  apiDownload('/file/download-contest-rank', q);

/** GET /api/get-contest-outsize-info?cid= (spelling of doc 2 §7): contest and problems for the outside board. */
export const useOutsideInfo = (cid: number) =>
  useQuery({
    queryKey: contestKeys.outsideInfo(cid),
    queryFn: () => apiGet<OutsideInfoVo>('/get-contest-outsize-info', { cid }),
  });
