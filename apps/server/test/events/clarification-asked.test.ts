import { GroupAuth, GroupMemberAuth, LIVE_EVENT, type LiveClarificationAskedData, Role } from '@oj/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clarificationCalls } from '../contest/clarification-fixtures.js';
import { contestPayload, createContest } from '../contest/contest-fixtures.js';
import { groupBody, join, makeGroup, req, setLevel } from '../group/group-fixtures.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { makeUser } from '../problem/fixtures.js';
import { type LiveClient, listening, openLive, settle } from './live-client.js';

// `clarification-asked` (issue 10 §3, §4; docs/events.md): a participant's question reaches the streams of the
// contest's admins (its creator, a super admin) at once, by the admin queue's rule, and nobody else's: not another
// participant, not an admin of the site who does not administer this contest, not an anonymous viewer, not the
// asker. A refused question sends nothing; a resumed stream replays it to an admin only. In a group's contest the
// group's root administers the contest whatever their site role: they get the queue and the event, a plain member
// of the group neither. PGlite, or PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let base: string;
const u = {} as Record<
  'ann' | 'bob' | 'owner' | 'stranger' | 'root' | 'teacher',
  { uid: string; token: string }
>;
let cid: number;
const open: LiveClient[] = [];
const calls = clarificationCalls(() => t);

/** Opens a stream (closed after each test) and waits for its `ready`. */
async function live(token?: string, lastEventId?: string) {
  const c = await openLive(base, { token, lastEventId });
  open.push(c);
  expect(c.status).toBe(200);
  await c.next(LIVE_EVENT.ready);
  return c;
}

/** The `clarification-asked` events `s` received so far. */
const asked = (s: LiveClient) => s.all<LiveClarificationAskedData>(LIVE_EVENT.clarificationAsked);

beforeAll(async () => {
  t = await createTestApp();
  base = await listening(t.app);
  u.ann = await makeUser(t.ctx, 'ca_ann', Role.USER);
  u.bob = await makeUser(t.ctx, 'ca_bob', Role.USER);
  u.owner = await makeUser(t.ctx, 'ca_owner', Role.ADMIN);
  u.stranger = await makeUser(t.ctx, 'ca_stranger', Role.ADMIN);
  u.root = await makeUser(t.ctx, 'ca_root', Role.ROOT);
  u.teacher = await makeUser(t.ctx, 'ca_teacher', Role.USER);
  // A public running contest created by `owner`: its admins are owner (creator) and root (super admin).
  cid = await createContest(t.app, u.owner.token, { title: 'Asked live' });
});
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});
afterAll(async () => {
  await t?.close();
});

describe('a participant asks a clarification', () => {
  it("reaches the contest's admins only, with ids and no text", async () => {
    const [owner, root, stranger, bob, ann, anon] = await Promise.all([
      live(u.owner.token),
      live(u.root.token),
      live(u.stranger.token),
      live(u.bob.token),
      live(u.ann.token),
      live(),
    ]);
    const before = bob.lastEventId();
    const r = await calls.ask(u.ann.token, cid, 'Secret question: is n up to 10^5?');
    expect(r.code).toBe(200);
    const id = r.body.data.id as number;
    const mine = (s: LiveClient) =>
      s.next<LiveClarificationAskedData>(LIVE_EVENT.clarificationAsked, (d) => d.clarificationId === id);
    expect(await mine(owner)).toEqual({ cid, clarificationId: id });
    expect(await mine(root)).toEqual({ cid, clarificationId: id });
    expect(JSON.stringify(owner.events)).not.toContain('Secret');
    // Both admins can read it through the queue the event points at.
    const queue = await calls.queue(u.owner.token, cid, '&onlyUnanswered=true');
    expect(queue.body.data.records.map((x: { id: number }) => x.id)).toContain(id);

    await settle();
    for (const s of [stranger, bob, ann, anon]) expect(asked(s)).toEqual([]);
    // The site admin who does not administer this contest is refused the queue too: the same rule.
    expect((await calls.queue(u.stranger.token, cid)).code).toBe(403);

    // A refused question (the 30 s rule) sends nothing.
    const again = await calls.ask(u.ann.token, cid, 'And another one?');
    expect(again.code).toBe(429);
    await settle();
    expect(asked(owner)).toEqual([{ cid, clarificationId: id }]);

    // Resuming from before the question replays it to an admin, never to another participant.
    const rootAgain = await live(u.root.token, before);
    expect(asked(rootAgain)).toEqual([{ cid, clarificationId: id }]);
    const bobAgain = await live(u.bob.token, before);
    expect(bobAgain.all(LIVE_EVENT.ready)).toEqual([{ resumed: true }]);
    expect(asked(bobAgain)).toEqual([]);
  });

  it("in a group's contest, reaches super admins and the group's root who is a plain user, not a member", async () => {
    await t.ctx.config.set('switch', { defaultCreateGroupACInitValue: 0, defaultCreateGroupDailyLimit: 100 });
    const g = await makeGroup(t.app, u.teacher.token, groupBody(GroupAuth.PROTECTED));
    await join(t.app, u.bob.token, g.id, { reason: 'Please let me in' });
    await setLevel(t.app, u.teacher.token, g.id, u.bob.uid, GroupMemberAuth.MEMBER);
    const made = await req(t.app, 'POST', '/api/group/contest', {
      token: u.teacher.token,
      payload: { ...contestPayload({ title: 'Class contest' }), gid: g.id },
    });
    expect(made.code, JSON.stringify(made.body)).toBe(200);
    const gcid = made.body.data.cid as number;
    const [root, teacher, bob] = await Promise.all([
      live(u.root.token),
      live(u.teacher.token),
      live(u.bob.token),
    ]);
    const r = await calls.ask(u.bob.token, gcid, 'Is the input sorted?');
    expect(r.code, JSON.stringify(r.body)).toBe(200);
    const event = { cid: gcid, clarificationId: r.body.data.id };
    for (const s of [root, teacher]) {
      expect(
        await s.next<LiveClarificationAskedData>(LIVE_EVENT.clarificationAsked, (d) => d.cid === gcid),
      ).toEqual(event);
    }
    // The teacher (role user, the group's root) works the queue: sees the question and answers it.
    const queue = await calls.queue(u.teacher.token, gcid);
    expect(queue.code, JSON.stringify(queue.body)).toBe(200);
    expect(queue.body.data.records.map((c: { id: number }) => c.id)).toEqual([r.body.data.id]);
    const answered = await req(t.app, 'PUT', '/api/admin/contest/clarification', {
      token: u.teacher.token,
      payload: { id: r.body.data.id, cid: gcid, answer: 'Yes, ascending.', public: false },
    });
    expect(answered.code, JSON.stringify(answered.body)).toBe(200);
    // A plain member of the group is no contest admin: the asker's own stream gets no event, the queue refuses.
    await settle();
    expect(asked(bob)).toEqual([]);
    expect((await calls.queue(u.bob.token, gcid)).code).toBe(403);
  });
});
