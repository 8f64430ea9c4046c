import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.js';
import { problemKeys } from './keys.js';
import type { LanguageVo, ProblemDetailResponse } from './types.js';

/**
 * GET /api/get-problem-detail?problemId=&gid= (doc 2 §2.2, §7): problem, tags, languages, templates, counts; `gid`
 * for a group's problem (its members only).
 */
export const getProblemDetail = (problemId: string, gid?: number) =>
  apiGet<ProblemDetailResponse>('/get-problem-detail', gid ? { problemId, gid } : { problemId });
export const problemDetailQuery = (problemId: string, gid?: number) =>
  queryOptions({ queryKey: problemKeys.detail(problemId), queryFn: () => getProblemDetail(problemId, gid) });
export const useProblemDetail = (problemId: string, gid?: number) =>
  useQuery(problemDetailQuery(problemId, gid));

/**
 * GET /api/get-problem-languages?pid=&cid=&gid= -> the languages the problem accepts (with content types). In a
 * contest (`cid`) the server asks the contest problem page's permission, so contest-only problems answer too; in a
 * group (`gid`) the group's (issue 23 §1).
 */
export const getProblemLanguages = (pid: number, scope: { cid?: number; gid?: number } = {}) =>
  apiGet<LanguageVo[]>('/get-problem-languages', {
    pid,
    ...(scope.cid ? { cid: scope.cid } : scope.gid ? { gid: scope.gid } : {}),
  });
export const problemLanguagesQuery = (pid: number, scope: { cid?: number; gid?: number } = {}) =>
  queryOptions({
    queryKey: problemKeys.languages(pid, scope.cid ?? 0, scope.cid ? 0 : (scope.gid ?? 0)),
    queryFn: () => getProblemLanguages(pid, scope),
  });
export const useProblemLanguages = (pid: number | undefined, scope: { cid?: number; gid?: number } = {}) =>
  useQuery({ ...problemLanguagesQuery(pid ?? 0, scope), enabled: !!pid });

/**
 * GET /api/get-last-ac-code?pid=&cid= (login) -> { code, language }. Silent: the caller shows the spec's 4 s error
 * notification when the user has not passed the problem.
 */
export const getLastAcCode = (pid: number, cid?: number) =>
  apiGet<{ code: string; language: string }>('/get-last-ac-code', cid ? { pid, cid } : { pid }, {
    silent: true,
  });
