import { contestBody, GroupAuth, GroupMemberAuth, JudgeStatus, Role, trainingBody } from '@oj/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../src/context.js';
import {
  announcements,
  contestProblems,
  discussionCategories,
  discussions,
  groupMembers,
  groups,
  submissions,
  trainingProblems,
} from '../../src/db/schema/index.js';
import { loadContest } from '../../src/modules/contest/contest.access.js';
import { adminCreateContest } from '../../src/modules/contest/contest.admin.js';
import { adminCreateAnnouncement } from '../../src/modules/contest/contest.announcement.js';
import { attachCreatedProblem } from '../../src/modules/contest/contest.problem.admin.js';
import { createProblem } from '../../src/modules/problem/problem.store.js';
import { adminCreateTraining } from '../../src/modules/training/training.admin.js';
import { adminAddTrainingProblem } from '../../src/modules/training/training.problem.admin.js';
import { multipartFile, PNG_1X1 } from '../account/fixtures.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { aPlusB } from '../judge/judge-helpers.js';
import { makeUser } from '../problem/fixtures.js';
import { req } from './group-fixtures.js';
import { GROLES, GROUP_ROWS, type GRole, type GSeed } from './group-matrix.js';

// Runs the group route × role matrix of group-matrix.ts on the real app (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): one shared seeded group, and a fresh group per role for the rows that change it.

const LEVEL: Partial<Record<GRole, number>> = {
  applicant: GroupMemberAuth.APPLYING,
  refused: GroupMemberAuth.REFUSED,
  member: GroupMemberAuth.MEMBER,
  admin: GroupMemberAuth.ADMIN,
  root: GroupMemberAuth.ROOT,
  owner: GroupMemberAuth.ROOT,
};
const SITE_ROLE: Partial<Record<GRole, number>> = { siteAdmin: Role.ADMIN, superAdmin: Role.ROOT };

let t: TestApp;
const registered = new Set<string>();
const tokens = {} as Record<GRole, string | undefined>;
const uids = {} as Record<GRole, string>;
let shared: GSeed;
let sitePid = 0;
let categoryId = 0;
let made = 0;
let avatar: GSeed['avatar'];
let discussionCategoryId = 0;

