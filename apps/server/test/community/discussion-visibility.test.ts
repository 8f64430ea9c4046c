import { GroupMemberAuth, ProblemAuth } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discussionReports, discussions, groupMembers, groups, problems } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { callAny, makePeople, type People, type Person } from './community-fixtures.js';

// Issue 23 §2b: a discussion of a problem is seen only by those who may see the problem (item 1), and the back
// office's discussion screens reach site discussions only, groups' for super admins (item 4; docs/groups.md,
// docs/community.md "Back office").

let t: TestApp;
let p: People;

beforeAll(async () => {
  t = await createTestApp();
  p = await makePeople(t.ctx, 'vis');
});
afterAll(async () => {
  await t?.close();
});

const as = (
  who: Person | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => callAny(t.app, { method, url, token: who?.token, payload });

/** A problem row straight in the database; returns its numeric id. */
async function problem(problemId: string, over: Partial<typeof problems.$inferInsert> = {}) {
  const [row] = await t.ctx.db
    .insert(problems)
    .values({ problemId, title: `Problem ${problemId}`, auth: ProblemAuth.PUBLIC, ...over })
    .returning({ id: problems.id });
  return row.id;
}

/** A discussion row by `who` (tied to problem `pid` when given, in group `gid` when given); returns its id. */
async function discussion(who: Person, title: string, over: { pid?: string; gid?: number } = {}) {
  const [row] = await t.ctx.db
    .insert(discussions)
    .values({
      title,
      description: 'd',
      content: 'the full solution',
      categoryId: 1,
      uid: who.uid,
      author: who.username,
      pid: over.pid ?? null,
      gid: over.gid ?? null,
    })
    .returning({ id: discussions.id });
  return row.id;
}

const setAuth = (id: number, auth: number) =>
  t.ctx.db.update(problems).set({ auth }).where(eq(problems.id, id));

/** The discussion ids of a list answer (its page of 100). */
async function listed(who: Person | undefined, query: string): Promise<number[]> {
  const r = await as(who, 'GET', `/api/get-discussion-list?limit=100&${query}`);
  expect(r.code).toBe(200);
  return r.body.data.records.map((d: { id: number }) => d.id);
}

describe('a discussion of a problem', () => {
  it('is hidden (list, problem list, detail, comments, like) once the problem turns contest-only', async () => {
    const pid = await problem('VIS1');
    const did = await discussion(p.ann, '[VIS1] solution', { pid: 'VIS1' });
    const plain = await discussion(p.ann, 'No problem here');
    expect(await listed(undefined, 'keyword=VIS1')).toContain(did);
    expect((await as(p.bob, 'GET', `/api/get-discussion-detail?did=${did}`)).code).toBe(200);

    await setAuth(pid, ProblemAuth.CONTEST);
    for (const who of [undefined, p.bob, p.ann]) {
      expect(await listed(who, 'keyword=solution')).not.toContain(did);
      expect(await listed(who, 'pid=VIS1')).toEqual([]);
      const detail = await as(who, 'GET', `/api/get-discussion-detail?did=${did}`);
      expect(detail.code).toBe(404);
      expect(detail.body.msgKey).toBe('discussion.notFound');
      expect((await as(who, 'GET', `/api/comments?did=${did}`)).code).toBe(404);
    }
    expect((await as(p.bob, 'GET', `/api/discussion-like?did=${did}&toLike=true`)).code).toBe(404);
    expect((await as(p.bob, 'POST', '/api/comment', { did, content: 'thanks' })).code).toBe(404);
    expect(await listed(undefined, '')).toContain(plain);
    // Those who may see the problem still do.
    for (const who of [p.problemAdmin, p.admin, p.root]) {
      expect((await as(who, 'GET', `/api/get-discussion-detail?did=${did}`)).code).toBe(200);
      expect(await listed(who, 'pid=VIS1')).toEqual([did]);
    }

    await setAuth(pid, ProblemAuth.PUBLIC);
    expect(await listed(undefined, 'pid=VIS1')).toEqual([did]);
    expect((await as(p.bob, 'GET', `/api/get-discussion-detail?did=${did}`)).code).toBe(200);
  });

  it('in a group, follows the group problem rule: its admins always, members once the problem is public', async () => {
    const [g] = await t.ctx.db
      .insert(groups)
      .values({ name: 'Vis Club', shortName: 'VISC', uid: p.bob.uid, owner: p.bob.username })
      .returning({ id: groups.id });
    await t.ctx.db.insert(groupMembers).values([
      { gid: g.id, uid: p.bob.uid, auth: GroupMemberAuth.ROOT },
      { gid: g.id, uid: p.ann.uid, auth: GroupMemberAuth.MEMBER },
    ]);
    const pid = await problem('VISC1', { auth: ProblemAuth.PRIVATE, isGroup: true, gid: g.id });
    const did = await discussion(p.bob, '[VISC1] editorial', { pid: 'VISC1', gid: g.id });
    const groupList = async (who: Person) => {
      const r = await as(who, 'GET', `/api/group/get-discussion-list?gid=${g.id}&limit=100`);
      expect(r.code).toBe(200);
      return r.body.data.records.map((d: { id: number }) => d.id);
    };
    expect(await groupList(p.bob)).toContain(did);
    expect(await groupList(p.ann)).not.toContain(did);
    expect((await as(p.ann, 'GET', `/api/get-discussion-detail?did=${did}`)).code).toBe(404);
    expect((await as(p.ann, 'GET', `/api/comments?did=${did}`)).code).toBe(404);
    expect((await as(p.bob, 'GET', `/api/get-discussion-detail?did=${did}`)).code).toBe(200);

    await setAuth(pid, ProblemAuth.PUBLIC);
    expect(await groupList(p.ann)).toContain(did);
    expect((await as(p.ann, 'GET', `/api/get-discussion-detail?did=${did}`)).code).toBe(200);
  });
});

describe('the back office and group discussions', () => {
  it('shows and moderates site discussions for admin roles, every discussion for super admins', async () => {
    const [g] = await t.ctx.db
      .insert(groups)
      .values({ name: 'Private Club', shortName: 'PRIVC', uid: p.bob.uid, owner: p.bob.username, auth: 2 })
      .returning({ id: groups.id });
    await t.ctx.db.insert(groupMembers).values({ gid: g.id, uid: p.bob.uid, auth: GroupMemberAuth.ROOT });
    const inGroup = await discussion(p.bob, 'Club secret', { gid: g.id });
    const site = await discussion(p.ann, 'Site talk');
    const [rep] = await t.ctx.db
      .insert(discussionReports)
      .values({ did: inGroup, reporterUid: p.bob.uid, reporter: p.bob.username, content: '#spam#' })
      .returning({ id: discussionReports.id });

    for (const who of [p.admin, p.problemAdmin]) {
      const ids = await listed(who, 'admin=true');
      expect(ids).toContain(site);
      expect(ids).not.toContain(inGroup);
      const reports = (await as(who, 'GET', '/api/admin/discussion-report?limit=100')).body.data.records;
      expect(reports.map((r: { id: number }) => r.id)).not.toContain(rep.id);
      const pin = await as(who, 'PUT', '/api/admin/discussion', { id: inGroup, topPriority: true });
      expect(pin.code).toBe(404);
      expect((await as(who, 'PUT', '/api/admin/discussion-report', { id: rep.id, status: true })).code).toBe(
        404,
      );
      expect((await as(who, 'DELETE', '/api/admin/discussion', [inGroup])).code).toBe(200);
      expect((await as(who, 'DELETE', `/api/discussion?did=${inGroup}`)).code).toBe(403);
    }
    const [still] = await t.ctx.db.select().from(discussions).where(eq(discussions.id, inGroup));
    expect(still).toMatchObject({ topPriority: false });
    expect((await as(p.admin, 'PUT', '/api/admin/discussion', { id: site, topPriority: true })).code).toBe(
      200,
    );

    // Super admins reach the groups' discussions too.
    expect(await listed(p.root, 'admin=true')).toContain(inGroup);
    const reports = (await as(p.root, 'GET', '/api/admin/discussion-report?limit=100')).body.data.records;
    expect(reports.map((r: { id: number }) => r.id)).toContain(rep.id);
    expect((await as(p.root, 'PUT', '/api/admin/discussion-report', { id: rep.id, status: true })).code).toBe(
      200,
    );
    expect((await as(p.root, 'PUT', '/api/admin/discussion', { id: inGroup, status: 1 })).code).toBe(200);
    expect((await as(p.root, 'DELETE', '/api/admin/discussion', [inGroup])).code).toBe(200);
    expect(await t.ctx.db.select().from(discussions).where(eq(discussions.id, inGroup))).toEqual([]);
  });
});
