import { describe, expect, it } from 'vitest';
import { checkProblemForm, emptyForm, type ProblemFormValues, spreadScores, toBody } from './form-model.js';

/** A new problem that passes every check: one typed case, C++ chosen. */
function valid(): ProblemFormValues {
  return {
    ...emptyForm('root'),
    problemId: 'P1000',
    title: 'A+B',
    input: 'two integers',
    output: 'their sum',
    languages: ['C++'],
    cases: [{ input: '1 2\n', output: '3\n', score: null, groupNum: null }],
  };
}

describe('spreadScores (switching to OI)', () => {
  it('gives 100 points in total with the remainder on the last cases', () => {
    expect(spreadScores(3)).toEqual([33, 33, 34]);
    expect(spreadScores(6)).toEqual([16, 16, 17, 17, 17, 17]);
    expect(spreadScores(4)).toEqual([25, 25, 25, 25]);
    for (const n of [1, 7, 11, 99, 100, 101]) expect(spreadScores(n).reduce((a, b) => a + b, 0)).toBe(100);
  });
});

describe('checkProblemForm (doc 3 §5, the rules joining fields)', () => {
  it('accepts a complete problem', () => {
    expect(checkProblemForm(valid(), false)).toEqual([]);
  });

  it('names each broken rule', () => {
    const cases: [Partial<ProblemFormValues>, string][] = [
      [{ tags: ['dp', 'DP'] }, 'Duplicate_tag'],
      [{ examples: [1, 2, 3].map(() => ({ input: '', output: '' })) }, 'Examples_max'],
      [{ templates: { 'C++': { status: true, code: '  ' } } }, 'Template_empty'],
      [{ cases: [] }, 'Testcase_required'],
      [{ cases: [{ input: '', output: '', score: null, groupNum: null }] }, 'Testcase_empty'],
      [{ type: 1 }, 'Score_invalid'],
      [{ judgeCaseMode: 'subtask_lowest' }, 'Group_required'],
      [{ isUploadCase: true }, 'Upload_testcase_first'],
      [{ userExtraFiles: [{ name: 'a.h', content: '' }] }, 'Extra_file_required'],
    ];
    for (const [patch, key] of cases)
      expect(checkProblemForm({ ...valid(), ...patch }, false).map((i) => i.key)).toEqual([key]);
  });

  it('reports every issue at once, the tag one under its field', () => {
    const v: ProblemFormValues = {
      ...valid(),
      type: 1,
      tags: ['dp', 'DP'],
      cases: [
        { input: '', output: '', score: 10, groupNum: null },
        { input: '1', output: '1', score: null, groupNum: null },
      ],
    };
    expect(checkProblemForm(v, false)).toEqual([
      { key: 'Duplicate_tag', params: { name: 'dp' }, field: 'tags' },
      { key: 'Testcase_empty', params: { n: 1 } },
      { key: 'Score_invalid', params: { n: 2 } },
    ]);
  });

  it('keeps stored uploaded cases when editing', () => {
    const v = {
      ...valid(),
      isUploadCase: true,
      uploadedCases: [{ input: '1.in', output: '1.out', score: 0, groupNum: 1 }],
    };
    expect(checkProblemForm(v, true)).toEqual([]);
    expect(checkProblemForm(v, false).map((i) => i.key)).toEqual(['Upload_testcase_first']);
  });
});

describe('toBody', () => {
  it('sends known tags by id, new tags by name, scores only for OI and the update id', () => {
    const v = {
      ...valid(),
      tags: ['dp', 'new-tag'],
      type: 1,
      cases: [{ input: 'a', output: 'b', score: 100, groupNum: 3 }],
    };
    const body = toBody(v, [{ id: 7, name: 'dp' }], 42, null);
    expect(body.problem.id).toBe(42);
    expect(body.tags).toEqual([{ id: 7, name: 'dp' }, 'new-tag']);
    expect(body.samples).toEqual([{ input: 'a', output: 'b', score: 100, groupNum: null }]);
    expect(body.isUploadTestCase).toBe(false);
    expect(body.languages).toEqual(['C++']);
    // The blank example the new form starts with is dropped.
    expect(body.problem.examples).toEqual([]);
  });
});

describe('toBody: the borderline TLE re-check fields (issue 29 part 3)', () => {
  it('a new problem follows the site default with the site margin', () => {
    expect(toBody(valid(), [], null, null).problem).toMatchObject({
      tleRecheck: 'default',
      tleRecheckMargin: null,
    });
  });
  it('sends the switch and margin as set; switched off sends no margin', () => {
    const on = toBody({ ...valid(), tleRecheck: 'on', tleRecheckMargin: 8 }, [], 1, null).problem;
    expect(on).toMatchObject({ tleRecheck: 'on', tleRecheckMargin: 8 });
    const off = toBody({ ...valid(), tleRecheck: 'off', tleRecheckMargin: 8 }, [], 1, null).problem;
    expect(off).toMatchObject({ tleRecheck: 'off', tleRecheckMargin: null });
  });
});
