import { AwardType, ContestRegisterStatus, Role, JudgeStatus as S } from '@oj/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AppContext } from '../../src/context.js';
import {
  contestClarifications,
  contestProblems,
  contestRegisters,
  judgeCases,
  submissions,
} from '../../src/db/schema/index.js';
import { rebuildBoard } from '../../src/modules/contest/board/cells.js';
import { makeUser, PASSWORD } from '../account/fixtures.js';
import { addProblems, MIN, makeContest } from '../contest/board-fixtures.js';
import { expectOfficial, ITEM_SCHEMA_OF, SCHEMA_OF } from './clics-schema.js';
import { access as accessSchema, BY_TYPE, notification } from './clics-spec.js';

/** `Authorization: Basic …` of a username and password. */
export const basic = (username: string, password = PASSWORD) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/** GET a CLICS URL (under /api/clics/) with an optional Authorization header; JSON parsed when it is JSON. */
export async function get(app: FastifyInstance, path: string, auth?: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/clics/${path}`,
    headers: auth ? { authorization: auth } : {},
  });
  const type = String(res.headers['content-type'] ?? '');
  // biome-ignore lint/suspicious/noExplicitAny: CLICS JSON read by tests field by field
  const json: any = type.startsWith('application/json') ? res.json() : null;
  return { code: res.statusCode, json, body: res.body, headers: res.headers, raw: res.rawPayload };
}

/** One event of the feed. */
export interface FeedEvent {
  type: string;
  id: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: CLICS JSON read by tests field by field
  data: any;
  token: string;
}

/** The event feed of a contest (stream=false), each line checked against the notification format. */
export async function feed(
  app: FastifyInstance,
  cid: number,
  auth?: string,
  query = '',
): Promise<FeedEvent[]> {
  const r = await get(app, `contests/${cid}/event-feed?stream=false${query}`, auth);
  expect(r.code, r.body).toBe(200);
  expect(String(r.headers['content-type'])).toMatch(/^application\/x-ndjson/);
  const lines = r.body.split('\n').filter((l) => l.length > 0);
  return lines.map((l) => officialEvent(notification.parse(JSON.parse(l)) as FeedEvent));
}

/**
 * Checks one event-feed line against the official schemas: the line (event-feed.json) and its data against the
 * schema of its type (the item schema for an object, the collection schema for a whole collection). Returns it.
 */
export function officialEvent(e: FeedEvent): FeedEvent {
  expectOfficial('event-feed', e, 'event');
  if (e.data !== null) {
    const name = e.id == null ? (SCHEMA_OF[e.type] ?? e.type) : (ITEM_SCHEMA_OF[e.type] ?? e.type);
    expectOfficial(name, e.data, `event ${e.type}`);
  }
  return e;
}

/** The users of the finished contest story: username -> uid. */
export type People = Record<string, string>;

/**
 * A finished ACM contest (started 360 min ago, 300 min long, sealed from minute 240, unsealed at the end), open to
 * the public (openRank), created by `cre` (an admin), `sam` a star account, Gold and Silver for one team each:
 * - ann: A WA 10, A AC 20 (judged with three cases), B AC 50; and C AC 310 (after the end: not counted)
 * - bob: A AC 15 (first to solve A), B WA 30 (two cases), B CE 35 (free), C AC 250 (after the seal)
 * - cat: A TLE 100, C still pending 260;  dan: B AC 40 (first to solve B);  sam: C AC 30 (first to solve C)
 * - cre (the creator): A AC 5 (left off);  reg: registered, no submission
 * - clarifications: ann asks about A (answered publicly), bob asks (answered privately), a post to everyone, cat
 *   asks (unanswered).
 */
export async function finishedStory(
  ctx: AppContext,
  over: { openRank?: boolean; startAgoMin?: number } = {},
) {
  const p: People = {};
  const names: Record<string, string> = {};
  const tag = Math.random().toString(36).slice(2, 7);
  for (const name of ['ann', 'bob', 'cat', 'dan', 'sam', 'reg', 'pat', 'cre']) {
    names[name] = `${name}${tag}`;
    p[name] = await makeUser(ctx, { username: names[name], role: name === 'cre' ? Role.ADMIN : Role.USER });
  }
  const startAgoMin = over.startAgoMin ?? 360;
  const { cid, start } = await makeContest(ctx, {
    creatorUid: p.cre,
    startAgoMin,
    endInMin: 300 - startAgoMin,
    sealAgoMin: startAgoMin - 240,
    autoRealRank: true,
    openRank: over.openRank ?? true,
    starAccount: [names.sam],
    awardType: AwardType.NUMBER,
    awardConfig: [
      { priority: 1, name: 'Gold', background: '#ffd700', color: '#000', num: 1 },
      { priority: 2, name: 'Silver', background: '#c0c0c0', color: '#000', num: 1 },
    ],
  });
  const pid = await addProblems(ctx, cid, ['A', 'B', 'C']);
  await ctx.db
    .update(contestProblems)
    .set({ color: '#ff0000' })
    .where(and(eq(contestProblems.cid, cid), eq(contestProblems.pid, pid.A)));
  const sub = async (who: string, d: string, min: number, status: number) => {
    const [row] = await ctx.db
      .insert(submissions)
      .values({
        pid: pid[d],
        displayPid: d,
        uid: p[who],
        username: names[who],
        cid,
        code: `// ${who} ${d}`,
        language: 'C++',
        length: 10,
        status,
        time: 10,
        submitTime: new Date(start.getTime() + min * MIN),
      })
      .returning({ id: submissions.id });
    return row.id;
  };
  await sub('ann', 'A', 10, S.WRONG_ANSWER);
  const annA = await sub('ann', 'A', 20, S.ACCEPTED);
  await sub('ann', 'B', 50, S.ACCEPTED);
  await sub('ann', 'C', 310, S.ACCEPTED);
  await sub('bob', 'A', 15, S.ACCEPTED);
  const bobB = await sub('bob', 'B', 30, S.WRONG_ANSWER);
  await sub('bob', 'B', 35, S.COMPILE_ERROR);
  await sub('bob', 'C', 250, S.ACCEPTED);
  await sub('cat', 'A', 100, S.TIME_LIMIT_EXCEEDED);
  await sub('cat', 'C', 260, S.PENDING);
  await sub('dan', 'B', 40, S.ACCEPTED);
  await sub('sam', 'C', 30, S.ACCEPTED);
  await sub('cre', 'A', 5, S.ACCEPTED);
  const judgedAt = (min: number) => new Date(start.getTime() + min * MIN);
  for (const [id, min, cases] of [
    [annA, 20, [S.ACCEPTED, S.ACCEPTED, S.ACCEPTED]],
    [bobB, 30, [S.ACCEPTED, S.WRONG_ANSWER]],
  ] as const) {
    await ctx.db
      .update(submissions)
      .set({
        judgeStart: judgedAt(min + 0.1),
        judgeEnd: judgedAt(min + 0.2),
        gmtModified: judgedAt(min + 0.2),
      })
      .where(eq(submissions.id, id));
    await ctx.db
      .insert(judgeCases)
      .values(cases.map((status, i) => ({ submitId: id, caseIndex: i + 1, status, time: 5 + i })));
  }
  await ctx.db.insert(contestRegisters).values({ cid, uid: p.reg, status: ContestRegisterStatus.VALID });
  const clar = (v: Partial<typeof contestClarifications.$inferInsert>) =>
    ctx.db.insert(contestClarifications).values({ cid, ...v });
  await clar({
    pid: pid.A,
    displayId: 'A',
    uid: p.ann,
    username: names.ann,
    question: 'Is n positive?',
    answer: 'Yes.',
    public: true,
    gmtCreate: judgedAt(60),
    gmtAnswered: judgedAt(62),
    gmtModified: judgedAt(62),
  });
  await clar({
    uid: p.bob,
    username: names.bob,
    question: 'May I use C++20?',
    answer: 'No.',
    public: false,
    gmtCreate: judgedAt(70),
    gmtAnswered: judgedAt(71),
    gmtModified: judgedAt(71),
  });
  await clar({
    answer: 'Problem C: read the note again.',
    public: true,
    gmtCreate: judgedAt(80),
    gmtAnswered: judgedAt(80),
    gmtModified: judgedAt(80),
  });
  await clar({
    uid: p.cat,
    username: names.cat,
    question: 'Why TLE?',
    gmtCreate: judgedAt(120),
    gmtModified: judgedAt(120),
  });
  await rebuildBoard(ctx.db, cid);
  return { cid, start, pid, p, names };
}

