import { describe, expect, it } from 'vitest';
import { emptyForm } from './form-model.js';
import { spjCompileIssue, spjSignature } from './spj-compile.js';

const spj = {
  ...emptyForm(),
  judgeMode: 'spj' as const,
  spjLanguage: 'C++',
  spjCode: 'int main(){}',
  judgeExtraFiles: [{ name: 'testlib.h', content: '//' }],
};
const ISSUE = { key: 'Spj_Or_Interactive_Code_not_Compile_Success', field: 'spjCode' };

describe('special-judge compile rule on save (doc 3 §4)', () => {
  it('a default-mode problem needs no compile', () => {
    expect(spjCompileIssue({ ...spj, judgeMode: 'default' }, null, null)).toBeNull();
  });

  it('a new special-judge problem must be compiled as it is now', () => {
    expect(spjCompileIssue(spj, null, null)).toEqual(ISSUE);
    expect(spjCompileIssue(spj, null, spjSignature(spj))).toBeNull();
  });

  it('changing the code, language or judge extra files after the compile asks for a new compile', () => {
    const compiled = spjSignature(spj);
    expect(spjCompileIssue({ ...spj, spjCode: 'int main(){return 0;}' }, null, compiled)).toEqual(ISSUE);
    expect(spjCompileIssue({ ...spj, spjLanguage: 'C' }, null, compiled)).toEqual(ISSUE);
    expect(spjCompileIssue({ ...spj, judgeExtraFiles: [] }, null, compiled)).toEqual(ISSUE);
    expect(spjCompileIssue({ ...spj, judgeMode: 'interactive' }, null, compiled)).toEqual(ISSUE);
  });

  it('an edited problem keeping its stored mode and code needs no compile; a changed code does', () => {
    const original = { judgeMode: 'spj', spjCode: spj.spjCode };
    expect(spjCompileIssue(spj, original, null)).toBeNull();
    expect(spjCompileIssue({ ...spj, spjCode: 'x' }, original, null)).toEqual(ISSUE);
    expect(spjCompileIssue(spj, { judgeMode: 'default', spjCode: '' }, null)).toEqual(ISSUE);
  });
});
