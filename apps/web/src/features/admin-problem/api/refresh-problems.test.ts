import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.js';
import { problemDetailQuery } from '../../problem/api/problem-detail.js';
import { problemListQuery, tagsAndClassificationQuery } from '../../problem/api/problem-list.js';
import { refreshProblems } from './admin-problem.js';

const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;

describe('admin problem edits and the public problem cache', () => {
  afterEach(() => queryClient.clear());

  it('a save marks the cached public detail, list and tag filter stale, so the next visit refetches', () => {
    const detail: readonly unknown[] = problemDetailQuery('P1000').queryKey;
    const list: readonly unknown[] = problemListQuery({ currentPage: 1, limit: 30 }).queryKey;
    const tags: readonly unknown[] = tagsAndClassificationQuery().queryKey;
    for (const key of [detail, list, tags]) queryClient.setQueryData(key, { cached: true });
    expect(invalidated(detail)).toBe(false);
    refreshProblems();
    expect([invalidated(detail), invalidated(list), invalidated(tags)]).toEqual([true, true, true]);
  });
});
