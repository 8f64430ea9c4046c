import { ProblemAuth } from '@oj/shared';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import type { NewProblem, NewTestcase } from '../../problem/problem.store.js';
import {
  allLanguageNames,
  checkLimits,
  type Files,
  type ImportResult,
  importPackages,
  refuse,
  text,
} from '../testcase/import-common.js';
import type { ZipFileEntry } from '../testcase/safe-zip.js';
import { naturalCompare, spreadScores } from '../testcase/testcase.service.js';

const rich = z
  .union([z.object({ format: z.string().optional(), value: z.string().default('') }), z.string()])
  .nullish();
const qduojProblem = z.object({
  display_id: z.union([z.string(), z.number()]).transform(String),
  title: z.string().min(1),
  description: rich,
  input_description: rich,
  output_description: rich,
  hint: rich,
  time_limit: z.coerce.number().int(),
  memory_limit: z.coerce.number().int(),
  rule_type: z.enum(['ACM', 'OI']).default('ACM'),
  samples: z.array(z.object({ input: z.string().default(''), output: z.string().default('') })).default([]),
  test_case_score: z
    .array(
      z.object({
        input_name: z.string(),
        output_name: z.string().nullish(),
        score: z.coerce.number().int().min(0).default(0),
      }),
    )
    .nullish(),
  tags: z.array(z.string()).default([]),
  spj: z.object({ code: z.string(), language: z.string() }).nullish(),
  template: z
    .record(
      z.string(),
      z.union([
        z.string(),
        z.object({
          prepend: z.string().default(''),
          template: z.string().default(''),
          append: z.string().default(''),
        }),
      ]),
    )
    .nullish(),
  source: z.string().nullish(),
  answers: z.array(z.object({ language: z.string(), code: z.string() })).nullish(),
});

const richText = (v: z.infer<typeof rich>): string => (v == null ? '' : typeof v === 'string' ? v : v.value);

/** QDUOJ language names to ours (QDUOJ calls Python 3 "Python3" too; Golang is "Go" elsewhere). */
const LANG: Record<string, string> = {
  C: 'C',
  'C++': 'C++',
  Java: 'Java',
  Python2: 'Python2',
  Python3: 'Python3',
  Golang: 'Golang',
  JavaScript: 'JavaScript Node',
};

/** Builds the NewProblem of one QDUOJ folder (a `*.json` plus `testcase/`); refuses malformed ones with a reason. */
async function buildQduoj(ctx: AppContext, files: Files, jsonName: string): Promise<NewProblem> {
  let raw: unknown;
  try {
    raw = JSON.parse(text(files, jsonName) ?? '');
  } catch (e) {
    refuse(`${jsonName} is not valid JSON (${(e as Error).message})`);
  }
  const parsed = qduojProblem.safeParse(raw);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    refuse(`${jsonName}: ${i.path.join('.') || 'root'}: ${i.message}`);
  }
  const q = parsed.data;
  checkLimits(q.time_limit, q.memory_limit);
  const spj = q.spj ?? null;
  const oi = q.rule_type === 'OI';
  const tc = (name: string) => files.get(`testcase/${name}`);
  let list = q.test_case_score ?? null;
  if (!list?.length) {
    const inputs = [...files.keys()]
      .filter((n) => /^testcase\/[^/]+\.in$/.test(n))
      .map((n) => n.slice(9))
      .sort(naturalCompare);
    list = inputs.map((input) => ({
      input_name: input,
      output_name: spj ? null : input.replace(/\.in$/, '.out'),
      score: 0,
    }));
  }
  if (!list.length) refuse('the testcase folder holds no test cases');
  const scores =
    oi && list.every((c) => c.score === 0) ? spreadScores(list.length) : list.map((c) => c.score);
  const testcases: NewTestcase[] = list.map((c, i) => {
    const input = tc(c.input_name);
    if (!input) refuse(`testcase/${c.input_name} is missing`);
    let output: Buffer = Buffer.alloc(0);
    if (!spj) {
      const name = c.output_name || c.input_name.replace(/\.in$/, '.out');
      const o = tc(name);
      if (!o) refuse(`testcase/${name} is missing`);
      output = o;
    }
    return {
      input,
      output,
      inputName: c.input_name,
      outputName: spj ? `${i + 1}.out` : (c.output_name ?? `${i + 1}.out`),
      score: scores[i],
      groupNum: 1,
    };
  });
  const spjLanguage = spj
    ? (LANG[spj.language] ?? refuse(`special judge language ${spj.language} is not supported`))
    : null;
  const all = await allLanguageNames(ctx);
  const templates = Object.entries(q.template ?? {})
    .filter(([lang]) => LANG[lang] && all.includes(LANG[lang]))
    .map(([lang, t]) => ({
      language: LANG[lang],
      code: typeof t === 'string' ? t : [t.prepend, t.template, t.append].filter(Boolean).join('\n'),
    }));
  return {
    problem: {
      problemId: q.display_id.trim(),
      title: q.title,
      description: richText(q.description),
      input: richText(q.input_description),
      output: richText(q.output_description),
      hint: richText(q.hint),
      source: q.source ?? '',
      examples: q.samples.slice(0, 2),
      type: oi ? 1 : 0,
      timeLimit: q.time_limit,
      memoryLimit: q.memory_limit,
      ioScore: oi ? scores.reduce((a, b) => a + b, 0) : 100,
      judgeMode: spj ? 'spj' : 'default',
      spjCode: spj?.code ?? null,
      spjLanguage,
      spjProtocol: 'testlib',
      isUploadCase: true,
      auth: ProblemAuth.PUBLIC,
    },
    testcases,
    languages: all,
    tags: q.tags,
    codeTemplates: templates,
    solutions: (q.answers ?? [])
      .filter((a) => LANG[a.language] && a.code.trim())
      .map((a) => ({ language: LANG[a.language], code: a.code })),
  };
}

/**
 * POST /api/file/import-qdoj-problem: imports every problem folder of a QDUOJ export zip (a `*.json` and a
 * `testcase/` folder each), one transaction per problem. Returns one ImportResult per folder.
 */
export async function importQduoj(ctx: AppContext, entries: ZipFileEntry[]): Promise<ImportResult[]> {
  return importPackages(
    ctx,
    entries,
    (n) => n.toLowerCase().endsWith('.json'),
    'QDUOJ problem folder (a *.json with a testcase/ folder)',
    (files) => {
      const json = [...files.keys()].find(
        (n) => !n.includes('/') && n.toLowerCase().endsWith('.json'),
      ) as string;
      return buildQduoj(ctx, files, json);
    },
  );
}