/** Seeds a protected, visible group with one user per level, problems, a submission, a training and a contest. */
async function seedGroup(): Promise<GSeed> {
  made += 1;
  const db = t.ctx.db;
  const shortName = `mx${made}${Math.random().toString(36).slice(2, 6)}`;
  const owner: SessionUser = { uid: uids.owner, username: 'gm_owner', role: Role.USER, sid: 'seed' };
  const [grp] = await db
    .insert(groups)
    .values({
      name: `Matrix ${shortName}`,
      shortName,
      brief: 'Matrix group',
      description: 'Seeded',
      auth: GroupAuth.PROTECTED,
      code: 'abc123',
      uid: owner.uid,
      owner: owner.username,
    })
    .returning();
  const gid = grp.id;
  for (const [role, auth] of Object.entries(LEVEL)) {
    await db.insert(groupMembers).values({ gid, uid: uids[role as GRole], auth, reason: 'seeded' });
  }
  const four = [1, 2, 3, 4].map((i) => ({ input: `${i}\n`, output: `${i}\n` }));
  const mk = (suffix: string, auth: number) =>
    createProblem(db, {
      problem: {
        title: `T ${suffix}`,
        problemId: `${shortName}${suffix}`,
        gid,
        isGroup: true,
        auth,
        author: owner.username,
      },
      testcases: four,
      languages: ['C++'],
    });
  const pub = await mk('P1', 1);
  const priv = await mk('P2', 2);
  const [sub] = await db
    .insert(submissions)
    .values({
      pid: pub.id,
      displayPid: pub.problemId,
      uid: uids.member,
      username: 'gm_member',
      cid: 0,
      gid,
      code: 'int main(){}',
      language: 'C++',
      length: 12,
      status: JudgeStatus.ACCEPTED,
    })
    .returning({ id: submissions.id });
  const [ann] = await db
    .insert(announcements)
    .values({ title: 'Welcome', content: 'Hello', uid: owner.uid, gid })
    .returning({ id: announcements.id });
  const { tid } = await adminCreateTraining(
    t.ctx,
    owner,
    trainingBody.parse({
      training: { title: 'Week', description: 'Warm up', auth: 'Public' },
      trainingCategory: { id: categoryId },
    }),
    gid,
  );
  await adminAddTrainingProblem(t.ctx, owner, { tid, pid: pub.id, displayId: 'A' });
  await adminAddTrainingProblem(t.ctx, owner, { tid, pid: sitePid, displayId: 'B' });
  const [tp] = await db
    .select({ id: trainingProblems.id })
    .from(trainingProblems)
    .where(and(eq(trainingProblems.tid, tid), eq(trainingProblems.pid, pub.id)));
  const { cid } = await adminCreateContest(
    t.ctx,
    owner,
    contestBody.parse({
      title: 'Class contest',
      description: 'Solve them.',
      type: 0,
      auth: 0,
      openRank: true,
      startTime: new Date(Date.now() - 3600_000).toISOString(),
      endTime: new Date(Date.now() + 24 * 3600_000).toISOString(),
    }),
    gid,
  );
  const contest = await loadContest(t.ctx, cid);
  await attachCreatedProblem(t.ctx, contest, pub.id, 'A', '');
  await attachCreatedProblem(t.ctx, contest, sitePid, 'B', '');
  const [cp] = await db
    .select({ id: contestProblems.id })
    .from(contestProblems)
    .where(and(eq(contestProblems.cid, cid), eq(contestProblems.pid, pub.id)));
  const cAnn = await adminCreateAnnouncement(t.ctx, owner, {
    cid,
    announcement: { title: 'Rules', content: 'Be fair' },
  });
  const [d] = await db
    .insert(discussions)
    .values({
      title: 'Welcome thread',
      description: 'Say hello',
      content: 'Hello all',
      categoryId: discussionCategoryId,
      uid: owner.uid,
      author: owner.username,
      gid,
    })
    .returning({ id: discussions.id });
  return {
    did: d.id,
    discussionCategoryId,
    gid,
    shortName,
    pubPid: pub.id,
    pubProblemId: pub.problemId,
    privPid: priv.id,
    privProblemId: priv.problemId,
    sitePid,
    submitId: sub.id,
    annId: ann.id,
    tid,
    tpId: tp.id,
    categoryId,
    cid,
    cpId: cp.id,
    contestAnnId: cAnn.id,
    uid: uids,
    avatar,
  };
}

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute: (r) => {
        for (const m of [r.method].flat()) if (m !== 'HEAD') registered.add(`${m} ${r.url}`);
      },
    },
  );
  await t.ctx.config.set('switch', {
    defaultSubmitInterval: 0,
    defaultCreateGroupACInitValue: 0,
    defaultCreateGroupDailyLimit: 1000,
    defaultCreateGroupLimit: 1000,
    defaultCreateDiscussionACInitValue: 0,
    defaultCreateDiscussionDailyLimit: 1000,
  });
  const [dc] = await t.ctx.db
    .insert(discussionCategories)
    .values({ name: 'Matrix' })
    .returning({ id: discussionCategories.id });
  discussionCategoryId = dc.id;
  for (const role of GROLES) {
    if (role === 'anonymous') continue;
    const u = await makeUser(t.ctx, `gm_${role}`, SITE_ROLE[role] ?? Role.USER);
    uids[role] = u.uid;
    tokens[role] = u.token;
  }
  sitePid = (await aPlusB(t.ctx, 'GM-SITE')).id;
  const cat = await req(t.app, 'POST', '/api/admin/training/category', {
    token: tokens.superAdmin,
    payload: { name: 'Matrix', color: '#112233' },
  });
  categoryId = cat.body.data.id;
  avatar = await multipartFile('image', 'a.png', PNG_1X1, 'image/png');
  shared = await seedGroup();
});
afterAll(async () => t?.close());

const REFUSED = new Set([401, 403, 404]);

describe('group route × role matrix', () => {
  it('has a row for every group route', () => {
    const isGroupRoute = (k: string) =>
      /^[A-Z]+ \/api\/(group|get-group|admin\/group-problem|file\/upload-group-avatar)/.test(k);
    const covered = new Set(GROUP_ROWS.map((r) => `${r.method} ${r.route}`));
    const missing = [...registered].filter((k) => isGroupRoute(k) && !covered.has(k)).sort();
    expect(missing).toEqual([]);
    const stale = [...covered].filter((k) => !registered.has(k)).sort();
    expect(stale).toEqual([]);
  });

  it('gives every standing the status its row expects', async () => {
    const wrong: string[] = [];
    for (const row of GROUP_ROWS) {
      for (const role of GROLES) {
        const want = row.expect[role];
        // A refused caller changes nothing: only the roles a fresh row lets through need a group of their own.
        const seed = row.fresh && !REFUSED.has(want) ? await seedGroup() : shared;
        const r = row.request(seed, role);
        const res = await t.app.inject({
          method: row.method,
          url: r.url ?? row.route,
          payload: r.payload as never,
          headers: { ...(r.headers ?? {}), ...(tokens[role] ? { authorization: tokens[role] } : {}) },
        });
        if (res.statusCode !== want) {
          let msg = '';
          try {
            msg = res.json().msg;
          } catch {}
          wrong.push(
            `${row.method} ${r.url ?? row.route} ${row.what ? `(${row.what}) ` : ''}as ${role}: ` +
              `${res.statusCode} (expected ${want}) ${msg}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 600_000); // thousands of requests: minutes on a loaded 2-core machine (CI runs three lanes at once)
});
