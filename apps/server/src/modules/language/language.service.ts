import type { LanguageView } from '@oj/shared';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { judgehosts, languages, problemLanguages, problems } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';

/** A judgehost counts as live when it heart-beat within this many seconds. */
export const JUDGEHOST_LIVE_SECONDS = 30;

const cols = {
  id: languages.id,
  name: languages.name,
  description: languages.description,
  compileCommand: languages.compileCommand,
  template: languages.template,
  codeTemplate: languages.codeTemplate,
  contentType: languages.contentType,
  oj: languages.oj,
  isSpj: languages.isSpj,
  seq: languages.seq,
};

/** Available languages, ordered by seq: every oj when `all`, else the local judge's (oj ME). */
export async function listLanguages(db: Db, opts: { all: boolean }): Promise<LanguageView[]> {
  const where = opts.all
    ? eq(languages.available, true)
    : and(eq(languages.available, true), eq(languages.oj, 'ME'));
  return db.select(cols).from(languages).where(where).orderBy(asc(languages.seq), asc(languages.id));
}

/**
 * The available languages a problem accepts: its own list, or every available local language when it lists none
 * (a remote problem: its OJ's).
 * Throws 404 when the problem does not exist.
 */
export async function problemLanguageList(db: Db, pid: number): Promise<LanguageView[]> {
  const p = await db
    .select({ id: problems.id, isRemote: problems.isRemote, remoteOj: problems.remoteOj })
    .from(problems)
    .where(eq(problems.id, pid));
  if (!p.length) throw notFound('problem.notFound');
  const own = await db
    .select(cols)
    .from(problemLanguages)
    .innerJoin(languages, eq(languages.id, problemLanguages.lid))
    .where(and(eq(problemLanguages.pid, pid), eq(languages.available, true)))
    .orderBy(asc(languages.seq), asc(languages.id));
  if (own.length) return own;
  const anyOwn = await db
    .select({ lid: problemLanguages.lid })
    .from(problemLanguages)
    .where(eq(problemLanguages.pid, pid))
    .limit(1);
  // The problem lists languages but none is available now: nothing can be submitted.
  if (anyOwn.length) return [];
  const oj = p[0].isRemote ? p[0].remoteOj : null;
  if (oj) {
    // A remote problem takes its OJ's languages (seeded from the adapters: remote-judge/languages.ts).
    return db
      .select(cols)
      .from(languages)
      .where(and(eq(languages.available, true), eq(languages.oj, oj)))
      .orderBy(asc(languages.seq), asc(languages.id));
  }
  return listLanguages(db, { all: false });
}

/**
 * Recomputes `languages.available` (oj ME) from the live judgehosts' reports: a language is available when some
 * live, enabled judgehost reports it available. With no live judgehost the last known state stays (submissions
 * wait in the queue until one returns). Returns the number of live judgehosts.
 */
export async function refreshAvailability(ctx: AppContext): Promise<number> {
  const live = await ctx.db
    .select({ languages: judgehosts.languages })
    .from(judgehosts)
    .where(
      and(
        eq(judgehosts.enabled, true),
        gt(judgehosts.lastHeartbeat, sql`now() - make_interval(secs => ${JUDGEHOST_LIVE_SECONDS})`),
      ),
    );
  if (!live.length) return 0;
  const names = new Set<string>();
  for (const h of live) for (const l of h.languages) if (l.available) names.add(l.name);
  const list = [...names];
  const inList = list.length
    ? sql`(${languages.name} IN (${sql.join(
        list.map((n) => sql`${n}`),
        sql`, `,
      )}))`
    : sql`false`;
  await ctx.db
    .update(languages)
    .set({ available: inList })
    .where(and(eq(languages.oj, 'ME'), sql`${languages.available} IS DISTINCT FROM ${inList}`));
  return live.length;
}
