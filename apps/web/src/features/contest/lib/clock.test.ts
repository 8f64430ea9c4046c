import { ContestStatus } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { countdown, durationParts, phaseAt, progressPercent, sliderLabel } from './clock.js';

const c = { startTime: '2026-01-01T10:00:00Z', endTime: '2026-01-01T15:00:00Z' };
const at = (iso: string) => Date.parse(iso);

describe('contest clock (doc 2 §2.7, §4.5)', () => {
  it('changes state at the start and at the end', () => {
    expect(phaseAt(c, at('2026-01-01T09:59:59Z'))).toBe(ContestStatus.SCHEDULED);
    expect(phaseAt(c, at('2026-01-01T10:00:00Z'))).toBe(ContestStatus.RUNNING);
    expect(phaseAt(c, at('2026-01-01T15:00:00Z'))).toBe(ContestStatus.ENDED);
  });
  it('slider: 00:00:00 before, elapsed while running, full duration after', () => {
    expect(sliderLabel(c, at('2026-01-01T09:00:00Z'))).toBe('00:00:00');
    expect(sliderLabel(c, at('2026-01-01T11:30:05Z'))).toBe('01:30:05');
    expect(sliderLabel(c, at('2026-01-02T00:00:00Z'))).toBe('05:00:00');
    expect(progressPercent(c, at('2026-01-01T12:30:00Z'))).toBe(50);
    expect(progressPercent(c, at('2026-01-01T09:00:00Z'))).toBe(0);
    expect(progressPercent(c, at('2026-01-03T09:00:00Z'))).toBe(100);
  });
  it('counts down to the start, then to the end', () => {
    expect(countdown(c, at('2026-01-01T09:59:00Z'))).toEqual({ phase: -1, ms: 60_000 });
    expect(countdown(c, at('2026-01-01T14:00:00Z'))).toEqual({ phase: 0, ms: 3_600_000 });
    expect(countdown(c, at('2026-01-01T16:00:00Z'))).toEqual({ phase: 1, ms: 0 });
  });
  it('splits a duration into days, hours and minutes', () => {
    expect(durationParts(26 * 3600_000 + 5 * 60_000)).toEqual({ d: 1, h: 2, m: 5 });
  });
});
