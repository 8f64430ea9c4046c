import type { ContestClarificationUnreadVo, ContestClarificationVo } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { clarificationBadge, clarificationNews, excerpt } from './clarification-news.js';

const vo = (id: number): ContestClarificationVo => ({
  id,
  cid: 1,
  pid: null,
  displayId: null,
  question: 'Q',
  answer: 'A',
  public: true,
  mine: false,
  username: null,
  answerUsername: null,
  announcementId: null,
  unread: true,
  gmtCreate: '2026-01-01T00:00:00.000Z',
  gmtAnswered: '2026-01-01T00:00:00.000Z',
  gmtModified: '2026-01-01T00:00:00.000Z',
});
const data = (ids: number[], unanswered: number | null = null): ContestClarificationUnreadVo => ({
  count: ids.length,
  ids,
  records: ids.map(vo),
  unanswered,
});

describe('clarification news (issue 10 §3)', () => {
  it('announces each unread answer once per browser tab', () => {
    const seen = new Set<number>();
    expect(clarificationNews(data([2, 1]), seen, null).answers.map((r) => r.id)).toEqual([2, 1]);
    expect(clarificationNews(data([3, 2, 1]), seen, null).answers.map((r) => r.id)).toEqual([3]);
    expect(clarificationNews(data([3]), seen, null).answers).toEqual([]);
  });

  it('tells contest admins about new questions only after the first check, and never a negative count', () => {
    expect(clarificationNews(data([], 4), new Set(), null).newQuestions).toBe(0);
    expect(clarificationNews(data([], 6), new Set(), 4).newQuestions).toBe(2);
    expect(clarificationNews(data([], 3), new Set(), 6).newQuestions).toBe(0);
  });

  it('badges unanswered questions for admins, unread answers for everyone else', () => {
    expect(clarificationBadge(undefined)).toBe(0);
    expect(clarificationBadge(data([1, 2]))).toBe(2);
    expect(clarificationBadge(data([1, 2], 5))).toBe(5);
  });

  it('folds whitespace and cuts long texts for a notification', () => {
    expect(excerpt('  a\n\n b ')).toBe('a b');
    expect(excerpt('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(excerpt(null)).toBe('');
  });
});
