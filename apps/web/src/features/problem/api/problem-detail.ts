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

/** GET /api/get-problem-languages?pid= -> the languages the problem accepts (with content types). */
export const getProblemLanguages = (pid: number) => apiGet<LanguageVo[]>('/get-problem-languages', { pid });
export const problemLanguagesQuery = (pid: number) =>
  queryOptions({ queryKey: problemKeys.languages(pid), queryFn: () => getProblemLanguages(pid) });
export const useProblemLanguages = (pid: number | undefined) =>
  useQuery({ ...problemLanguagesQuery(pid ?? 0), enabled: !!pid });

/**
 * GET /api/get-last-ac-code?pid=&cid= (login) -> { code, language }. Silent: the caller shows the spec's 4 s error
 * notification when the user has not passed the problem.
 */
export const getLastAcCode = (pid: number, cid?: number) =>
  apiGet<{ code: string; language: string }>('/get-last-ac-code', cid ? { pid, cid } : { pid }, {
    silent: true,
  });
