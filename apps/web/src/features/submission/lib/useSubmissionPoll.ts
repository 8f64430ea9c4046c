import { isFinishedStatus, JudgeStatus, LIMITS } from '@oj/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { usePoll } from '../../../lib/use-poll.js';
import { submissionKeys } from '../api/keys.js';
import { checkSubmissionsStatus, type SubmitScope } from '../api/submit.js';
import type { StatusCheck } from '../api/types.js';

export interface PollState {
  submitId: number;
  status: number;
  time: number | null;
  memory: number | null;
  score: number | null;
  /** Cases finished / cases of the task while Compiling or Judging (the judgehost's last report), else null. */
  judged: number | null;
  total: number | null;
  /** Checks made so far. */
  checks: number;
  /** True when polling stopped after the check limit without a final verdict. */
  gaveUp: boolean;
}

/**
 * Polls the status check of one submission in `scope` (doc 2 §4.3) through `usePoll`: at once, then 300 ms
 * doubling to 2 s (to 600 ms while Judging), from 300 ms again whenever the status or the judged count moves; at most 300 checks, until its
 * status is none of Pending, Compiling, Judging (or Submitting). `onFinished` runs once per submission with the
 * final row. `start(submitId, status)` watches a new submission; `reset()` and unmount stop.
 */
export function useSubmissionPoll(onFinished?: (s: StatusCheck) => void, scope: SubmitScope = {}) {
  const [target, setTarget] = useState<{ submitId: number; status: number } | null>(null);
  const submitId = target?.submitId ?? 0;
  const poll = usePoll<StatusCheck | null>({
    queryKey: submissionKeys.status(scope.cid ?? 0, submitId),
    queryFn: async () => (await checkSubmissionsStatus([submitId], scope))[submitId] ?? null,
    enabled: target != null,
    isDone: (row) => row != null && isFinishedStatus(row.status),
    progressOf: (row) => [row?.status, row?.judged],
    firstMs: LIMITS.submissionPollFirstMs,
    // While Judging the verdict is near: back off to 600 ms only; Pending / Compiling back off to the spec's 2 s.
    maxMs: (row) =>
      row?.status === JudgeStatus.JUDGING ? LIMITS.submissionPollJudgingMs : LIMITS.submissionPollMs,
    maxChecks: LIMITS.submissionPollMax,
  });
  const finishedRef = useRef(onFinished);
  finishedRef.current = onFinished;
  const reported = useRef(0);
  const row = target ? poll.data : null;
  useEffect(() => {
    if (row && poll.done && reported.current !== row.submitId) {
      reported.current = row.submitId;
      finishedRef.current?.(row);
    }
  }, [row, poll.done]);

  const start = useCallback(
    (id: number, status: number = JudgeStatus.PENDING) => setTarget({ submitId: id, status }),
    [],
  );
  const reset = useCallback(() => setTarget(null), []);
  const state: PollState | null = target && {
    submitId: target.submitId,
    status: row?.status ?? target.status,
    time: row?.time ?? null,
    memory: row?.memory ?? null,
    score: row?.score ?? null,
    judged: row?.judged ?? null,
    total: row?.total ?? null,
    checks: poll.checks,
    gaveUp: poll.gaveUp,
  };
  return { state, start, reset };
}
