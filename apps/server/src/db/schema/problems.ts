import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Content-addressed blobs (test data, checker sources). Keyed by sha256 hex; judgehosts fetch them by hash and
 * cache them on disk. Kept in the database so that several server instances share them in the scaled mode.
 */
export const blobs = pgTable('blobs', {
  hash: text('hash').primaryKey(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
});

/** Problems (doc 2 §3, doc 3 §3 "Group problem" and admin problem fields). Limits: ms, MB, MB. */
export const problems = pgTable(
  'problems',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    problemId: text('problem_id').notNull(),
    title: text('title').notNull(),
    author: text('author').notNull().default(''),
    type: integer('type').notNull().default(0),
    timeLimit: integer('time_limit').notNull().default(1000),
    memoryLimit: integer('memory_limit').notNull().default(256),
    stackLimit: integer('stack_limit').notNull().default(128),
    description: text('description').notNull().default(''),
    input: text('input').notNull().default(''),
    output: text('output').notNull().default(''),
    /** [{ input, output }] */
    examples: jsonb('examples').$type<{ input: string; output: string }[]>().notNull().default([]),
    hint: text('hint').notNull().default(''),
    source: text('source').notNull().default(''),
    difficulty: integer('difficulty').notNull().default(0),
    /** 1 public, 2 private, 3 contest */
    auth: integer('auth').notNull().default(1),
    ioScore: integer('io_score').notNull().default(100),
    codeShare: boolean('code_share').notNull().default(true),
    judgeMode: text('judge_mode').notNull().default('default'),
    judgeCaseMode: text('judge_case_mode').notNull().default('default'),
    spjCode: text('spj_code'),
    spjLanguage: text('spj_language'),
    /** Checker protocol for special judges: testlib (HOJ), hustoj (FPS), kattis. */
    spjProtocol: text('spj_protocol').notNull().default('testlib'),
    userExtraFile: jsonb('user_extra_file').$type<Record<string, string>>(),
    judgeExtraFile: jsonb('judge_extra_file').$type<Record<string, string>>(),
    isRemoveEndBlank: boolean('is_remove_end_blank').notNull().default(true),
    /**
     * Borderline TLE re-check (issue 29 part 3, docs/judging.md): `default` follows the site's switch config, `on`,
     * `off`; the margin in whole percent of the time limit, null = the site's margin.
     */
    tleRecheck: text('tle_recheck').notNull().default('default'),
    tleRecheckMargin: integer('tle_recheck_margin'),
    openCaseResult: boolean('open_case_result').notNull().default(false),
    isUploadCase: boolean('is_upload_case').notNull().default(true),
    isFileIO: boolean('is_file_io').notNull().default(false),
    ioReadFileName: text('io_read_file_name'),
    ioWriteFileName: text('io_write_file_name'),
    isRemote: boolean('is_remote').notNull().default(false),
    remoteOj: text('remote_oj'),
    /** Remote problems (issue 27): the problem's id on its site (`1000`, `1A`, `abc001_a`) and its page there. */
    remoteProblemId: text('remote_problem_id'),
    remoteUrl: text('remote_url'),
    gid: bigint('gid', { mode: 'number' }),
    applyPublicProgress: integer('apply_public_progress'),
    /** Changes whenever test data, checker or limits change: the judgehost cache key. */
    caseVersion: text('case_version').notNull().default('0'),
    isGroup: boolean('is_group').notNull().default(false),
    modifiedUser: text('modified_user'),
    countTotal: integer('count_total').notNull().default(0),
    countAc: integer('count_ac').notNull().default(0),
    countWa: integer('count_wa').notNull().default(0),
    countCe: integer('count_ce').notNull().default(0),
    countPa: integer('count_pa').notNull().default(0),
    countTle: integer('count_tle').notNull().default(0),
    countMle: integer('count_mle').notNull().default(0),
    countRe: integer('count_re').notNull().default(0),
    countPe: integer('count_pe').notNull().default(0),
    countSe: integer('count_se').notNull().default(0),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('problems_problem_id_uq').on(sql`upper(${t.problemId})`),
    index('problems_list_idx').on(t.auth, t.isGroup, t.id),
    index('problems_gid_idx').on(t.gid),
    index('problems_difficulty_idx').on(t.difficulty),
  ],
);

/** Test cases of a problem: data by blob hash. `score` for OI, `groupNum` for subtask modes. */
export const testcases = pgTable(
  'testcases',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    pid: bigint('pid', { mode: 'number' })
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    inputName: text('input_name').notNull(),
    outputName: text('output_name').notNull(),
    inputHash: text('input_hash').notNull(),
    outputHash: text('output_hash').notNull(),
    inputSize: integer('input_size').notNull(),
    outputSize: integer('output_size').notNull(),
    score: integer('score').notNull().default(0),
    groupNum: integer('group_num').notNull().default(1),
  },
  (t) => [uniqueIndex('testcases_pid_index_uq').on(t.pid, t.index)],
);

export const tagClassifications = pgTable('tag_classifications', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  oj: text('oj').notNull().default('ME'),
  rank: integer('rank').notNull().default(0),
  gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
});

export const tags = pgTable(
  'tags',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    color: text('color').notNull().default('#409eff'),
    oj: text('oj').notNull().default('ME'),
    gid: bigint('gid', { mode: 'number' }),
    classificationId: bigint('classification_id', { mode: 'number' }).references(
      () => tagClassifications.id,
      {
        onDelete: 'set null',
      },
    ),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_name_uq').on(t.oj, t.name, sql`coalesce(${t.gid}, 0)`)],
);

export const problemTags = pgTable(
  'problem_tags',
  {
    pid: bigint('pid', { mode: 'number' })
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    tid: bigint('tid', { mode: 'number' })
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.pid, t.tid] }), index('problem_tags_tid_idx').on(t.tid)],
);

/**
 * Languages shown to users (doc 2 §2.14, §3): name as in HOJ (`C++`, `Python3`…). The judgehost's registry holds
 * how to compile and run them; `available` reflects what judgehosts report.
 */
export const languages = pgTable(
  'languages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    compileCommand: text('compile_command').notNull().default(''),
    template: text('template').notNull().default(''),
    codeTemplate: text('code_template').notNull().default(''),
    contentType: text('content_type').notNull().default('text/plain'),
    oj: text('oj').notNull().default('ME'),
    isSpj: boolean('is_spj').notNull().default(false),
    seq: integer('seq').notNull().default(0),
    available: boolean('available').notNull().default(true),
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('languages_name_uq').on(t.oj, t.name)],
);

export const problemLanguages = pgTable(
  'problem_languages',
  {
    pid: bigint('pid', { mode: 'number' })
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    lid: bigint('lid', { mode: 'number' })
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.pid, t.lid] })],
);

export const codeTemplates = pgTable(
  'code_templates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    pid: bigint('pid', { mode: 'number' })
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    lid: bigint('lid', { mode: 'number' })
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    status: boolean('status').notNull().default(true),
  },
  (t) => [uniqueIndex('code_templates_pid_lid_uq').on(t.pid, t.lid)],
);

/**
 * Reference solutions of a problem (imported from FPS `solution` elements and other formats): kept for admins and
 * judged in tests. `language` is the judge's language name when known, else the name the package used.
 */
export const problemSolutions = pgTable(
  'problem_solutions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    pid: bigint('pid', { mode: 'number' })
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    code: text('code').notNull(),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('problem_solutions_pid_idx').on(t.pid)],
);
