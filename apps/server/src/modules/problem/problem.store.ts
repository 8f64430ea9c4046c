import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  blobs,
  codeTemplates,
  languages,
  problemLanguages,
  problemSolutions,
  problems,
  problemTags,
  tags,
  testcases,
} from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { rowsOf } from '../../lib/sql-rows.js';
import { checkCaseName } from '../file/testcase/case-name.js';

/** Rows per INSERT of a list (test cases, solutions): well under PostgreSQL's 65,535 bound parameters. */
const INSERT_CHUNK_ROWS = 1000;

/** A transaction handle (what `db.transaction` passes to its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One test case to store: data as bytes or text; names default to `<index>.in` / `<index>.out`. */
export interface NewTestcase {
  input: Buffer | string;
  output: Buffer | string;
  inputName?: string;
  outputName?: string;
  /** OI score of the case (default 0: the caller spreads ioScore if it wants). */
  score?: number;
  /** Subtask group (default 1). */
  groupNum?: number;
}

/** Everything a new problem is made of; every importer and the admin editor build one of these. */
export interface NewProblem {
  /** Problem row fields; `problemId` absent means the next free `<prefix><n>` (n from 1000). */
  problem: Omit<typeof problems.$inferInsert, 'id' | 'problemId' | 'caseVersion'> & { problemId?: string };
  testcases: NewTestcase[];
  /** Language names (judge names, e.g. `C++`); empty means "every available language". */
  languages?: string[];
  /** Tag names (oj ME); created when missing. */
  tags?: string[];
  /** Per-language code templates. */
  codeTemplates?: { language: string; code: string }[];
  /** Reference solutions (stored as given). */
  solutions?: { language: string; code: string }[];
  /** Prefix of generated problem ids (default `P`). */
  problemIdPrefix?: string;
}

export interface CreatedProblem {
  id: number;
  problemId: string;
  /** Language names of templates / languages that matched no known language and were left out. */
  unknownLanguages: string[];
}

