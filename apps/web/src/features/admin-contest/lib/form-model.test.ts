import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  accountLimitPreview,
  addStarUser,
  defaultSealChoice,
  emptyContestForm,
  firstFormError,
  fromContest,
  inferSealChoice,
  SealChoice,
  sealChoiceDisabled,
  toContestBody,
} from './form-model.js';

const start = dayjs('2026-03-01T08:00:00Z');
const end = dayjs('2026-03-01T13:00:00Z');

describe('contest form rules (doc 3 §4-§5)', () => {
  it('disables the half hour under 1800 s and the hour under 3600 s', () => {
    expect(sealChoiceDisabled(SealChoice.HALF_HOUR, 1799)).toBe(true);
    expect(sealChoiceDisabled(SealChoice.HALF_HOUR, 1800)).toBe(false);
    expect(sealChoiceDisabled(SealChoice.ONE_HOUR, 3599)).toBe(true);
    expect(sealChoiceDisabled(SealChoice.WHOLE, 60)).toBe(false);
  });
  it('turning the seal on picks the whole contest for OI or short contests, else the last hour', () => {
    expect(defaultSealChoice(1, 18_000)).toBe(SealChoice.WHOLE);
    expect(defaultSealChoice(0, 3000)).toBe(SealChoice.WHOLE);
    expect(defaultSealChoice(0, 18_000)).toBe(SealChoice.ONE_HOUR);
  });
  it('infers the seal choice on edit from the saved seal time', () => {
    expect(inferSealChoice(start, end, end.subtract(1800, 'second'))).toBe(SealChoice.HALF_HOUR);
    expect(inferSealChoice(start, end, end.subtract(3600, 'second'))).toBe(SealChoice.ONE_HOUR);
    expect(inferSealChoice(start, end, start)).toBe(SealChoice.WHOLE);
  });
  it('checks in order: required fields, end after start, password unless public', () => {
    const v = { ...emptyContestForm(), title: 'T', description: 'D', startTime: start, endTime: end };
    expect(firstFormError({ ...v, title: ' ' })).toEqual({ key: 'Field_required', field: 'Title' });
    expect(firstFormError({ ...v, description: '' })).toEqual({
      key: 'Field_required',
      field: 'Description',
    });
    expect(firstFormError({ ...v, endTime: null })).toEqual({ key: 'Field_required', field: 'End_time' });
    expect(firstFormError({ ...v, endTime: start.subtract(1, 'minute') })).toEqual({
      key: 'Contets_Time_Check',
    });
    expect(firstFormError({ ...v, auth: 1 })).toEqual({ key: 'Contest_Password_required' });
    expect(firstFormError({ ...v, auth: 1, pwd: 'x' })).toBeNull();
  });
  it('star users: trimmed, blank ignored, duplicates refused', () => {
    expect(addStarUser(['a'], '  b ')).toEqual({ list: ['a', 'b'] });
    expect(addStarUser(['a'], '   ')).toEqual({ list: ['a'] });
    expect(addStarUser(['a'], 'a ')).toEqual({ list: ['a'], error: 'Add_Star_User_Error' });
  });
  it('previews the account limit only when start ≤ end', () => {
    expect(accountLimitPreview({ prefix: 'team', suffix: 'x', start: 1, end: 10, extra: 'coach' })).toEqual({
      names: ['team1x', 'team2x', 'team3x', 'team10x', 'coach'],
      more: 6,
    });
    expect(accountLimitPreview({ prefix: 'a', suffix: '', start: 5, end: 4, extra: '' })).toBeNull();
  });
  it('round-trips a contest through the body: seal time from the choice, rule text, no password when public', () => {
    const v = {
      ...emptyContestForm(),
      title: ' Cup ',
      description: 'd',
      startTime: start,
      endTime: end,
      sealRank: true,
      sealChoice: SealChoice.HALF_HOUR,
      openAccountLimit: true,
      limitPrefix: 't',
      limitStart: 1,
      limitEnd: 3,
      limitExtra: 'x y',
      pwd: 'ignored',
    };
    const body = toContestBody(v);
    expect(body.title).toBe('Cup');
    expect(body.pwd).toBeNull();
    expect(body.sealRankTime).toBe('2026-03-01T12:30:00.000Z');
    expect(body.accountLimitRule).toBe(
      '<prefix>t</prefix><suffix></suffix><start>1</start><end>3</end><extra>x y</extra>',
    );
    const back = fromContest({
      ...body,
      id: 7,
      status: 0,
      now: '',
      duration: 0,
      count: 0,
      gid: null,
      author: 'root',
      uid: 'u',
      gmtCreate: '',
      pwd: null,
      accountLimitRule: body.accountLimitRule ?? null,
      sealRankTime: body.sealRankTime ?? null,
    } as never);
    expect(back.sealChoice).toBe(SealChoice.HALF_HOUR);
    expect(back.limitExtra).toBe('x y');
  });
});
