import { JudgeStatus } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import { configureSmtp, makeUser, multipartFile, PASSWORD, PNG_1X1, startSmtp } from './fixtures.js';
import { makeProblem, makeSubmission } from './judged.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let gina: string;
let ginaUid: string;
beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtp();
  await configureSmtp(t.app, await login(t.app, 'root', ROOT_PASSWORD), smtp.port);
  ginaUid = await makeUser(t.ctx, { username: 'gina', email: 'gina@example.com' });
  gina = await login(t.app, 'gina', PASSWORD);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: token ? { authorization: token } : {} });

describe('change password', () => {
  it('needs login, the right old password and a different new one; ends other sessions', async () => {
    await makeUser(t.ctx, { username: 'hank' });
    const a = await login(t.app, 'hank', PASSWORD);
    const b = await login(t.app, 'hank', PASSWORD);
    expect(
      (
        await call('POST', '/api/change-password', undefined, {
          oldPassword: PASSWORD,
          newPassword: 'x12345',
        })
      ).statusCode,
    ).toBe(401);
    const wrong = await call('POST', '/api/change-password', a, {
      oldPassword: 'nothing1',
      newPassword: 'newpass9',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('The old password is wrong');
    const same = await call('POST', '/api/change-password', a, {
      oldPassword: PASSWORD,
      newPassword: PASSWORD,
    });
    expect(same.statusCode).toBe(400);
    const short = await call('POST', '/api/change-password', a, {
      oldPassword: PASSWORD,
      newPassword: '123',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toContain('newPassword');
    const okRes = await call('POST', '/api/change-password', a, {
      oldPassword: PASSWORD,
      newPassword: 'newpass9',
    });
    expect(okRes.statusCode).toBe(200);
    expect((await call('GET', '/api/get-user-auth-info', a)).statusCode).toBe(200);
    expect((await call('GET', '/api/get-user-auth-info', b)).statusCode).toBe(401);
    await login(t.app, 'hank', 'newpass9');
  });
});

describe('change email', () => {
  it('mails a code to the new address and moves the account with it', async () => {
    await makeUser(t.ctx, { username: 'other', email: 'other@example.com' });
    expect((await call('GET', '/api/get-change-email-code?email=new@example.com')).statusCode).toBe(401);
    const same = await call('GET', '/api/get-change-email-code?email=GINA@example.com', gina);
    expect(same.statusCode).toBe(400);
    const taken = await call('GET', '/api/get-change-email-code?email=other@example.com', gina);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().msg).toBe('The email already exists');

    const malformed = await call('GET', '/api/get-change-email-code?email=not-an-email', gina);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().msg).toContain('email');
    const shortCode = await call('POST', '/api/change-email', gina, {
      password: PASSWORD,
      newEmail: 'gina.new@example.com',
      code: '12',
    });
    expect(shortCode.statusCode).toBe(400);
    expect(shortCode.json().msg).toContain('code');
    const badEmail = await call('POST', '/api/change-email', gina, {
      password: PASSWORD,
      newEmail: 'x',
      code: '123456',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().msg).toContain('newEmail');
    expect(
      (
        await call('POST', '/api/change-email', undefined, {
          password: PASSWORD,
          newEmail: 'a@b.co',
          code: '123456',
        })
      ).statusCode,
    ).toBe(401);
    const sent = await call('GET', '/api/get-change-email-code?email=Gina.New@example.com', gina);
    expect(sent.statusCode).toBe(200);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['gina.new@example.com']);
    const code = /is (\d{6})/.exec(mail!.text)![1]!;

    const badPassword = await call('POST', '/api/change-email', gina, {
      password: 'wrongpw1',
      newEmail: 'gina.new@example.com',
      code,
    });
    expect(badPassword.statusCode).toBe(400);
    const badCode = await call('POST', '/api/change-email', gina, {
      password: PASSWORD,
      newEmail: 'gina.new@example.com',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(badCode.statusCode).toBe(400);
    const res = await call('POST', '/api/change-email', gina, {
      password: PASSWORD,
      newEmail: 'gina.new@example.com',
      code,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe('gina.new@example.com');
  });
});

describe('change user info', () => {
  it('updates the given fields and answers the new user info', async () => {
    const res = await call('POST', '/api/change-userInfo', gina, {
      nickname: 'G',
      school: 'MIT',
      gender: 'female',
      signature: '**hi**',
      github: 'https://github.com/gina',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      nickname: 'G',
      school: 'MIT',
      gender: 'female',
      signature: '**hi**',
    });
    const partial = await call('POST', '/api/change-userInfo', gina, { blog: 'https://gina.dev' });
    expect(partial.json().data).toMatchObject({ school: 'MIT', blog: 'https://gina.dev' });
  });

  it('refuses bad fields with 400 naming the field, and anonymous callers with 401', async () => {
    const gender = await call('POST', '/api/change-userInfo', gina, { gender: 'robot' });
    expect(gender.statusCode).toBe(400);
    expect(gender.json().msg).toContain('gender');
    const nick = await call('POST', '/api/change-userInfo', gina, { nickname: 'n'.repeat(21) });
    expect(nick.statusCode).toBe(400);
    expect(nick.json().msg).toContain('nickname');
    expect((await call('POST', '/api/change-userInfo', undefined, { nickname: 'x' })).statusCode).toBe(401);
  });
});

describe('avatar upload', () => {
  const upload = async (name: string, data: Buffer, token: string | undefined = gina, type = 'image/png') => {
    const { payload, headers } = await multipartFile('image', name, data, type);
    return t.app.inject({
      method: 'POST',
      url: '/api/file/upload-avatar',
      payload,
      headers: { ...headers, ...(token ? { authorization: token } : {}) },
    });
  };

  it('accepts a real PNG and serves it with its type and nosniff', async () => {
    const res = await upload('me.png', PNG_1X1);
    expect(res.statusCode).toBe(200);
    const avatar: string = res.json().data.avatar;
    expect(avatar).toMatch(/^\/api\/public\/avatar\/[a-f0-9]{64}\.png$/);
    const img = await t.app.inject({ method: 'GET', url: avatar });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.equals(PNG_1X1)).toBe(true);
    const info = await call('GET', '/api/get-user-auth-info', gina);
    expect(info.json().data.avatar).toBe(avatar);
  });

  it('refuses a text file renamed .png, judging by content', async () => {
    const res = await upload('evil.png', Buffer.from('<script>alert(1)</script>\n'.repeat(10)));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('file type not supported: evil.png');
  });

  it('accepts exactly 2 MB and refuses 2 MB + 1 byte', async () => {
    const exact = Buffer.concat([PNG_1X1, Buffer.alloc(2097152 - PNG_1X1.length)]);
    expect((await upload('big.png', exact)).statusCode).toBe(200);
    const over = Buffer.concat([exact, Buffer.alloc(1)]);
    const res = await upload('bigger.png', over);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('file size exceeds 2MB');
  });

  it('needs login, the image field and a multipart body', async () => {
    expect((await upload('me.png', PNG_1X1, '')).statusCode).toBe(401);
    const { payload, headers } = await multipartFile('file', 'me.png', PNG_1X1);
    const wrongField = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload-avatar',
      payload,
      headers: { ...headers, authorization: gina },
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().msg).toContain('image');
    const json = await call('POST', '/api/file/upload-avatar', gina, { image: 'x' });
    expect(json.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/public/avatar/../../etc/passwd' })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/public/avatar/${'a'.repeat(64)}.png` })).statusCode,
    ).toBe(404);
  });
});

describe('public user pages', () => {
  it('get-user-home-info counts submissions and lists solved problems by difficulty', async () => {
    const uid = await makeUser(t.ctx, { username: 'ivy' });
    const p1 = await makeProblem(t.ctx, 'P1001', { difficulty: 45 });
    const p2 = await makeProblem(t.ctx, 'P1002', { difficulty: 145, type: 1 });
    const p3 = await makeProblem(t.ctx, 'P1003');
    const base = { uid, username: 'ivy' };
    await makeSubmission(t.ctx, { ...base, pid: p1, problemId: 'P1001', status: JudgeStatus.WRONG_ANSWER });
    await makeSubmission(t.ctx, { ...base, pid: p1, problemId: 'P1001', status: JudgeStatus.ACCEPTED });
    await makeSubmission(t.ctx, { ...base, pid: p1, problemId: 'P1001', status: JudgeStatus.ACCEPTED });
    await makeSubmission(t.ctx, {
      ...base,
      pid: p2,
      problemId: 'P1002',
      status: JudgeStatus.PARTIAL_ACCEPTED,
      oiRankScore: 30,
    });
    await makeSubmission(t.ctx, {
      ...base,
      pid: p2,
      problemId: 'P1002',
      status: JudgeStatus.ACCEPTED,
      oiRankScore: 300,
    });
    // An AC inside a contest does not count as solved on the profile.
    await makeSubmission(t.ctx, {
      ...base,
      pid: p3,
      problemId: 'P1003',
      status: JudgeStatus.ACCEPTED,
      cid: 7,
    });

    const res = await call('GET', '/api/get-user-home-info?username=IVY');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      uid,
      username: 'ivy',
      total: 5,
      solvedList: ['P1001', 'P1002'],
      scoreList: [300],
    });
    expect(d.solvedGroupByDifficulty['45'].map((p: { problemId: string }) => p.problemId)).toEqual(['P1001']);
    expect(d.solvedGroupByDifficulty['145'].map((p: { problemId: string }) => p.problemId)).toEqual([
      'P1002',
    ]);
    expect(d).not.toHaveProperty('passwordHash');
    expect(d).not.toHaveProperty('email');
    const byUid = await call('GET', `/api/get-user-home-info?uid=${uid}`);
    expect(byUid.json().data.username).toBe('ivy');
  });

  it('get-user-home-info: 404 unknown user, 400 anonymous without a name, self when signed in', async () => {
    expect((await call('GET', '/api/get-user-home-info?username=nobody')).statusCode).toBe(404);
    const anon = await call('GET', '/api/get-user-home-info');
    expect(anon.statusCode).toBe(400);
    expect(anon.json().msg).toContain('uid');
    const longName = await call('GET', `/api/get-user-home-info?username=${'x'.repeat(65)}`);
    expect(longName.statusCode).toBe(400);
    expect(longName.json().msg).toContain('username');
    expect((await call('GET', '/api/get-user-calendar-heatmap')).statusCode).toBe(400);
    expect((await call('GET', '/api/get-user-calendar-heatmap?uid=no-such-uid')).statusCode).toBe(404);
    const self = await call('GET', '/api/get-user-home-info', gina);
    expect(self.json().data.uid).toBe(ginaUid);
  });

  it('get-user-calendar-heatmap counts submissions per UTC day over the last year', async () => {
    const uid = await makeUser(t.ctx, { username: 'jack' });
    const pid = await makeProblem(t.ctx, 'P2001');
    const base = { uid, username: 'jack', pid, problemId: 'P2001', status: JudgeStatus.ACCEPTED };
    const day = (d: number) => new Date(Date.now() - d * 24 * 3600 * 1000);
    await makeSubmission(t.ctx, { ...base, at: day(0) });
    await makeSubmission(t.ctx, { ...base, at: day(0) });
    await makeSubmission(t.ctx, { ...base, at: day(10) });
    await makeSubmission(t.ctx, { ...base, at: day(400) });
    const res = await call('GET', '/api/get-user-calendar-heatmap?username=jack');
    expect(res.statusCode).toBe(200);
    const { dataList, endDate } = res.json().data;
    const today = new Date().toISOString().slice(0, 10);
    expect(endDate).toBe(today);
    expect(dataList).toEqual([
      { date: day(10).toISOString().slice(0, 10), count: 1 },
      { date: today, count: 2 },
    ]);
  });
});
