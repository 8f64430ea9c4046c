import type { Page, ProblemColumns } from '@oj/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import { problemKeys } from '../../problem/api/keys.js';
import { adminProblemKeys } from './keys.js';

/** A row of the admin problem list (doc 3 §3 "Problem row in admin lists"). */
export interface AdminProblemRow {
  id: number;
  problemId: string;
  title: string;
  author: string;
  gid: number | null;
  auth: number;
  type: number;
  difficulty: number;
  judgeMode: string;
  isRemote: boolean;
  modifiedUser: string | null;
  gmtCreate: string;
  gmtModified: string;
}

/** The full problem as GET /api/admin/problem answers it (columns plus tags, language names, templates). */
export interface AdminProblem extends ProblemColumns {
  id: number;
  judgeMode: string;
  judgeCaseMode: string;
  tags: { id: number; name: string; color: string }[];
  languages: string[];
  codeTemplates: { id: number; lid: number; language: string; code: string; status: boolean }[];
}

/** A stored test case (GET /api/admin/problem/get-problem-cases): text for typed cases, file names otherwise. */
export interface AdminCase {
  id: number;
  index: number;
  inputName: string;
  outputName: string;
  inputSize: number;
  outputSize: number;
  input: string;
  output: string;
  score: number;
  groupNum: number;
}

/** The POST / PUT /api/admin/problem body (server `problem.schema.ts`). */
export interface ProblemBody {
  problem: Record<string, unknown>;
  samples: { input: string; output: string; score?: number | null; groupNum?: number | null }[];
  isUploadTestCase: boolean;
  uploadTestcaseDir?: string | null;
  codeTemplates: { language: string; code: string; status: boolean }[];
  tags: ({ id: number; name: string } | string)[];
  languages: string[];
  judgeMode: string;
  changeModeCode?: boolean;
  changeJudgeCaseMode?: boolean;
}

/** GET /api/admin/problem/get-problem-list?keyword&currentPage&limit: every problem, newest first. */
export const getAdminProblems = (q: { keyword: string; currentPage: number; limit: number }) =>
  apiGet<Page<AdminProblemRow>>('/admin/problem/get-problem-list', q);
export const adminProblemsQuery = (q: { keyword: string; currentPage: number; limit: number }) =>
  queryOptions({
    queryKey: adminProblemKeys.list(q),
    queryFn: () => getAdminProblems(q),
    placeholderData: keepPreviousData,
  });
export const useAdminProblems = (q: { keyword: string; currentPage: number; limit: number }) =>
  useQuery(adminProblemsQuery(q));

/** GET /api/admin/problem?pid=: the problem for the editor; 404 when absent. */
export const getAdminProblem = (pid: number) => apiGet<AdminProblem>('/admin/problem', { pid });
export const useAdminProblem = (pid: number | null) =>
  useQuery({
    queryKey: adminProblemKeys.detail(pid),
    queryFn: () => getAdminProblem(pid as number),
    enabled: pid != null,
    gcTime: 0,
  });

/** GET /api/admin/problem/get-problem-cases?pid=: the stored test cases in order. */
export const getAdminCases = (pid: number) =>
  apiGet<AdminCase[]>('/admin/problem/get-problem-cases', { pid });
export const useAdminCases = (pid: number | null) =>
  useQuery({
    queryKey: adminProblemKeys.cases(pid),
    queryFn: () => getAdminCases(pid as number),
    enabled: pid != null,
    gcTime: 0,
  });

/** After a change: every cached admin problem query and every public problem query (lists, details, tags). */
export const refreshProblems = () => {
  void queryClient.invalidateQueries({ queryKey: adminProblemKeys.all });
  void queryClient.invalidateQueries({ queryKey: problemKeys.all });
};

/** POST /api/admin/problem: creates; answers { pid, problemId }; 400 names the refused field. */
export const createProblem = (body: ProblemBody) =>
  apiPost<{ pid: number; problemId: string }>('/admin/problem', body);
/** PUT /api/admin/problem (body.problem.id set): updates; answers { pid, problemId }. */
export const updateProblem = (body: ProblemBody) =>
  apiPut<{ pid: number; problemId: string }>('/admin/problem', body);
/** DELETE /api/admin/problem?pid=: deletes with its cases and submissions. */
export const deleteProblem = (pid: number) => apiDelete<null>('/admin/problem', { pid });
/** PUT /api/admin/problem/change-problem-auth {pid, auth}: 1 public, 2 private, 3 contest. */
export const changeProblemAuth = (b: { pid: number; auth: number }) =>
  apiPut<null>('/admin/problem/change-problem-auth', b);

/** The contest side of a contest-only problem: POST adds it to contest `cid` under `displayId` / `displayTitle`. */
export interface ContestProblemTarget {
  cid: number;
  displayId?: string;
  displayTitle?: string;
}

/**
 * POST /api/admin/contest/problem (body + cid, displayId, displayTitle: a new problem of the contest's rule, added
 * to it) or PUT /api/admin/contest/problem (body + cid: a problem of that contest) -> { pid, problemId }.
 */
export const saveContestProblem = (body: ProblemBody, target: ContestProblemTarget, edit: boolean) =>
  edit
    ? apiPut<{ pid: number; problemId: string }>('/admin/contest/problem', { ...body, cid: target.cid })
    : apiPost<{ pid: number; problemId: string }>('/admin/contest/problem', { ...body, ...target });

/** Saves the problem form: the site's problem calls, or with a `contest` target the contest-problem calls. */
export const useSaveProblem = (edit: boolean, contest?: ContestProblemTarget) =>
  useMutation({
    mutationFn: (body: ProblemBody) =>
      contest ? saveContestProblem(body, contest, edit) : edit ? updateProblem(body) : createProblem(body),
    onSuccess: () => {
      refreshProblems();
      if (contest) void queryClient.invalidateQueries({ queryKey: ['admin', 'contest'] });
    },
  });
export const useDeleteProblem = () => useMutation({ mutationFn: deleteProblem, onSuccess: refreshProblems });
export const useChangeProblemAuth = () =>
  useMutation({ mutationFn: changeProblemAuth, onSuccess: refreshProblems });
