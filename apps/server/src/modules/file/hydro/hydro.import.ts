import { ProblemAuth } from '@oj/shared';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import type { NewProblem, NewTestcase } from '../../problem/problem.store.js';
import { isSafeFileName } from '../../problem/problem.validate.js';
import {
  allLanguageNames,
  checkLimits,
  type Files,
  type ImportResult,
  idFromFolder,
  importPackages,
  languageOfSource,
  parseMemoryMb,
  parseTimeMs,
  refuse,
  text,
} from '../testcase/import-common.js';
import type { ZipFileEntry } from '../testcase/safe-zip.js';
import { naturalCompare, spreadScores } from '../testcase/testcase.service.js';
import { parseHydroStatement } from './hydro.statement.js';

const caseRef = z.object({
  input: z.coerce.string(),
  output: z.coerce.string().optional(),
  score: z.coerce.number().optional(),
});
const hydroConfig = z.object({
  type: z.string().default('default'),
  checker_type: z.string().default('default'),
  checker: z.string().optional(),
  interactor: z.string().optional(),
  time: z.union([z.string(), z.number()]).optional(),
  memory: z.union([z.string(), z.number()]).optional(),
  filename: z.string().optional(),
  cases: z.array(caseRef).optional(),
  subtasks: z
    .array(
      z.object({
        score: z.coerce.number().int().min(0),
        type: z.string().optional(),
        cases: z.array(caseRef).default([]),
      }),
    )
    .optional(),
});
const problemYaml = z.object({
  pid: z.union([z.string(), z.number()]).transform(String).optional(),
  title: z.coerce.string().min(1, 'title is required'),
  tag: z.array(z.coerce.string()).nullish(),
});

function yamlOf<T>(files: Files, name: string, schema: z.ZodType<T>): T | null {
  const src = text(files, name);
  if (src == null) return null;
  let raw: unknown;
  try {
    raw = parseYaml(src) ?? {};
  } catch (e) {
    refuse(`${name} is not valid YAML (${(e as Error).message.split('\n')[0]})`);
  }
  const r = schema.safeParse(raw);
  if (!r.success)
    refuse(`${name}: ${r.error.issues[0].path.join('.') || 'root'}: ${r.error.issues[0].message}`);
  return r.data;
}

/** Case list from the config, or auto-detected `X.in` + `X.out`/`X.ans` pairs of testdata/. */
type Ref = { input: string; output?: string; score?: number; group: number };

function caseRefs(
  files: Files,
  cfg: z.infer<typeof hydroConfig>,
): { refs: Ref[]; subtaskType: 'min' | 'sum' | null } {
  if (cfg.subtasks?.length) {
    const refs: Ref[] = [];
    cfg.subtasks.forEach((s, gi) => {
      if (!s.cases.length) refuse(`testdata/config.yaml: subtask ${gi + 1} lists no cases`);
      const type = s.type ?? 'min';
      if (type !== 'min' && type !== 'sum')
        refuse(`testdata/config.yaml: subtask type ${type} is not supported (min or sum)`);
      const spread = type === 'sum' ? spreadScores(s.cases.length, s.score) : s.cases.map(() => s.score);
      for (const [i, c] of s.cases.entries())
        refs.push({ input: c.input, output: c.output, score: spread[i], group: gi + 1 });
    });
    return { refs, subtaskType: cfg.subtasks.every((s) => (s.type ?? 'min') === 'sum') ? 'sum' : 'min' };
  }
  if (cfg.cases?.length) return { refs: cfg.cases.map((c) => ({ ...c, group: 1 })), subtaskType: null };
  const inputs = [...files.keys()].filter((n) => /^testdata\/[^/]+\.in$/i.test(n)).sort(naturalCompare);
  const refs = inputs.map((n) => {
    const stem = n.slice(9, -3);
    const out = [`${stem}.out`, `${stem}.ans`].find((o) => files.has(`testdata/${o}`));
    return { input: n.slice(9), output: out, group: 1 };
  });
  return { refs, subtaskType: null };
}

