import { LIMITS } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { normalizeLook, pickLanguage } from '../../../components/code-editor/editor-settings.js';
import { editorThemeFor } from '../../../components/code-editor/editor-themes.js';
import { oiScore } from '../../rank/lib/rank-math.js';
import { formatMemory } from '../../submission/lib/format.js';
import { readSubmissionFilter, writeSubmissionFilter } from '../../submission/lib/list-params.js';
import { readProblemFilter, writeProblemFilter } from './list-params.js';
import { acRate, distinctErrorTexts, matchedSample, sampleOutputFor, shownLimits } from './problem-math.js';
import { codeError } from './validate-code.js';

describe('problem list figures', () => {
  it('shows the AC rate with two decimals and never above 100%', () => {
    expect(acRate(1, 3)).toBe('33.33%');
    expect(acRate(0, 0)).toBe('0.00%');
    expect(acRate(5, 4)).toBe('100.00%');
  });

  it('keeps filters in the address with page size 30 by default and page at least 1', () => {
    const f = readProblemFilter(
      new URLSearchParams('keyword=A%2BB&difficulty=45&tagId=3&currentPage=0&limit=x'),
    );
    expect(f).toEqual({ keyword: 'A+B', difficulty: 45, oj: undefined, tagId: 3, currentPage: 1, limit: 30 });
    expect(writeProblemFilter({ ...f, currentPage: 2 }).toString()).toBe(
      'keyword=A%2BB&difficulty=45&tagId=3&currentPage=2',
    );
  });
});

describe('problem limits and samples', () => {
  it('doubles time and memory for other languages, but not for CF- and GYM- problems', () => {
    expect(shownLimits({ problemId: '1000', timeLimit: 1000, memoryLimit: 256 })).toEqual({
      time: 1000,
      memory: 256,
      otherTime: 2000,
      otherMemory: 512,
    });
    expect(shownLimits({ problemId: 'CF-1A', timeLimit: 1000, memoryLimit: 256 }).otherTime).toBeNull();
    expect(
      shownLimits({ problemId: 'GYM-100001A', timeLimit: 1000, memoryLimit: 256 }).otherMemory,
    ).toBeNull();
  });

  it('names the sample whose input and expected output a test run used, ignoring trailing blanks', () => {
    const ex = [
      { input: '1 2', output: '3' },
      { input: '2 2\n', output: '4\n' },
    ];
    expect(matchedSample(ex, '2 2', '4  \r\n')).toBe(2);
    expect(matchedSample(ex, '1 2', '4')).toBeNull();
    expect(matchedSample(ex, '1 2', '')).toBeNull();
  });

  it('fills the online test expected output only for a sample input (issue 14 defect 9)', () => {
    const ex = [
      { input: '1 2', output: '3' },
      { input: '2 2\n', output: '4\n' },
    ];
    expect(sampleOutputFor(ex, '2 2  \r\n')).toBe('4\n');
    expect(sampleOutputFor(ex, '20 22')).toBe('');
    expect(sampleOutputFor([], '1 2')).toBe('');
  });

  it('shows the OI score on one scale, rank score / 100, without losing a single solved problem', () => {
    expect(oiScore(300)).toBe(3);
    expect(oiScore(14)).toBe(0.14);
    expect(oiScore(0)).toBe(0);
  });

  it('refuses empty and over-long code with the spec messages', () => {
    expect(codeError('  \n ')).toBe('problem:Code_can_not_be_empty');
    expect(codeError('x'.repeat(LIMITS.codeMax + 1))).toBe('problem:Code_Length_can_not_exceed');
    expect(codeError('int main(){}')).toBeNull();
  });
});

describe('editor settings', () => {
  it('falls back to the first allowed language when the saved one is not allowed', () => {
    expect(pickLanguage('Java', ['C', 'C++'])).toBe('C');
    expect(pickLanguage('C++', ['C', 'C++'])).toBe('C++');
    expect(pickLanguage(undefined, [])).toBeUndefined();
  });

  it('clamps stored font size, tab size and theme to the allowed values', () => {
    // The default editor theme is `auto`: it follows the site's light or dark look (issue 28).
    expect(normalizeLook({ theme: 'nope', fontSize: 40, tabSize: 3 })).toEqual({
      theme: 'auto',
      fontSize: 14,
      tabSize: 4,
    });
    expect(normalizeLook({ theme: 'dracula', fontSize: 20, tabSize: 8 })).toEqual({
      theme: 'dracula',
      fontSize: 20,
      tabSize: 8,
    });
    expect(normalizeLook({ theme: 'auto' }).theme).toBe('auto');
  });

  it('draws the auto editor theme in the site look, a named one as chosen', () => {
    expect(editorThemeFor('auto', 'light')).toBe('idea');
    expect(editorThemeFor('auto', 'dark')).toBe('base16-dark');
    expect(editorThemeFor('eclipse', 'dark')).toBe('eclipse');
  });
});

describe('submission figures', () => {
  it('scales memory from KB up in base 1024', () => {
    expect(formatMemory(512)).toBe('512KB');
    expect(formatMemory(1536)).toBe('1.5MB');
    expect(formatMemory(3 * 1024 * 1024)).toBe('3GB');
    expect(formatMemory(null)).toBe('-');
  });

  it('drops the author filter while Mine is on and keeps the rest in the address', () => {
    const f = readSubmissionFilter(
      new URLSearchParams('onlyMine=true&username=bob&status=-1&problemID=1000'),
    );
    expect(f.limit).toBe(15);
    expect(writeSubmissionFilter(f).toString()).toBe('onlyMine=true&status=-1&problemID=1000');
  });
});

describe('online test error texts', () => {
  it('shows stderr and the judge message once each, the longer when one holds the other', () => {
    const tb = 'Traceback (most recent call last):\n  File "main.py", line 1\nValueError: boom';
    expect(distinctErrorTexts(tb, 'ValueError: boom')).toEqual([tb]);
    expect(distinctErrorTexts('SyntaxError: x', '  File "a.py"\nSyntaxError: x\n')).toEqual([
      '  File "a.py"\nSyntaxError: x'.trim(),
    ]);
    expect(distinctErrorTexts(tb, 'Exited with code 1')).toEqual([tb, 'Exited with code 1']);
    expect(distinctErrorTexts(null, 'Exited with code 1')).toEqual(['Exited with code 1']);
    expect(distinctErrorTexts('', null)).toEqual([]);
  });
});
