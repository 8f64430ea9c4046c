import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import {
  codeTemplates,
  languages,
  problemLanguages,
  problems,
  tags,
  testcases,
} from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { checkCaseName } from '../file/testcase/case-name.js';
import { dropUpload, readUploadedCases } from '../file/testcase/testcase.service.js';
import { resolveTagIds, setProblemTags } from '../tag/tag.service.js';
import { loadProblemByPid } from './problem.access.js';
import { createProblem, putBlob, type Tx } from './problem.store.js';
import type { CaseDraft, ProblemDraft, ProblemFieldsDraft } from './problem.validate.js';

/** A fresh case version: judgehosts key their caches by it. */
export function newCaseVersion(): string {
  return randomBytes(8).toString('hex');
}

/** Fields whose change alters judging: any change bumps problems.case_version. */
const JUDGE_FIELDS: (keyof ProblemFieldsDraft)[] = [
  'type',
  'timeLimit',
  'memoryLimit',
  'stackLimit',
  'ioScore',
  'judgeMode',
  'judgeCaseMode',
  'spjCode',
  'spjLanguage',
  'spjProtocol',
  'userExtraFile',
  'judgeExtraFile',
  'isRemoveEndBlank',
  'isFileIO',
  'ioReadFileName',
  'ioWriteFileName',
];

/** Resolves language ids / names (local oj) to rows; 400 naming an unknown one. */
async function resolveLanguages(ctx: AppContext | { db: Tx }, list: { id?: number; name?: string }[]) {
  const db = ctx.db;
  const all = await db
    .select({ id: languages.id, name: languages.name })
    .from(languages)
    .where(eq(languages.oj, 'ME'));
  const byId = new Map(all.map((l) => [l.id, l]));
  const byName = new Map(all.map((l) => [l.name.toLowerCase(), l]));
  const out = new Map<number, { id: number; name: string }>();
  for (const l of list) {
    const hit = l.id != null ? byId.get(l.id) : byName.get((l.name ?? '').trim().toLowerCase());
    if (!hit)
      throw badRequest('problem.unknownLanguage', { field: 'languages', name: String(l.name ?? l.id) });
    out.set(hit.id, hit);
  }
  return { chosen: [...out.values()], byId, byName };
}

function templateLid(
  t: ProblemDraft['codeTemplates'][number],
  maps: Awaited<ReturnType<typeof resolveLanguages>>,
  i: number,
): { id: number; name: string } {
  const hit = t.lid != null ? maps.byId.get(t.lid) : maps.byName.get((t.language ?? '').toLowerCase());
  if (!hit)
    throw badRequest('problem.unknownLanguage', {
      field: `codeTemplates[${i}]`,
      name: String(t.language ?? t.lid),
    });
  return hit;
}

/** Loads case data for a draft: typed text, or files from the upload folder. */
async function caseData(
  ctx: AppContext,
  draft: ProblemDraft,
): Promise<{ input: Buffer; output: Buffer }[] | null> {
  const c = draft.cases;
  if (c.kind === 'manual')
    return c.list.map((x) => ({ input: Buffer.from(x.input), output: Buffer.from(x.output) }));
  if (c.kind === 'upload') return readUploadedCases(ctx, c.dir, c.list);
  return null;
}

function caseList(draft: ProblemDraft): CaseDraft[] {
  const c = draft.cases;
  return c.kind === 'keep' ? (c.scores ?? []) : c.list;
}

/**
 * POST /api/admin/problem: stores a validated draft as a new problem through `createProblem` (one transaction:
 * row, test cases, languages, tags, templates). Existing tag ids are sent as names. Returns { pid, problemId }.
 * `group` files it as a problem of that group (`gid`, `isGroup`) with the creator as its author (the group
 * routes); site problems never take a `gid` from the body.
 */
export async function createFromDraft(
  ctx: AppContext,
  draft: ProblemDraft,
  username: string,
  group?: { gid: number },
) {
  const langs = await resolveLanguages(ctx, draft.languages);
  const templates = draft.codeTemplates.map((t, i) => ({ ...t, lang: templateLid(t, langs, i) }));
  const tagIds = draft.tags.filter((t) => t.id != null).map((t) => t.id as number);
  const tagNames = draft.tags.filter((t) => t.id == null).map((t) => (t.name ?? '').trim());
  if (tagIds.length) {
    const rows = await ctx.db
      .select({ id: tags.id, name: tags.name, oj: tags.oj })
      .from(tags)
      .where(inArray(tags.id, tagIds));
    for (const id of tagIds) {
      const r = rows.find((x) => x.id === id);
      if (!r || r.oj !== 'ME') throw badRequest('tag.unknownId', { id });
      tagNames.push(r.name);
    }
  }
  const data = (await caseData(ctx, draft)) ?? [];
  const list = caseList(draft);
  const created = await createProblem(ctx.db, {
    problem: {
      ...draft.fields,
      gid: group?.gid ?? null,
      isGroup: group != null,
      ...(group ? { author: username } : {}),
      modifiedUser: username,
    },
    testcases: data.map((d, i) => ({
      input: d.input,
      output: d.output,
      inputName: draft.cases.kind === 'upload' ? list[i].input : undefined,
      outputName: draft.cases.kind === 'upload' ? list[i].output || `${i + 1}.out` : undefined,
      score: list[i].score,
      groupNum: list[i].groupNum,
    })),
    languages: langs.chosen.map((l) => l.name),
    tags: tagNames,
    codeTemplates: templates.map((t) => ({ language: t.lang.name, code: t.code })),
  });
  const disabled = templates.filter((t) => !t.status).map((t) => t.lang.id);
  if (disabled.length)
    await ctx.db
      .update(codeTemplates)
      .set({ status: false })
      .where(and(eq(codeTemplates.pid, created.id), inArray(codeTemplates.lid, disabled)));
  if (draft.cases.kind === 'upload') await dropUpload(ctx, draft.cases.dir);
  return { pid: created.id, problemId: created.problemId };
}

