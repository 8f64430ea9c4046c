import { isFinishedStatus, JudgeStatus, LIMITS } from '@oj/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkSubmissionsStatus } from '../api/submit.js';
import type { StatusCheck } from '../api/types.js';

export interface PollState {
  submitId: number;
  status: number;
  time: number | null;
  memory: number | null;
  score: number | null;
  /** Checks made so far. */
  checks: number;
  /** True when polling stopped after the check limit without a final verdict. */
  gaveUp: boolean;
}

/**
 * Polls POST /api/check-submissions-status every 2 s (doc 2 §4.3) for one submission, at most 300 checks, until
 * its status is none of Pending, Compiling, Judging (or Submitting). `onFinished` runs once with the final row.
 * Stops on unmount or `reset()`.
 */
export function useSubmissionPoll(onFinished?: (s: StatusCheck) => void) {
  const [state, setState] = useState<PollState | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const gen = useRef(0);
  const finishedRef = useRef(onFinished);
  finishedRef.current = onFinished;

  const stop = useCallback(() => {
    gen.current++;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const start = useCallback(
    (submitId: number, status: number = JudgeStatus.PENDING) => {
      stop();
      const my = gen.current;
      setState({ submitId, status, time: null, memory: null, score: null, checks: 0, gaveUp: false });
      let checks = 0;
      const tick = async () => {
        if (my !== gen.current) return;
        checks++;
        let row: StatusCheck | undefined;
        try {
          row = (await checkSubmissionsStatus([submitId]))[submitId];
        } catch {
          row = undefined;
        }
        if (my !== gen.current) return;
        const done = row ? isFinishedStatus(row.status) : false;
        const gaveUp = !done && checks >= LIMITS.submissionPollMax;
        setState((s) => ({
          submitId,
          status: row?.status ?? s?.status ?? status,
          time: row?.time ?? null,
          memory: row?.memory ?? null,
          score: row?.score ?? null,
          checks,
          gaveUp,
        }));
        if (done && row) finishedRef.current?.(row);
        else if (!gaveUp) timer.current = setTimeout(tick, LIMITS.submissionPollMs);
      };
      timer.current = setTimeout(tick, LIMITS.submissionPollMs);
    },
    [stop],
  );

  const reset = useCallback(() => {
    stop();
    setState(null);
  }, [stop]);

  useEffect(() => stop, [stop]);
  return { state, start, reset };
}
