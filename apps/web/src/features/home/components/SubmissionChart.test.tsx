import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import SubmissionChart from './SubmissionChart.js';

const stats = {
  dateStrList: [
    '2026-11-18',
    '2026-11-19',
    '2026-11-20',
    '2026-11-21',
    '2026-11-22',
    '2026-11-23',
    '2026-11-24',
  ],
  acCountList: [0, 3, 1, 0, 7, 2, 4],
  totalCountList: [2, 9, 3, 0, 23, 5, 8],
  statusCountList: [],
};

describe('the last-week submission chart', () => {
  afterEach(cleanup);

  it('draws both series over seven days, with each figure readable', () => {
    const { container } = render(<SubmissionChart stats={stats} />);
    expect(container.querySelectorAll('circle')).toHaveLength(14);
    const titles = [...container.querySelectorAll('circle title')].map((t) => t.textContent);
    expect(titles).toContain('2026-11-22 All_submissions: 23');
    expect(titles).toContain('2026-11-22 AC_submissions: 7');
    // The axis reaches the largest figure in round steps.
    const ticks = [...container.querySelectorAll('svg > g > text')].map((t) => Number(t.textContent));
    expect(Math.max(...ticks)).toBeGreaterThanOrEqual(23);
    expect(ticks[1] - ticks[0]).toBe(10);
    // The day labels show month and day.
    expect(container.textContent).toContain('11-24');
    // The same figures in the table for screen readers.
    const row = [...container.querySelectorAll('tbody tr')][4];
    expect([...row.querySelectorAll('td')].map((c) => c.textContent)).toEqual(['23', '7']);
  });

  it('draws an empty week without dividing by zero', () => {
    const zero = { ...stats, acCountList: [0, 0, 0, 0, 0, 0, 0], totalCountList: [0, 0, 0, 0, 0, 0, 0] };
    const { container } = render(<SubmissionChart stats={zero} />);
    for (const c of container.querySelectorAll('circle'))
      expect(Number(c.getAttribute('cy'))).toBeGreaterThan(0);
  });
});
