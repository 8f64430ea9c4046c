import { describe, expect, it } from 'vitest';
import { submissionDetailPath } from './detail-path.js';

describe('submissionDetailPath (doc 2 §2.5; issue 25 #16)', () => {
  it('a contest submission opens ContestSubmissionDetails with the display id', () => {
    expect(submissionDetailPath(7, { cid: 3 }, 'A')).toBe('/contest/3/problem/A/submission-detail/7');
    expect(submissionDetailPath(7, { cid: 3, gid: 2 }, 'A 1')).toBe(
      '/contest/3/problem/A%201/submission-detail/7',
    );
  });

  it('a group submission (group practice or a group training) opens GroupSubmissionDetails', () => {
    expect(submissionDetailPath(7, { gid: 2 }, 'P1')).toBe('/group/2/submission-detail/7');
    expect(submissionDetailPath(7, { gid: 2, tid: 4 }, 'A')).toBe('/group/2/submission-detail/7');
  });

  it('practice and site trainings open the global page', () => {
    expect(submissionDetailPath(7)).toBe('/submission-detail/7');
    expect(submissionDetailPath(7, { tid: 4 }, 'A')).toBe('/submission-detail/7');
  });
});
