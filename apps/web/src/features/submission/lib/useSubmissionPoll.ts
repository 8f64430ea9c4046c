import {
  isFinishedStatus,
  JudgeStatus,
  LIMITS,
  LIVE_EVENT,
  LIVE_LIMITS,
  type LiveVerdictData,
} from '@oj/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveEvent, useLiveResync, useLiveStatus } from '../../../lib/events.js';
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

/** Verdict events remembered for a submission that is watched only after its event arrived. */
const SEEN_MAX = 50;

/** The status-check row a live verdict event stands for. */
export function statusRowOf(d: LiveVerdictData): StatusCheck {
  const { cid: _cid, ...row } = d;
  return row;
}

/**
 * Whether a live event replaces the row shown: anything but progress arriving after a final verdict (a rejudge
 * starts again from Pending).
 */
export function takesLiveRow(old: StatusCheck | null | undefined, d: LiveVerdictData): boolean {
  if (!old || !isFinishedStatus(old.status)) return true;
  return isFinishedStatus(d.status) || d.status === JudgeStatus.PENDING;
}

/**
 * Watches the status of one submission in `scope` (doc 2 §4.3). With the live stream up (issue 10 §4) the verdict
 * and the Compiling / Judging progress arrive as events: one check at once, then one every 30 s as a safety net.
 * Otherwise it polls through `usePoll`: at once, then 300 ms doubling to 2 s (to 600 ms while Judging), from 300 ms
 * again whenever the status or the judged count moves; at most 300 checks, until its status is none of Pending,
 * Compiling, Judging (or Submitting). `onFinished` runs once per submission with the final row.
 * `start(submitId, status)` watches a new submission; `reset()` and unmount stop.
 */
export function useSubmissionPoll(onFinished?: (s: StatusCheck) => void, scope: SubmitScope = {}) {
  const [target, setTarget] = useState<{ submitId: number; status: number } | null>(null);
  const submitId = target?.submitId ?? 0;
  const cid = scope.cid ?? 0;
  const live = useLiveStatus();
  const poll = usePoll<StatusCheck | null>({
    queryKey: submissionKeys.status(cid, submitId),
    queryFn: async () => (await checkSubmissionsStatus([submitId], scope))[submitId] ?? null,
    enabled: target != null,
    isDone: (row) => row != null && isFinishedStatus(row.status),
    progressOf: (row) => [row?.status, row?.judged],
    firstMs: live ? LIVE_LIMITS.verdictSafetyPollMs : LIMITS.submissionPollFirstMs,
    // While Judging the verdict is near: back off to 600 ms only; Pending / Compiling back off to the spec's 2 s.
    maxMs: (row) =>
      live
        ? LIVE_LIMITS.verdictSafetyPollMs
        : row?.status === JudgeStatus.JUDGING
          ? LIMITS.submissionPollJudgingMs
          : LIMITS.submissionPollMs,
    maxChecks: LIMITS.submissionPollMax,
  });

  // Live events: the watched submission's row is replaced in the query cache (the poll above then sees it).
  const qc = useQueryClient();
  const seen = useRef(new Map<number, LiveVerdictData>());
  const targetId = useRef(0);
  targetId.current = submitId;
  const apply = useCallback(
    (d: LiveVerdictData) =>
      qc.setQueryData<StatusCheck | null>(submissionKeys.status(cid, d.submitId), (old) =>
        takesLiveRow(old, d) ? statusRowOf(d) : old,
      ),
    [qc, cid],
  );
  useLiveEvent<LiveVerdictData>(LIVE_EVENT.verdict, (d) => {
    seen.current.delete(d.submitId);
    seen.current.set(d.submitId, d);
    if (seen.current.size > SEEN_MAX) seen.current.delete(seen.current.keys().next().value as number);
    if (d.submitId === targetId.current) apply(d);
  });
  useLiveResync(() => {
    if (targetId.current) void poll.query.refetch();
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
    (id: number, status: number = JudgeStatus.PENDING) => {
      setTarget({ submitId: id, status });
      // its event may have come before the submit call answered
      const early = seen.current.get(id);
      if (early) apply(early);
    },
    [apply],
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
