import { describe, expect, it } from 'vitest';
import { changeUserInfoBody, isHttpUrl, isValidNewUsername, loginBody, registerBody } from './account.js';

// The rules the register form, the settings form and the server share (issue 8 findings 8, 9).

describe('new usernames', () => {
  it('accept ASCII letters, digits, _ . - and Chinese characters up to 20 characters', () => {
    for (const name of ['alice', 'Bob_2', 'a.b-c', '张三', 'Li_明', 'x'.repeat(20)]) {
      expect(isValidNewUsername(name), name).toBe(true);
    }
  });

  it('refuse look-alike scripts, fullwidth letters, spaces, invisible and direction marks', () => {
    for (const name of [
      '\u0430lice',
      'αlice',
      '\uff41lice',
      'al ice',
      'al\u200bice',
      'al\u200dice',
      '\u202ealice',
      'alice\u200f',
      'x'.repeat(21),
      '',
    ]) {
      expect(isValidNewUsername(name), JSON.stringify(name)).toBe(false);
    }
    const r = registerBody.safeParse({
      username: '\u0430lice',
      password: 'secret1',
      email: 'a@b.co',
      code: '123456',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['username']);
  });

  it('do not apply to login, so accounts named before the rule still sign in', () => {
    expect(loginBody.safeParse({ username: 'old\u0430ccount', password: 'secret1' }).success).toBe(true);
  });
});

describe('profile links', () => {
  it('isHttpUrl accepts only absolute http and https URLs', () => {
    expect(isHttpUrl('https://github.com/alice')).toBe(true);
    expect(isHttpUrl('http://alice.example/blog?x=1')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,hi',
      'vbscript:x',
      'ftp://a.b',
      '//evil.example',
      'github.com/alice',
      '',
    ]) {
      expect(isHttpUrl(bad), bad).toBe(false);
    }
  });

  it('github and blog take an http(s) URL or an empty string', () => {
    expect(changeUserInfoBody.safeParse({ github: 'https://github.com/a', blog: '' }).success).toBe(true);
    const bad = changeUserInfoBody.safeParse({ blog: ' javascript:alert(1)' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['blog']);
  });
});
