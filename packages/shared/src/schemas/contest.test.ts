import { describe, expect, it } from 'vitest';
import { contestBody, fitsAccountLimit, formatAccountLimitRule, parseAccountLimitRule } from './contest.js';

const base = {
  title: 'Weekly 1',
  description: 'd',
  startTime: '2026-01-01T10:00:00Z',
  endTime: '2026-01-01T15:00:00+00:00',
  type: 0,
  auth: 0,
};

const firstMessage = (body: unknown) => {
  const r = contestBody.safeParse(body);
  return r.success ? null : `${r.error.issues[0]?.path.join('.')}: ${r.error.issues[0]?.message}`;
};

describe('account limit rule (doc 3 §5)', () => {
  const rule = parseAccountLimitRule(
    '<prefix>team</prefix><suffix>_a</suffix><start>1</start><end>20</end><extra>coach guest</extra>',
  );

  it('reads and writes HOJ packed text', () => {
    expect(rule).toEqual({ prefix: 'team', suffix: '_a', start: 1, end: 20, extra: ['coach', 'guest'] });
    expect(parseAccountLimitRule(formatAccountLimitRule(rule))).toEqual(rule);
  });

  it('lets in prefix + i + suffix within the range and the extra names, nobody else', () => {
    expect(fitsAccountLimit('team1_a', rule)).toBe(true);
    expect(fitsAccountLimit('team20_a', rule)).toBe(true);
    expect(fitsAccountLimit('guest', rule)).toBe(true);
    expect(fitsAccountLimit('team21_a', rule)).toBe(false);
    expect(fitsAccountLimit('team01_a', rule)).toBe(false);
    expect(fitsAccountLimit('team0_a', rule)).toBe(false);
    expect(fitsAccountLimit('team_a', rule)).toBe(false);
    expect(fitsAccountLimit('Team1_a', rule)).toBe(false);
  });
});

describe('contest body (doc 3 §5)', () => {
  it('accepts a minimal public contest with defaults', () => {
    const r = contestBody.parse(base);
    expect(r.rankShowName).toBe('username');
    expect(r.oiRankScoreType).toBe('Recent');
    expect(r.autoRealRank).toBe(true);
  });

  it('names the field of each broken rule', () => {
    expect(firstMessage({ ...base, title: ' ' })).toMatch(/^title: /);
    expect(firstMessage({ ...base, startTime: '2026-01-01 10:00' })).toMatch(/^startTime: .*ISO 8601/);
    expect(firstMessage({ ...base, endTime: base.startTime })).toMatch(/^endTime: Contets_Time_Check/);
    expect(firstMessage({ ...base, auth: 1 })).toBe('pwd: Contest Password is required');
    expect(firstMessage({ ...base, sealRank: true })).toMatch(/^sealRankTime: /);
    expect(firstMessage({ ...base, sealRank: true, sealRankTime: '2026-01-01T16:00:00Z' })).toMatch(
      /^sealRankTime: .*between/,
    );
    expect(firstMessage({ ...base, starAccount: ['a', ' a '] })).toMatch(/^starAccount: Add_Star_User_Error/);
    expect(firstMessage({ ...base, type: 2 })).toMatch(/^type: /);
  });

  it('trims star users and drops blank ones', () => {
    expect(contestBody.parse({ ...base, starAccount: [' a ', '', 'b'] }).starAccount).toEqual(['a', 'b']);
  });
});
