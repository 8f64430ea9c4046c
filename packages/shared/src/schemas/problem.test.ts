import { describe, expect, it } from 'vitest';
import { formatMessage, isMessageKey, MESSAGES, templateParams } from '../messages/index.js';
import { PROBLEM_LIMITS, problemFieldRules } from './problem.js';

/** The catalogue key a rule fails with on `value`, or null when it accepts it. */
function failure(name: keyof typeof problemFieldRules, value: unknown): string | null {
  const r = problemFieldRules[name].safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? '');
}

describe('problemFieldRules (doc 3 §5, the admin problem form)', () => {
  it('accepts good values and names a catalogue key for each bad one', () => {
    expect(failure('problemId', 'P-1000.a+b')).toBeNull();
    expect(failure('problemId', '  ')).toBe('validation.required');
    expect(failure('problemId', undefined)).toBe('validation.required');
    expect(failure('problemId', 'a b')).toBe('problem.badProblemId');
    expect(failure('problemId', 'x'.repeat(PROBLEM_LIMITS.problemIdMax + 1))).toBe('validation.tooLong');
    expect(failure('title', 'A+B')).toBeNull();
    expect(failure('timeLimit', 1000)).toBeNull();
    for (const bad of [0, 30_001, 1.5, null]) expect(failure('timeLimit', bad)).toBe('validation.intRange');
    expect(failure('memoryLimit', 4097)).toBe('validation.intRange');
    expect(failure('input', '\n ')).toBe('validation.required');
    expect(failure('languages', [])).toBe('problem.languagesRequired');
    expect(failure('ioReadFileName', '../in')).toBe('problem.badFileName');
    expect(failure('spjCode', '')).toBe('validation.required');
  });

  it('every failure message is a catalogue key whose template needs at most the field and the bounds', () => {
    const samples: Record<string, unknown[]> = { languages: [[]], timeLimit: [0, null] };
    for (const name of Object.keys(problemFieldRules) as (keyof typeof problemFieldRules)[]) {
      for (const v of samples[name] ?? ['', 'a b/c', undefined]) {
        const key = failure(name, v);
        if (key === null) continue;
        expect(isMessageKey(key), `${name}: ${key}`).toBe(true);
        if (!isMessageKey(key)) continue;
        expect(templateParams(MESSAGES[key]).every((p) => ['field', 'min', 'max'].includes(p))).toBe(true);
      }
    }
    expect(formatMessage('validation.intRange', { field: 'Time limit', min: 1, max: 30000 })).toBe(
      'Time limit must be an integer from 1 to 30000',
    );
  });
});