/** Builds the NewProblem of one Hydro folder; refuses unsupported or incomplete packages with a reason. */
async function buildHydro(ctx: AppContext, files: Files, folder: string): Promise<NewProblem> {
  const meta = yamlOf(files, 'problem.yaml', problemYaml) ?? refuse('problem.yaml is missing');
  const cfg = yamlOf(files, 'testdata/config.yaml', hydroConfig) ?? hydroConfig.parse({});
  if (cfg.type !== 'default' && cfg.type !== 'interactive')
    refuse(`testdata/config.yaml: problem type ${cfg.type} is not supported (default or interactive)`);
  const timeLimit =
    cfg.time == null
      ? 1000
      : (parseTimeMs(cfg.time) ?? refuse(`testdata/config.yaml: time "${cfg.time}" is not a duration`));
  const memoryLimit =
    cfg.memory == null
      ? 256
      : (parseMemoryMb(cfg.memory) ?? refuse(`testdata/config.yaml: memory "${cfg.memory}" is not a size`));
  checkLimits(timeLimit, memoryLimit);
  const mdName =
    ['problem.md', 'problem_en.md', 'problem_zh.md'].find((n) => files.has(n)) ??
    [...files.keys()].filter((n) => /^problem_[\w-]+\.md$/.test(n)).sort()[0];
  const st = parseHydroStatement(mdName ? (text(files, mdName) ?? '') : '');

  let judgeMode: 'default' | 'spj' | 'interactive' = 'default';
  let spjCode: string | null = null;
  let spjLanguage: string | null = null;
  let spjProtocol = 'testlib';
  const source = (name: string | undefined, what: string) => {
    if (!name) refuse(`testdata/config.yaml: ${what} file is not named`);
    const code = text(files, `testdata/${name}`);
    if (code == null) refuse(`testdata/${name} (${what}) is missing`);
    return { code, language: languageOfSource(name) };
  };
  if (cfg.type === 'interactive') {
    const s = source(cfg.interactor, 'interactor');
    judgeMode = 'interactive';
    spjCode = s.code;
    spjLanguage = s.language;
  } else if (!['default', 'strict'].includes(cfg.checker_type)) {
    if (cfg.checker_type !== 'testlib' && cfg.checker_type !== 'hustoj')
      refuse(
        `testdata/config.yaml: checker_type ${cfg.checker_type} is not supported (default, strict, testlib, hustoj)`,
      );
    const s = source(cfg.checker, 'checker');
    judgeMode = 'spj';
    spjCode = s.code;
    spjLanguage = s.language;
    spjProtocol = cfg.checker_type;
  }

  const { refs, subtaskType } = caseRefs(files, cfg);
  if (!refs.length) refuse('no test data: testdata/ holds no *.in files and config.yaml lists no cases');
  const spread = spreadScores(refs.length);
  const testcases: NewTestcase[] = refs.map((r, i) => {
    const input = files.get(`testdata/${r.input}`) ?? refuse(`testdata/${r.input} is missing`);
    let output: Buffer = Buffer.alloc(0);
    if (r.output) output = files.get(`testdata/${r.output}`) ?? refuse(`testdata/${r.output} is missing`);
    else if (judgeMode === 'default') refuse(`testdata/${r.input} has no answer file`);
    return {
      input,
      output,
      inputName: r.input,
      outputName: r.output ?? `${i + 1}.out`,
      score: r.score ?? spread[i],
      groupNum: r.group,
    };
  });
  const userExtraFile: Record<string, string> = {};
  for (const [name, data] of files) {
    if (!name.startsWith('additional_file/')) continue;
    const base = name.slice('additional_file/'.length);
    if (isSafeFileName(base) && !data.includes(0)) userExtraFile[base] = data.toString('utf8');
  }
  const filename = cfg.filename?.trim();
  if (filename && !isSafeFileName(`${filename}.out`))
    refuse(`testdata/config.yaml: filename ${filename} is not a plain name`);
  const oi = subtaskType !== null;
  return {
    problem: {
      problemId: meta.pid?.trim() || idFromFolder(folder),
      title: meta.title.trim(),
      description: st.description,
      input: st.input,
      output: st.output,
      hint: st.hint,
      examples: st.examples.slice(0, 2),
      type: oi ? 1 : 0,
      timeLimit,
      memoryLimit,
      ioScore: oi ? (cfg.subtasks ?? []).reduce((a, s) => a + s.score, 0) : 100,
      judgeMode,
      judgeCaseMode: subtaskType === 'min' ? 'subtask_lowest' : 'default',
      spjCode,
      spjLanguage,
      spjProtocol,
      isFileIO: !!filename,
      ioReadFileName: filename ? `${filename}.in` : null,
      ioWriteFileName: filename ? `${filename}.out` : null,
      userExtraFile: Object.keys(userExtraFile).length ? userExtraFile : null,
      isUploadCase: true,
      auth: ProblemAuth.PUBLIC,
    },
    testcases,
    languages: await allLanguageNames(ctx),
    tags: meta.tag ?? [],
  };
}

/**
 * POST /api/file/import-hydro-problem: imports every problem folder (one holding `problem.yaml`) of a Hydro zip,
 * one transaction per problem. Returns one ImportResult per folder; 400 when no folder holds a problem.yaml.
 */
export async function importHydro(ctx: AppContext, entries: ZipFileEntry[]): Promise<ImportResult[]> {
  return importPackages(
    ctx,
    entries,
    (n) => n === 'problem.yaml',
    'Hydro problem (problem.yaml)',
    (files, folder) => buildHydro(ctx, files, folder),
    hydroTitle,
  );
}

/** The `title` of a folder's problem.yaml when it reads as YAML, else null (a refusal then names the folder). */
function hydroTitle(files: Files): string | null {
  const src = text(files, 'problem.yaml');
  if (src == null) return null;
  const raw = parseYaml(src) as { title?: unknown } | null;
  return raw && typeof raw.title !== 'object' && raw.title != null ? String(raw.title) : null;
}
