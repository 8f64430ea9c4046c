import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';

/** What `usePoll` polls and when it stops. */
export interface PollOptions<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  enabled: boolean;
  /** True for the final answer: polling stops. */
  isDone: (data: T) => boolean;
  /** What counts as progress (e.g. status and cases judged): whenever it changes, polling starts fast again. */
  progressOf?: (data: T) => unknown;
  /** First delay, ms; doubles after each answer without progress up to `maxMs` (or its value for the last answer). */
  firstMs: number;
  maxMs: number | ((data: T | undefined) => number);
  /** Answers (and failed checks) after which polling gives up. */
  maxChecks: number;
}

/**
 * The delay before the next check (ms): `firstMs` doubled once per answer since progress last moved, at most
 * `maxMs`. `sinceProgress` counts the answers since then (0 right after a change).
 */
export function backoffDelay(firstMs: number, maxMs: number, sinceProgress: number): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, sinceProgress));
}

/**
 * The one polling hook (issue 9 §1, issue 14): a TanStack Query that asks at once, then after `firstMs`, doubling
 * to `maxMs` while nothing moves and from `firstMs` again whenever `progressOf` changes; it stops at the final
 * answer (`isDone`), after `maxChecks` answers (`gaveUp`), or when the component unmounts. Failed checks count as
 * checks and keep the last answer.
 */
export function usePoll<T>(o: PollOptions<T>) {
  const mark = useRef({ key: '', at: 0 });
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: o.queryKey,
    queryFn: o.queryFn,
    enabled: o.enabled,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (q) => {
      const data = q.state.data;
      if (data !== undefined && o.isDone(data)) return false;
      const checks = q.state.dataUpdateCount + q.state.errorUpdateCount;
      if (checks >= o.maxChecks) return false;
      const key = `${JSON.stringify(o.queryKey)}|${data === undefined ? '' : JSON.stringify(o.progressOf?.(data) ?? null)}`;
      if (key !== mark.current.key) mark.current = { key, at: checks };
      const max = typeof o.maxMs === 'function' ? o.maxMs(data) : o.maxMs;
      return backoffDelay(o.firstMs, max, checks - mark.current.at);
    },
  });
  const data = query.data;
  const done = data !== undefined && o.isDone(data);
  const state = qc.getQueryState(o.queryKey);
  const checks = state ? state.dataUpdateCount + state.errorUpdateCount : 0;
  return { query, data, done, checks, gaveUp: !done && checks >= o.maxChecks };
}
