import { JudgeStatus } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { allJudgementTypes, entryPointOf, judgementTypeOf } from '../../src/modules/clics/clics.mapping.js';
import { expectOfficial, officialErrors } from './clics-schema.js';

// The mapping tables against the official CLICS schemas (icpc/ccs-specs 2026-01 json-schema, ./data/json-schema; data/ is outside biome): every
// judgement type id is one of the spec's known ids, and submissions carry the entry point the schema asks for.

describe('CLICS mapping against the official schemas', () => {
  it('maps every final verdict, partial and cancelled included, onto a known judgement type', () => {
    expectOfficial('judgement-types', allJudgementTypes());
    expect(judgementTypeOf(JudgeStatus.PARTIAL_ACCEPTED)).toMatchObject({
      id: 'RE',
      penalty: false,
      solved: false,
    });
    expect(judgementTypeOf(JudgeStatus.CANCELLED)).toMatchObject({ id: 'CS', penalty: false, solved: false });
    expect(judgementTypeOf(JudgeStatus.COMPILE_ERROR)).toMatchObject({ id: 'CE', penalty: false });
    expect(judgementTypeOf(JudgeStatus.JUDGING)).toBeNull();
  });

  it('gives C and C++ submissions entry_point null and Java its class', () => {
    const sub = (language_id: string, entry_point: string | null) => ({
      id: '1',
      language_id,
      problem_id: '1',
      team_id: 't',
      time: '2026-11-27T10:00:00.000Z',
      contest_time: '0:10:00.000',
      entry_point,
      files: [],
    });
    expect(entryPointOf('C++')).toBeNull();
    expect(entryPointOf('C')).toBeNull();
    expect(entryPointOf('Java')).toBe('Main');
    expectOfficial('submission', sub('cpp', entryPointOf('C++')));
    expectOfficial('submission', sub('java', entryPointOf('Java')));
    // What the API sent before: no entry_point at all on a C++ submission, which the schema refuses.
    const { entry_point: _, ...without } = sub('cpp', null);
    expect(officialErrors('submission', without)).not.toBe('');
  });
});
