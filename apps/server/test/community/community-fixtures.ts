import { Role } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../src/context.js';
import { userRecords } from '../../src/db/schema/index.js';
import { call, makeUser } from '../problem/fixtures.js';

/** The people of the community tests: one per role that matters, ordinary users with enough accepted problems. */
export interface People {
  /** Ordinary users (1002) with 10 accepted problems: may post and comment. */
  ann: Person;
  bob: Person;
  /** An ordinary user with no accepted problem. */
  newbie: Person;
  noSubmit: Person;
  noDiscuss: Person;
  muted: Person;
  noSubmitNoDiscuss: Person;
  noSubmitMuted: Person;
  problemAdmin: Person;
  admin: Person;
  root: Person;
}
export interface Person {
  uid: string;
  token: string;
  username: string;
}

/** `call` with a loosely typed body: the tests read `msgKey` and `msgParams` of refusals too. */
export async function callAny(
  app: FastifyInstance,
  opts: Parameters<typeof call>[1],
  // biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, read field by field in the tests
): Promise<{ code: number; body: any; raw: Buffer; headers: Record<string, unknown> }> {
  return call(app, opts);
}

/** Sets `uid`'s accepted-problem count (user_records.ac), as the judge's verdict hook would. */
export async function giveAc(ctx: AppContext, uid: string, ac: number): Promise<void> {
  await ctx.db
    .insert(userRecords)
    .values({ uid, ac, total: ac })
    .onConflictDoUpdate({ target: userRecords.uid, set: { ac, total: ac } });
}

/** Creates the People with name prefix `tag` (unique per test file run on a shared app). */
export async function makePeople(ctx: AppContext, tag = ''): Promise<People> {
  const mk = async (name: string, role: number, ac = 10): Promise<Person> => {
    const username = `${tag}${name}`;
    const u = await makeUser(ctx, username, role);
    if (ac) await giveAc(ctx, u.uid, ac);
    return { ...u, username };
  };
  return {
    ann: await mk('ann', Role.USER),
    bob: await mk('bob', Role.USER),
    newbie: await mk('newbie', Role.USER, 0),
    noSubmit: await mk('nosub', Role.NO_SUBMIT),
    noDiscuss: await mk('nodisc', Role.NO_DISCUSS),
    muted: await mk('muted', Role.MUTED),
    noSubmitNoDiscuss: await mk('nsnd', Role.NO_SUBMIT_NO_DISCUSS),
    noSubmitMuted: await mk('nsm', Role.NO_SUBMIT_MUTED),
    problemAdmin: await mk('pa', Role.PROBLEM_ADMIN, 0),
    admin: await mk('adm', Role.ADMIN, 0),
    root: await mk('boss', Role.ROOT, 0),
  };
}

/** A discussion body in category 1 ("General", made by the migration); override any field. */
export const post = (over: Record<string, unknown> = {}) => ({
  title: 'A question',
  description: 'About loops',
  content: 'How do I **loop**?',
  categoryId: 1,
  ...over,
});

/** Posts a discussion as `p`; returns its id (throws unless 200). */
export async function postDiscussion(app: FastifyInstance, p: Person, over: Record<string, unknown> = {}) {
  const r = await call(app, { method: 'POST', url: '/api/discussion', token: p.token, payload: post(over) });
  if (r.code !== 200) throw new Error(`post: ${r.code} ${r.body?.msg}`);
  return r.body.data.id as number;
}

/** Comments on discussion `did` (or contest `cid`) as `p`; returns the comment id (throws unless 200). */
export async function commentOn(
  app: FastifyInstance,
  p: Person,
  target: { did?: number; cid?: number },
  content = 'Nice!',
) {
  const r = await call(app, {
    method: 'POST',
    url: '/api/comment',
    token: p.token,
    payload: { content, ...target },
  });
  if (r.code !== 200) throw new Error(`comment: ${r.code} ${r.body?.msg}`);
  return r.body.data.id as number;
}

/** Sets a website switch (openPublicDiscussion, openContestComment) as root. */
export async function setWebsite(app: FastifyInstance, root: Person, patch: Record<string, boolean>) {
  const r = await call(app, {
    method: 'PUT',
    url: '/api/admin/config/set-web-config',
    token: root.token,
    payload: patch,
  });
  if (r.code !== 200) throw new Error(`set-web-config: ${r.code} ${r.body?.msg}`);
  // The config cache is per process and 2 s; this test process wrote it, so it is current at once.
}

/** Sets switch config fields (the community limits) as root. */
export async function setSwitch(app: FastifyInstance, root: Person, patch: Record<string, number | boolean>) {
  const r = await call(app, {
    method: 'PUT',
    url: '/api/admin/switch/update',
    token: root.token,
    payload: patch,
  });
  if (r.code !== 200) throw new Error(`switch: ${r.code} ${r.body?.msg}`);
}
