import { TLE_RECHECK_MARGIN, TLE_RECHECK_MODES } from '@oj/shared';
import { z } from 'zod';

/**
 * Body schemas of the admin problem routes (doc 3 §3 admin problem fields, HOJ's ProblemDTO). Types only are
 * checked here; the rules of doc 3 §5 are in `problem.validate.ts` so that each gives a message naming its field.
 */
const intLike = z.coerce.number().int();
const textOrNull = z.string().nullish();
/** A file-name -> content map, also accepted as JSON text (the admin form sends it so). */
export const fileMap = z
  .union([z.record(z.string(), z.string()), z.string()])
  .nullish()
  .transform((v, ctx) => {
    if (v == null || v === '') return null;
    if (typeof v !== 'string') return v;
    try {
      const parsed = JSON.parse(v) as unknown;
      const r = z.record(z.string(), z.string()).safeParse(parsed);
      if (r.success) return r.data;
      // The HOJ form sends [{name, content}] lists too.
      const list = z.array(z.object({ name: z.string(), content: z.string() })).safeParse(parsed);
      if (list.success) return Object.fromEntries(list.data.map((f) => [f.name, f.content]));
    } catch {
      /* fall through */
    }
    ctx.addIssue({ code: 'custom', message: 'must be a JSON map of file name to content' });
    return z.NEVER;
  });

export const problemFields = z.object({
  /** The numeric id (pid); required by PUT. */
  id: intLike.optional(),
  problemId: z.string().optional(),
  title: z.string().optional(),
  author: z.string().max(100).optional(),
  type: intLike.optional(),
  timeLimit: intLike.optional(),
  memoryLimit: intLike.optional(),
  stackLimit: intLike.optional(),
  description: z.string().optional(),
  input: z.string().optional(),
  output: z.string().optional(),
  examples: z.array(z.object({ input: z.string().default(''), output: z.string().default('') })).optional(),
  hint: z.string().optional(),
  source: z.string().optional(),
  difficulty: intLike.optional(),
  auth: intLike.optional(),
  ioScore: intLike.optional(),
  codeShare: z.boolean().optional(),
  judgeMode: z.string().optional(),
  judgeCaseMode: z.string().optional(),
  spjCode: textOrNull,
  spjLanguage: textOrNull,
  spjProtocol: z.string().optional(),
  userExtraFile: fileMap,
  judgeExtraFile: fileMap,
  isRemoveEndBlank: z.boolean().optional(),
  /** Borderline TLE re-check (docs/judging.md): `default` (the site's setting), `on`, `off`. */
  tleRecheck: z.enum(TLE_RECHECK_MODES).optional(),
  /** Its margin, whole percent of the time limit; null = the site's margin. */
  tleRecheckMargin: intLike.min(TLE_RECHECK_MARGIN.min).max(TLE_RECHECK_MARGIN.max).nullish(),
  openCaseResult: z.boolean().optional(),
  isUploadCase: z.boolean().optional(),
  isFileIO: z.boolean().optional(),
  ioReadFileName: textOrNull,
  ioWriteFileName: textOrNull,
  isRemote: z.boolean().optional(),
  remoteOj: textOrNull,
  gid: intLike.nullish(),
});

export const caseInput = z.object({
  input: z.string().default(''),
  output: z.string().default(''),
  score: z.union([z.number(), z.string()]).nullish(),
  groupNum: z.union([z.number(), z.string()]).nullish(),
});

export const tagInput = z.union([
  z.object({ id: intLike.optional(), name: z.string().optional(), color: z.string().optional() }),
  z.string(),
]);

export const languageInput = z.union([
  z.string(),
  z.object({ id: intLike.optional(), name: z.string().optional() }),
]);

export const codeTemplateInput = z.object({
  lid: intLike.optional(),
  language: z.string().optional(),
  code: z.string().default(''),
  status: z.boolean().default(true),
});

/** POST / PUT /api/admin/problem body. */
export const problemBody = z.object({
  problem: problemFields,
  samples: z.array(caseInput).optional(),
  isUploadTestCase: z.boolean().optional(),
  uploadTestcaseDir: z.string().nullish(),
  codeTemplates: z.array(codeTemplateInput).optional(),
  tags: z.array(tagInput).optional(),
  languages: z.array(languageInput).optional(),
  judgeMode: z.string().optional(),
  changeModeCode: z.boolean().optional(),
  changeJudgeCaseMode: z.boolean().optional(),
});
export type ProblemBody = z.infer<typeof problemBody>;
