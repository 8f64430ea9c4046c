import path from 'node:path';
import { JudgeStatus } from '@oj/shared';
import { openDb } from '../apps/server/src/db/client.js';
import {
  contestProblems,
  contests,
  problems,
  submissions,
  users,
} from '../apps/server/src/db/schema/index.js';

/**
 * Seeds a server data directory for the scroll board's browser test (issue 10 §2) straight into its database,
 * before the server starts on it (judging 500 users for real would take hours): the server's own migrations on
 * PGlite in `<dataDir>/pglite` (where server.ts opens it), then users, problems, contests and judged submissions
 * in bulk. The server adds root and its seed data when it starts.
 */

const MIN = 60_000;
const PROBLEMS = 10;
const COLORS = ['#ef4444', '#f97316', '#eab308', '#22c55e', '#06b6d4', '#3b82f6', '#8b5cf6', '#ec4899'];

/** A small seeded random generator (mulberry32): the same board every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SeededBoard {
  /** A finished contest (5 h, ended an hour ago) sealed for its last hour; `participants` take part. */
  cid: number;
  /** A running contest sealed 30 minutes ago (for the "not ended" confirmation). */
  runningCid: number;
  /** Star users (rank -1). */
  stars: string[];
  /** Submissions made during the finished contest's sealed hour. */
  sealedSubmissions: number;
}

type SubmissionRow = typeof submissions.$inferInsert;

/**
 * Seeds `dataDir` with `participants` users (team001…), ten problems, the finished sealed ACM contest and a small
 * running one. Each participant has a skill; a problem is solved before the seal, during the sealed hour (a
 * pending cell that turns out solved), tried in vain during the sealed hour (pending, turns out wrong), tried in
 * vain before, or left alone.
 */
export async function seedScrollBoard(dataDir: string, participants = 500): Promise<SeededBoard> {
  const handle = await openDb({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const db = handle.db;
    const rand = random(20261124);
    const stars = ['team007', 'team123', 'team321'];
    const people = await db
      .insert(users)
      .values(
        Array.from({ length: participants }, (_, i) => {
          const n = String(i + 1).padStart(3, '0');
          return {
            username: `team${n}`,
            passwordHash: 'x',
            nickname: `Team ${n}`,
            school: `University ${(i * 37) % 61}`,
          };
        }),
      )
      .returning({ uid: users.uid, username: users.username });
    const probs = await db
      .insert(problems)
      .values(
        Array.from({ length: PROBLEMS }, (_, i) => ({ problemId: `SB${i + 1}`, title: `Scroll ${i + 1}` })),
      )
      .returning({ id: problems.id });

    const now = Date.now();
    const start = new Date(now - 5 * 60 * MIN);
    const [c] = await db
      .insert(contests)
      .values({
        title: 'Scroll board final',
        type: 0,
        startTime: start,
        endTime: new Date(now - 60 * MIN),
        sealRank: true,
        sealRankTime: new Date(now - 120 * MIN),
        autoRealRank: true,
        starAccount: stars,
        author: 'root',
      })
      .returning({ id: contests.id });
    const running = new Date(now - 60 * MIN);
    const [r] = await db
      .insert(contests)
      .values({
        title: 'Scroll board running',
        type: 0,
        startTime: running,
        endTime: new Date(now + 60 * MIN),
        sealRank: true,
        sealRankTime: new Date(now - 30 * MIN),
        author: 'root',
      })
      .returning({ id: contests.id });
    for (const cid of [c.id, r.id]) {
      await db.insert(contestProblems).values(
        probs.map((p, i) => ({
          cid,
          pid: p.id,
          displayId: String.fromCharCode(65 + i),
          displayTitle: `Scroll ${i + 1}`,
          color: COLORS[i % COLORS.length],
        })),
      );
    }

    const rows: SubmissionRow[] = [];
    let sealed = 0;
    const sub = (cid: number, who: (typeof people)[number], p: number, at: number, status: number) => {
      rows.push({
        pid: probs[p].id,
        displayPid: `SB${p + 1}`,
        uid: who.uid,
        username: who.username,
        cid,
        code: 'int main(){}',
        language: 'C++',
        length: 12,
        status,
        time: 15,
        memory: 1024,
        submitTime: new Date(at),
      });
    };
    const t = (min: number) => start.getTime() + min * MIN;
    const WA = JudgeStatus.WRONG_ANSWER;
    const AC = JudgeStatus.ACCEPTED;
    for (const who of people) {
      const skill = rand();
      let any = false;
      for (let p = 0; p < PROBLEMS; p += 1) {
        const solve = Math.max(0, Math.min(1, skill * 1.5 - p * 0.12));
        const roll = rand();
        const wrongs = Math.floor(rand() * 3);
        if (roll < solve * 0.88) {
          const at = 5 + Math.floor(rand() * 170);
          for (let w = 0; w < wrongs; w += 1) sub(c.id, who, p, t(at - 3 * (w + 1)), WA);
          sub(c.id, who, p, t(at), AC);
        } else if (roll < solve) {
          // Solved during the sealed hour (after minute 180), maybe after wrong tries before and after the seal.
          const at = 182 + Math.floor(rand() * 55);
          if (wrongs) sub(c.id, who, p, t(150 + wrongs), WA);
          if (wrongs > 1) {
            sub(c.id, who, p, t(at - 1), WA);
            sealed += 1;
          }
          sub(c.id, who, p, t(at), AC);
          sealed += 1;
        } else if (roll < solve + 0.015) {
          sub(c.id, who, p, t(185 + Math.floor(rand() * 50)), WA);
          sealed += 1;
        } else if (roll < solve + 0.07) {
          sub(c.id, who, p, t(20 + Math.floor(rand() * 150)), WA);
        } else continue;
        any = true;
      }
      if (!any) sub(c.id, who, 0, t(30), WA);
    }
    // The running contest: a few participants, some of them with post-seal (pending) tries.
    for (const [i, who] of people.slice(0, 12).entries()) {
      sub(r.id, who, i % 3, running.getTime() + 10 * MIN, AC);
      if (i % 2) sub(r.id, who, (i + 1) % 3, now - 10 * MIN, AC);
    }
    for (let i = 0; i < rows.length; i += 500) await db.insert(submissions).values(rows.slice(i, i + 500));
    return { cid: c.id, runningCid: r.id, stars, sealedSubmissions: sealed };
  } finally {
    await handle.close();
  }
}
