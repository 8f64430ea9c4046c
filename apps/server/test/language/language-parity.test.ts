import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LIMITS } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { SEED_LANGUAGES } from '../../src/modules/language/language.seed.js';

/**
 * Parity (issue 26 item 2): the seeded language table (language.seed.ts; what /api/languages, the help page and the
 * submit box show) and the judgehost's registry (apps/judgehost/src/languages/) name the same languages in the same
 * order, and each seeded compile command is the judgehost's real compile argv, written as HOJ shows it: the source
 * file as `{src_path}`, the produced program as `{exe_path}`. Fails when one side changes alone.
 */
interface JudgeLanguage {
  name: string;
  sourceFile: string;
  factor: number;
  compileArgv?: readonly string[];
}

const REGISTRY = join(
  fileURLToPath(new URL('../../../', import.meta.url)),
  'judgehost/src/languages/index.ts',
);

/** The judgehost's languages, loaded by path: the apps do not import each other (own TypeScript projects). */
async function judgeLanguages(): Promise<readonly JudgeLanguage[]> {
  const mod = (await import(pathToFileURL(REGISTRY).href)) as { allLanguages(): readonly JudgeLanguage[] };
  return mod.allLanguages();
}

/** A compile argv as the seeded table shows it (see the file comment). */
export function shownCommand(l: Pick<JudgeLanguage, 'sourceFile' | 'compileArgv'>): string {
  const argv = l.compileArgv ?? [];
  return argv
    .map((a, i) => {
      if (a === l.sourceFile) return '{src_path}';
      if (argv[i - 1] === '-o') return '{exe_path}';
      return a.replace(/^-out:.*$/, '-out:{exe_path}');
    })
    .join(' ');
}

describe('seeded languages and the judgehost registry', () => {
  it('renders an argv with the placeholders', () => {
    expect(
      shownCommand({
        sourceFile: 'main.c',
        compileArgv: ['/usr/bin/gcc', '-fmax-errors=5', 'main.c', '-o', 'main'],
      }),
    ).toBe('/usr/bin/gcc -fmax-errors=5 {src_path} -o {exe_path}');
    expect(
      shownCommand({ sourceFile: 'main.cs', compileArgv: ['/usr/bin/mcs', '-out:main.exe', 'main.cs'] }),
    ).toBe('/usr/bin/mcs -out:{exe_path} {src_path}');
  });

  it('name the same languages in the same order', async () => {
    const judge = await judgeLanguages();
    expect(SEED_LANGUAGES.map((l) => l.name)).toEqual(judge.map((l) => l.name));
  });

  it('show the compile command the judgehost runs, flags included', async () => {
    const judge = new Map((await judgeLanguages()).map((l) => [l.name, l]));
    const differ = SEED_LANGUAGES.flatMap((l) => {
      const j = judge.get(l.name);
      const real = j ? shownCommand(j) : '(not in the judgehost)';
      return real === l.compileCommand ? [] : [`${l.name}: seeded "${l.compileCommand}", judged "${real}"`];
    });
    expect(differ).toEqual([]);
  });

  it('give C and C++ the factor 1 and every other language the shared factor', async () => {
    for (const l of await judgeLanguages()) {
      const cLike = /^C(\+\+)?( |$)/.test(l.name);
      expect(l.factor, l.name).toBe(cLike ? 1 : LIMITS.otherLanguageFactor);
    }
  });
});