/**
 * Fetches every collection endpoint the access endpoint lists (and each object by id, and the singletons), checks
 * each object against the official schemas (clics-schema.ts), the spec tables (clics-spec.ts) and access: no
 * property access does not list. Returns the objects by type.
 */
export async function fetchAll(
  app: FastifyInstance,
  cid: number,
  auth?: string,
  // biome-ignore lint/suspicious/noExplicitAny: CLICS JSON read by tests field by field
): Promise<Record<string, any>> {
  const acc = await get(app, `contests/${cid}/access`, auth);
  expect(acc.code).toBe(200);
  const access = accessSchema.parse(acc.json);
  expectOfficial('access', acc.json);
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const out: Record<string, any> = { access };
  for (const { type, properties } of access.endpoints) {
    if (type === 'event-feed') continue;
    const path = type === 'contest' ? `contests/${cid}` : `contests/${cid}/${type}`;
    const r = await get(app, path, auth);
    expect(r.code, `${path}: ${r.body}`).toBe(200);
    expectOfficial(SCHEMA_OF[type], r.json, path);
    if (type === 'scoreboard') {
      out.scoreboard = r.json;
      continue;
    }
    const list = Array.isArray(r.json) ? r.json : [r.json];
    for (const o of list) {
      const parsed = BY_TYPE[type].safeParse(o);
      expect(parsed.success, `${type} ${JSON.stringify(o)}: ${parsed.error?.message}`).toBe(true);
      // Only the listed properties; one may be left out where the official schema allows no null (problem rgb).
      expect(properties, `${type} properties`).toEqual(expect.arrayContaining(Object.keys(o)));
      if (Array.isArray(r.json)) {
        const one = await get(app, `${path}/${o.id}`, auth);
        expect(one.code, `${path}/${o.id}`).toBe(200);
        expectOfficial(ITEM_SCHEMA_OF[type], one.json, `${path}/${o.id}`);
        expect(one.json).toEqual(o);
      }
    }
    out[type] = r.json;
  }
  return out;
}

