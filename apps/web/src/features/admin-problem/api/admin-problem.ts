import type { Page, ProblemColumns } from '@oj/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { scopedUrl } from '../../../lib/admin-scope.js';
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
  /** Group problems: the apply-public progress (null none, 1 applying, 2 public, 3 refused; docs/groups.md). */
  applyPublicProgress?: number | null;
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

/** Paging and keyword of the admin problem list; `gid` makes it that group's (null: the site's). */
export interface AdminProblemQuery {
  keyword: string;
  currentPage: number;
  limit: number;
  gid?: number | null;
}

/**
 * GET /api/admin/problem/get-problem-list?keyword&currentPage&limit: every problem, newest first; with a `gid`,
 * GET /api/group/get-admin-problem-list: that group's problems (its admins).
 */
export const getAdminProblems = ({ gid, ...q }: AdminProblemQuery) =>
  gid == null
    ? apiGet<Page<AdminProblemRow>>('/admin/problem/get-problem-list', q)
    : apiGet<Page<AdminProblemRow>>('/group/get-admin-problem-list', { ...q, gid });
export const adminProblemsQuery = (q: AdminProblemQuery) =>
  queryOptions({
    queryKey: adminProblemKeys.list({ ...q, gid: q.gid ?? null }),
    queryFn: () => getAdminProblems(q),
    placeholderData: keepPreviousData,
  });
export const useAdminProblems = (q: AdminProblemQuery) => useQuery(adminProblemsQuery(q));

/** GET /api/admin/problem?pid= (in a group: /api/group/problem): the problem for the editor; 404 when absent. */
export const getAdminProblem = (pid: number, gid: number | null = null) =>
  apiGet<AdminProblem>(scopedUrl(gid, '/admin/problem', '/group/problem'), { pid });
export const useAdminProblem = (pid: number | null, gid: number | null = null) =>
  useQuery({
    queryKey: adminProblemKeys.detail(pid),
    queryFn: () => getAdminProblem(pid as number, gid),
    enabled: pid != null,
    gcTime: 0,
  });

/** GET /api/admin/problem/get-problem-cases?pid= (group: /api/group/get-problem-cases): the cases in order. */
export const getAdminCases = (pid: number, gid: number | null = null) =>
  apiGet<AdminCase[]>(scopedUrl(gid, '/admin/problem/get-problem-cases', '/group/get-problem-cases'), {
    pid,
  });
export const useAdminCases = (pid: number | null, gid: number | null = null) =>
  useQuery({
    queryKey: adminProblemKeys.cases(pid),
    queryFn: () => getAdminCases(pid as number, gid),
    enabled: pid != null,
    gcTime: 0,
  });

/** After a change: every cached admin problem query and every public problem query (lists, details, tags). */
export const refreshProblems = () => {
  void queryClient.invalidateQueries({ queryKey: adminProblemKeys.all });
  void queryClient.invalidateQueries({ queryKey: problemKeys.all });
};

/**
 * POST /api/admin/problem: creates; answers { pid, problemId }; 400 names the refused field. With a `gid`,
 * POST /api/group/problem with `problem.gid`: a problem of that group (its id gets the group's short name).
 */
export const createProblem = (body: ProblemBody, gid: number | null = null) =>
  gid == null
    ? apiPost<{ pid: number; problemId: string }>('/admin/problem', body)
    : apiPost<{ pid: number; problemId: string }>('/group/problem', {
        ...body,
        problem: { ...body.problem, gid },
      });
/** PUT /api/admin/problem (group: /api/group/problem; body.problem.id set): updates; answers { pid, problemId }. */
export const updateProblem = (body: ProblemBody, gid: number | null = null) =>
  apiPut<{ pid: number; problemId: string }>(scopedUrl(gid, '/admin/problem', '/group/problem'), body);
/** DELETE /api/admin/problem?pid= (group: /api/group/problem): deletes with its cases. */
export const deleteProblem = (pid: number, gid: number | null = null) =>
  apiDelete<null>(scopedUrl(gid, '/admin/problem', '/group/problem'), { pid });
/** PUT /api/admin/problem/change-problem-auth {pid, auth} (group: /api/group/…): 1 public, 2 private, 3 contest. */
export const changeProblemAuth = (b: { pid: number; auth: number }, gid: number | null = null) =>
  apiPut<null>(scopedUrl(gid, '/admin/problem/change-problem-auth', '/group/change-problem-auth'), b);

/** The contest side of a contest-only problem: POST adds it to contest `cid` under `displayId` / `displayTitle`. */
export interface ContestProblemTarget {
  cid: number;
  displayId?: string;
  displayTitle?: string;
}

/**
 * POST /api/admin/contest/problem (body + cid, displayId, displayTitle: a new problem of the contest's rule, added
 * to it) or PUT /api/admin/contest/problem (body + cid: a problem of that contest) -> { pid, problemId }. In a
 * group (`gid`): POST /api/group/contest-problem (a new problem of the group in its contest), and an edit is the
 * group problem's own PUT /api/group/problem.
 */
export const saveContestProblem = (
  body: ProblemBody,
  target: ContestProblemTarget,
  edit: boolean,
  gid: number | null = null,
) => {
  if (gid != null)
    return edit
      ? updateProblem(body, gid)
      : apiPost<{ pid: number; problemId: string }>('/group/contest-problem', { ...body, ...target });
  return edit
    ? apiPut<{ pid: number; problemId: string }>('/admin/contest/problem', { ...body, cid: target.cid })
    : apiPost<{ pid: number; problemId: string }>('/admin/contest/problem', { ...body, ...target });
};

/**
 * Saves the problem form: the site's problem calls, or with a `contest` target the contest-problem calls; `gid`
 * sends them to that group's calls.
 */
export const useSaveProblem = (edit: boolean, contest?: ContestProblemTarget, gid: number | null = null) =>
  useMutation({
    mutationFn: (body: ProblemBody) =>
      contest
        ? saveContestProblem(body, contest, edit, gid)
        : edit
          ? updateProblem(body, gid)
          : createProblem(body, gid),
    onSuccess: () => {
      refreshProblems();
      if (contest) void queryClient.invalidateQueries({ queryKey: ['admin', 'contest'] });
    },
  });
export const useDeleteProblem = (gid: number | null = null) =>
  useMutation({ mutationFn: (pid: number) => deleteProblem(pid, gid), onSuccess: refreshProblems });
export const useChangeProblemAuth = (gid: number | null = null) =>
  useMutation({
    mutationFn: (b: { pid: number; auth: number }) => changeProblemAuth(b, gid),
    onSuccess: refreshProblems,
  });
