import { apiGet, apiPost } from '../../../lib/api.js';
import type { StatusCheck, SubmissionVo, TestJudgeResult } from './types.js';

export interface SubmitInput {
  pid: number | string;
  language: string;
  code: string;
}

/** Where a submission is made (doc 2 §7): a contest (cid), a training (tid) or a group (gid); none = practice. */
export interface SubmitScope {
  cid?: number;
  tid?: number;
  gid?: number;
}

/** POST /api/submit-problem-judge (doc 2 §4.3, §7; practice: cid 0) -> the new submission (submitId). */
export const submitProblemJudge = (s: SubmitInput, scope: SubmitScope = {}) =>
  apiPost<SubmissionVo>('/submit-problem-judge', {
    ...s,
    cid: scope.cid ?? 0,
    ...(scope.tid ? { tid: scope.tid } : {}),
    ...(scope.gid ? { gid: scope.gid } : {}),
    isRemote: false,
  });

/**
 * POST /api/check-submissions-status {submitIds, cid} (practice, trainings, groups) or, in a contest,
 * /api/check-contest-submissions-status (doc 2 §7) -> map submitId to {status, score, time, memory, judged, total}.
 */
export const checkSubmissionsStatus = (submitIds: number[], scope: SubmitScope = {}) =>
  apiPost<Record<string, StatusCheck>>(
    (scope.cid ?? 0) > 0 ? '/check-contest-submissions-status' : '/check-submissions-status',
    { submitIds, cid: scope.cid ?? 0 },
    { silent: true },
  );

export interface TestJudgeInput extends SubmitInput {
  userInput: string;
  expectedOutput?: string;
}

/**
 * POST /api/submit-problem-test-judge (doc 2 §4.4, §7) -> the testJudgeKey to poll. The type follows the page's
 * scope: contest with its cid, group with its gid (and the tid of a group's training), else public (with a
 * training's tid); the server then asks the same admission as a submit there (issue 23 §1).
 */
export const submitTestJudge = (s: TestJudgeInput, scope: SubmitScope = {}) =>
  apiPost<string>('/submit-problem-test-judge', {
    ...s,
    type: scope.cid ? 'contest' : scope.gid ? 'group' : 'public',
    ...(scope.cid ? { cid: scope.cid } : {}),
    ...(!scope.cid && scope.tid ? { tid: scope.tid } : {}),
    ...(!scope.cid && scope.gid ? { gid: scope.gid } : {}),
    isRemoteJudge: false,
    expectedOutput: s.expectedOutput || null,
  });

/** GET /api/get-test-judge-result?testJudgeKey= -> status, output, time ms, memory KB, stderr. */
export const getTestJudgeResult = (testJudgeKey: string) =>
  apiGet<TestJudgeResult>('/get-test-judge-result', { testJudgeKey }, { silent: true });