/**
 * Asserts every object an event refers to was sent before it (spec "Event feed": a client must be able to resolve
 * references as they come): a team's groups, a submission's team, problem and language, a judgement's submission
 * and type, a run's judgement, the contest's main scoreboard group, a clarification's team, problem and the clarification it replies to, an award's
 * teams. Collections sent whole (`id` null) count for each of their items.
 */
export function expectReferencesSentFirst(events: FeedEvent[]): void {
  const seen = new Set<string>();
  const ref = (e: FeedEvent, type: string, id: unknown) => {
    if (id == null) return;
    expect(seen.has(`${type}/${id}`), `${e.type}/${e.id} refers to ${type}/${id} before it was sent`).toBe(
      true,
    );
  };
  for (const e of events) {
    const d = e.data;
    if (d && !Array.isArray(d)) {
      if (e.type === 'contest') ref(e, 'groups', d.main_scoreboard_group_id);
      if (e.type === 'teams') for (const g of d.group_ids ?? []) ref(e, 'groups', g);
      if (e.type === 'submissions') {
        ref(e, 'teams', d.team_id);
        ref(e, 'problems', d.problem_id);
        ref(e, 'languages', d.language_id);
      }
      if (e.type === 'judgements') {
        ref(e, 'submissions', d.submission_id);
        ref(e, 'judgement-types', d.judgement_type_id);
      }
      if (e.type === 'runs') ref(e, 'judgements', d.judgement_id);
      if (e.type === 'persons') for (const x of d.team_ids ?? []) ref(e, 'teams', x);
      if (e.type === 'accounts') {
        ref(e, 'teams', d.team_id);
        ref(e, 'persons', d.person_id);
      }
      if (e.type === 'clarifications') {
        ref(e, 'teams', d.from_team_id);
        ref(e, 'problems', d.problem_id);
        ref(e, 'clarifications', d.reply_to_id);
        for (const x of d.to_team_ids ?? []) ref(e, 'teams', x);
      }
      if (e.type === 'awards') for (const x of d.team_ids ?? []) ref(e, 'teams', x);
    }
    if (Array.isArray(d)) for (const item of d) seen.add(`${e.type}/${item.id}`);
    else if (e.id != null && d !== null) seen.add(`${e.type}/${e.id}`);
  }
}