/** Replaces the test cases of `pid` with `data` (blobs stored by hash). */
export async function replaceTestcases(
  tx: Tx,
  pid: number,
  data: {
    input: Buffer;
    output: Buffer;
    inputName?: string;
    outputName?: string;
    score: number;
    groupNum: number;
  }[],
): Promise<void> {
  await tx.delete(testcases).where(eq(testcases.pid, pid));
  data.forEach((d, k) => {
    if (d.inputName) checkCaseName(d.inputName, `samples[${k}].input`);
    if (d.outputName) checkCaseName(d.outputName, `samples[${k}].output`);
  });
  let i = 0;
  for (const d of data) {
    i += 1;
    await tx.insert(testcases).values({
      pid,
      index: i,
      inputName: d.inputName || `${i}.in`,
      outputName: d.outputName || `${i}.out`,
      inputHash: await putBlob(tx, d.input),
      outputHash: await putBlob(tx, d.output),
      inputSize: d.input.length,
      outputSize: d.output.length,
      score: d.score,
      groupNum: d.groupNum,
    });
  }
}

/**
 * PUT /api/admin/problem: updates problem `pid` from a validated draft in one transaction: fields, test cases
 * (replaced, or kept with new scores / groups), tags, languages and code templates. Bumps case_version when
 * anything that affects judging changed (test data, limits, checker, modes). 400 when the new problemId is taken.
 */
export async function updateFromDraft(ctx: AppContext, pid: number, draft: ProblemDraft, username: string) {
  const cur = await loadProblemByPid(ctx, pid);
  const langs = await resolveLanguages(ctx, draft.languages);
  const templates = draft.codeTemplates.map((t, i) => ({ ...t, lang: templateLid(t, langs, i) }));
  const data = await caseData(ctx, draft);
  const list = caseList(draft);
  await ctx.db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: problems.id })
      .from(problems)
      .where(sql`upper(${problems.problemId}) = upper(${draft.fields.problemId})`);
    if (clash && clash.id !== pid)
      throw badRequest('problem.idExists', { field: 'problem.problemId', problemId: draft.fields.problemId });
    let judgeChanged = JUDGE_FIELDS.some(
      (f) => JSON.stringify(cur[f] ?? null) !== JSON.stringify(draft.fields[f] ?? null),
    );
    if (data) {
      const old = await tx
        .select()
        .from(testcases)
        .where(eq(testcases.pid, pid))
        .orderBy(asc(testcases.index));
      await replaceTestcases(
        tx,
        pid,
        data.map((d, i) => ({
          ...d,
          inputName: draft.cases.kind === 'upload' ? list[i].input : undefined,
          outputName: draft.cases.kind === 'upload' ? list[i].output : undefined,
          score: list[i].score,
          groupNum: list[i].groupNum,
        })),
      );
      const now = await tx
        .select()
        .from(testcases)
        .where(eq(testcases.pid, pid))
        .orderBy(asc(testcases.index));
      const sig = (r: typeof old) =>
        r.map((c) => `${c.inputHash}:${c.outputHash}:${c.score}:${c.groupNum}`).join(',');
      if (sig(old) !== sig(now)) judgeChanged = true;
    } else if (list.length) {
      const old = await tx
        .select()
        .from(testcases)
        .where(eq(testcases.pid, pid))
        .orderBy(asc(testcases.index));
      for (const [i, c] of list.entries()) {
        const row = old.find((o) => o.inputName === c.input) ?? old[i];
        if (!row) throw badRequest('problem.caseNotStored', { index: i, name: String(c.input) });
        if (row.score !== c.score || row.groupNum !== c.groupNum) {
          judgeChanged = true;
          await tx
            .update(testcases)
            .set({ score: c.score, groupNum: c.groupNum })
            .where(eq(testcases.id, row.id));
        }
      }
    }
    await tx
      .update(problems)
      .set({
        ...draft.fields,
        // The owning group never changes through an edit (group admins manage what their group owns).
        gid: cur.gid,
        modifiedUser: username,
        gmtModified: new Date(),
        ...(judgeChanged ? { caseVersion: newCaseVersion() } : {}),
      })
      .where(eq(problems.id, pid));
    await setProblemTags(tx, pid, await resolveTagIds(tx, draft.tags));
    await tx.delete(problemLanguages).where(eq(problemLanguages.pid, pid));
    if (langs.chosen.length)
      await tx.insert(problemLanguages).values(langs.chosen.map((l) => ({ pid, lid: l.id })));
    await tx.delete(codeTemplates).where(eq(codeTemplates.pid, pid));
    const seen = new Set<number>();
    for (const t of templates) {
      if (seen.has(t.lang.id)) continue;
      seen.add(t.lang.id);
      await tx.insert(codeTemplates).values({ pid, lid: t.lang.id, code: t.code, status: t.status });
    }
  });
  if (draft.cases.kind === 'upload') await dropUpload(ctx, draft.cases.dir);
  return { pid, problemId: draft.fields.problemId };
}
