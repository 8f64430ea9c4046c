import { GroupAuth, LIMITS, Role } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContest } from '../contest/contest-fixtures.js';
import { groupBody, makeGroup } from '../group/group-fixtures.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeUser } from '../problem/fixtures.js';

// Issue 23 §2b item 1: contest and training passwords and group invitation codes could be guessed at 120 a second.
// They are throttled per user and per address as sign-in is (account/secret-throttle.ts): past the allowance of
// wrong ones, 429 with Retry-After, even for the right secret, and not for other users / addresses.

let t: TestApp;
let admin: { uid: string; token: string };
let cid = 0;
let tid = 0;
let gid = 0;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t.ctx, 'st_admin', Role.ADMIN);
  cid = await createContest(t.app, admin.token, { auth: 1, pwd: 'right-pw' });
  const cat = await call(t.app, {
    method: 'POST',
    url: '/api/admin/training/category',
    token: admin.token,
    payload: { name: 'Secrets', color: '#ff0000' },
  });
  const tr = await call(t.app, {
    method: 'POST',
    url: '/api/admin/training',
    token: admin.token,
    payload: {
      training: { title: 'T', description: 'D', auth: 'Private', privatePwd: 'right-pw' },
      trainingCategory: { id: cat.body.data.id },
    },
  });
  expect(tr.code, JSON.stringify(tr.body)).toBe(200);
  tid = tr.body.data.tid;
  gid = (await makeGroup(t.app, admin.token, groupBody(GroupAuth.PRIVATE, { code: 'abc123' }))).id;
});
afterAll(async () => t?.close());

const newUser = async () => makeUser(t.ctx, `st_u${++n}`, Role.USER);

/** The three secrets: a request with the right or a wrong one, as `token` from address `ip`. */
const SECRETS = {
  contest: (right: boolean) => ({
    url: '/api/register-contest',
    payload: { cid, password: right ? 'right-pw' : `wrong-${Math.random()}` },
  }),
  training: (right: boolean) => ({
    url: '/api/register-training',
    payload: { tid, password: right ? 'right-pw' : `wrong-${Math.random()}` },
  }),
  group: (right: boolean) => ({
    url: '/api/group/member',
    payload: { gid, code: right ? 'abc123' : 'zzz999', reason: 'Let me in please' },
  }),
};
type Kind = keyof typeof SECRETS;
const attempt = (kind: Kind, right: boolean, token: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    remoteAddress: ip,
    headers: { authorization: token },
    ...SECRETS[kind](right),
  });

describe('secret guessing throttle (contest / training passwords, group codes)', () => {
  for (const kind of Object.keys(SECRETS) as Kind[]) {
    it(`${kind}: ${LIMITS.secretMaxFailuresPerUser} wrong ones lock the user out, even with the right one; others are not`, async () => {
      const u = await newUser();
      const ip = `198.51.100.${n}`;
      for (let i = 0; i < LIMITS.secretMaxFailuresPerUser; i++) {
        expect((await attempt(kind, false, u.token, ip)).statusCode).toBe(400);
      }
      const locked = await attempt(kind, true, u.token, ip);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ status: 429, msgKey: 'common.tooManyWrongSecrets' });
      const retry = Number(locked.headers['retry-after']);
      expect(retry).toBeGreaterThan(LIMITS.loginLockSeconds - 10);
      expect(retry).toBeLessThanOrEqual(LIMITS.loginLockSeconds);
      // Another address does not help this user…
      expect((await attempt(kind, true, u.token, '203.0.113.200')).statusCode).toBe(429);
      // …and another user from the same address is not locked.
      const other = await newUser();
      expect((await attempt(kind, true, other.token, ip)).statusCode).toBe(200);
    });
  }

  it('a right secret gives its attempt back: wrong, right, wrong… never locks', async () => {
    const u = await newUser();
    for (let i = 0; i < LIMITS.secretMaxFailuresPerUser - 1; i++) {
      expect((await attempt('contest', false, u.token, '198.51.100.250')).statusCode).toBe(400);
    }
    expect((await attempt('training', true, u.token, '198.51.100.250')).statusCode).toBe(200);
    expect((await attempt('group', true, u.token, '198.51.100.250')).statusCode).toBe(200);
    expect((await attempt('contest', true, u.token, '198.51.100.250')).statusCode).toBe(200);
  });

  it('parallel guesses cannot pass the check together', async () => {
    const u = await newUser();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => attempt('contest', false, u.token, '198.51.100.251')),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 400).length).toBe(LIMITS.secretMaxFailuresPerUser);
    expect(codes.filter((c) => c === 429).length).toBe(40 - LIMITS.secretMaxFailuresPerUser);
  });

  it(`one address is locked after ${LIMITS.secretMaxFailuresPerAddress} wrong ones from many users`, async () => {
    const ip = '192.0.2.77';
    let wrong = 0;
    while (wrong < LIMITS.secretMaxFailuresPerAddress) {
      const u = await newUser();
      for (let i = 0; i < 3 && wrong < LIMITS.secretMaxFailuresPerAddress; i++, wrong++) {
        expect((await attempt('group', false, u.token, ip)).statusCode).toBe(400);
      }
    }
    const fresh = await newUser();
    expect((await attempt('contest', true, fresh.token, ip)).statusCode).toBe(429);
    expect((await attempt('contest', true, fresh.token, '192.0.2.78')).statusCode).toBe(200);
  });
});