/** sha256 hex of bytes: the blob key. */
export function sha256Hex(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Stores bytes as a content-addressed blob (no-op when present) and returns its hash. */
export async function putBlob(tx: Tx | Db, data: Buffer): Promise<string> {
  const hash = sha256Hex(data);
  await tx.insert(blobs).values({ hash, size: data.length, data }).onConflictDoNothing();
  return hash;
}

/**
 * The next free problem id `<prefix><n>` with n >= 1000 (e.g. P1000, P1001…). Call inside the creating
 * transaction after taking the id lock so that concurrent imports never pick the same id.
 */
export async function nextFreeProblemId(tx: Tx, prefix = 'P'): Promise<string> {
  const pattern = `^${prefix.replace(/[^A-Za-z0-9_-]/g, '')}[0-9]+$`;
  const res = await tx.execute(
    sql`SELECT max(substring(problem_id from ${prefix.length + 1}::int)::bigint) AS n FROM problems
        WHERE upper(problem_id) ~ upper(${pattern})`,
  );
  const max = Number(rowsOf<{ n: number | null }>(res)[0]?.n ?? 0);
  return `${prefix}${Math.max(1000, max + 1)}`;
}

/**
 * Creates a problem with its test cases (blobs), languages, tags, code templates and solutions in ONE transaction:
 * either all of it lands or nothing. Returns the new id and problemId. Throws AppError 400 when the problemId is
 * taken or a field is invalid (duplicate case names, empty title).
 */
export async function createProblem(db: Db, input: NewProblem): Promise<CreatedProblem> {
  if (!input.problem.title.trim()) throw badRequest('validation.required', { field: 'title' });
  return db.transaction(async (tx) => {
    // One lock for id allocation: cheap, and only held for this transaction.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7301001)`);
    let problemId = input.problem.problemId?.trim();
    if (problemId) {
      const clash = await tx
        .select({ id: problems.id })
        .from(problems)
        .where(sql`upper(${problems.problemId}) = upper(${problemId})`);
      if (clash.length) throw badRequest('problem.idExists', { field: 'problemId', problemId });
    } else {
      problemId = await nextFreeProblemId(tx, input.problemIdPrefix ?? 'P');
    }

    // Every import path (FPS, Hydro, QDUOJ, Kattis/Polygon, native) stores its case names here: plain names only.
    input.testcases.forEach((tc, i) => {
      if (tc.inputName !== undefined) checkCaseName(tc.inputName, `testcases[${i}].inputName`);
      if (tc.outputName !== undefined) checkCaseName(tc.outputName, `testcases[${i}].outputName`);
    });
    const caseHashes: { inputHash: string; outputHash: string; inputSize: number; outputSize: number }[] = [];
    for (const tc of input.testcases) {
      const inBuf = Buffer.isBuffer(tc.input) ? tc.input : Buffer.from(tc.input);
      const outBuf = Buffer.isBuffer(tc.output) ? tc.output : Buffer.from(tc.output);
      caseHashes.push({
        inputHash: await putBlob(tx, inBuf),
        outputHash: await putBlob(tx, outBuf),
        inputSize: inBuf.length,
        outputSize: outBuf.length,
      });
    }
    const caseVersion = sha256Hex(
      Buffer.from(caseHashes.map((c) => `${c.inputHash}:${c.outputHash}`).join(',') + String(Date.now())),
    ).slice(0, 16);

    const [row] = await tx
      .insert(problems)
      .values({ ...input.problem, problemId, caseVersion })
      .returning({ id: problems.id });
    const pid = row.id;

    const caseRows = input.testcases.map((tc, i) => ({
      pid,
      index: i + 1,
      inputName: tc.inputName ?? `${i + 1}.in`,
      outputName: tc.outputName ?? `${i + 1}.out`,
      ...caseHashes[i],
      score: tc.score ?? 0,
      groupNum: tc.groupNum ?? 1,
    }));
    // In chunks: one statement binds at most 65,535 parameters on PostgreSQL (10,000 cases would not fit).
    for (let i = 0; i < caseRows.length; i += INSERT_CHUNK_ROWS) {
      await tx.insert(testcases).values(caseRows.slice(i, i + INSERT_CHUNK_ROWS));
    }

    const unknown = new Set<string>();
    const wanted = [...(input.languages ?? []), ...(input.codeTemplates ?? []).map((t) => t.language)];
    const langRows = wanted.length
      ? await tx
          .select({ id: languages.id, name: languages.name })
          .from(languages)
          .where(and(eq(languages.oj, 'ME'), inArray(languages.name, [...new Set(wanted)])))
      : [];
    const lidOf = new Map(langRows.map((l) => [l.name, l.id]));
    const lids = [...new Set((input.languages ?? []).map((n) => lidOf.get(n)))].filter(
      (x): x is number => x != null,
    );
    for (const n of wanted) if (!lidOf.has(n)) unknown.add(n);
    if (lids.length) await tx.insert(problemLanguages).values(lids.map((lid) => ({ pid, lid })));

    const templates = (input.codeTemplates ?? []).filter((t) => lidOf.has(t.language));
    const seenTpl = new Set<number>();
    for (const t of templates) {
      const lid = lidOf.get(t.language) as number;
      if (seenTpl.has(lid)) continue;
      seenTpl.add(lid);
      await tx.insert(codeTemplates).values({ pid, lid, code: t.code });
    }

    for (const name of new Set((input.tags ?? []).map((t) => t.trim()).filter(Boolean))) {
      await tx.insert(tags).values({ name, oj: 'ME' }).onConflictDoNothing();
      const [tag] = await tx
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.oj, 'ME'), eq(tags.name, name), sql`${tags.gid} IS NULL`));
      if (tag) await tx.insert(problemTags).values({ pid, tid: tag.id }).onConflictDoNothing();
    }

    const solutions = (input.solutions ?? []).map((s) => ({ pid, ...s }));
    for (let i = 0; i < solutions.length; i += INSERT_CHUNK_ROWS) {
      await tx.insert(problemSolutions).values(solutions.slice(i, i + INSERT_CHUNK_ROWS));
    }
    return { id: pid, problemId, unknownLanguages: [...unknown] };
  });
}
