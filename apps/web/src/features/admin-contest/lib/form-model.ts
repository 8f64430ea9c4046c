import {
  type AdminContestVo,
  type AwardConfigItem,
  AwardType,
  ContestAuth,
  type ContestBody,
  ContestType,
  formatAccountLimitRule,
  LIMITS,
  OiRankScoreType,
  parseAccountLimitRule,
  RankShowName,
} from '@oj/shared';
import dayjs, { type Dayjs } from 'dayjs';

/** Seal time choices of doc 3 §4: 0 the last half hour, 1 the last hour, 2 the whole contest. */
export const SealChoice = { HALF_HOUR: 0, ONE_HOUR: 1, WHOLE: 2 } as const;
const [HALF_S, HOUR_S] = LIMITS.sealWindowsSeconds;

/** The contest form's values (antd Form). Times as dayjs; the account limit rule in its parts. */
export interface ContestFormValues {
  id?: number;
  title: string;
  description: string;
  startTime: Dayjs | null;
  endTime: Dayjs | null;
  type: number;
  auth: number;
  pwd: string;
  sealRank: boolean;
  sealChoice: number;
  autoRealRank: boolean;
  openRank: boolean;
  openPrint: boolean;
  allowEndSubmit: boolean;
  rankShowName: string;
  oiRankScoreType: string;
  openAccountLimit: boolean;
  limitPrefix: string;
  limitSuffix: string;
  limitStart: number;
  limitEnd: number;
  limitExtra: string;
  starAccount: string[];
  awardType: number;
  awardConfigList: AwardConfigItem[];
  visible: boolean;
}

/** Contest length in seconds (0 when a time is missing or the end is not after the start). */
export function durationSeconds(start: Dayjs | null, end: Dayjs | null): number {
  if (!start || !end) return 0;
  return Math.max(0, end.diff(start, 'second'));
}

/** Which seal choices are disabled (doc 3 §4): half an hour when shorter than 1800 s, one hour under 3600 s. */
export function sealChoiceDisabled(choice: number, durationS: number): boolean {
  if (choice === SealChoice.HALF_HOUR) return durationS < HALF_S;
  if (choice === SealChoice.ONE_HOUR) return durationS < HOUR_S;
  return false;
}

/** The choice turning the seal on picks (doc 3 §4): the whole contest for OI or under an hour, else the last hour. */
export function defaultSealChoice(type: number, durationS: number): number {
  return type === ContestType.OI || durationS < HOUR_S ? SealChoice.WHOLE : SealChoice.ONE_HOUR;
}

/** The seal instant of a choice: end − 1800 s, end − 3600 s or the start. */
export function sealTimeOf(choice: number, start: Dayjs, end: Dayjs): Dayjs {
  if (choice === SealChoice.HALF_HOUR) return end.subtract(HALF_S, 'second');
  if (choice === SealChoice.ONE_HOUR) return end.subtract(HOUR_S, 'second');
  return start;
}

/** The choice a saved seal time stands for on edit (doc 3 §4), comparing with end − 1800 s, end − 3600 s, start. */
export function inferSealChoice(start: Dayjs, end: Dayjs, seal: Dayjs | null): number {
  if (!seal) return SealChoice.ONE_HOUR;
  if (seal.isSame(end.subtract(HALF_S, 'second'), 'second')) return SealChoice.HALF_HOUR;
  if (seal.isSame(end.subtract(HOUR_S, 'second'), 'second')) return SealChoice.ONE_HOUR;
  if (seal.isSame(start, 'second')) return SealChoice.WHOLE;
  return SealChoice.ONE_HOUR;
}

/** Default awards (doc 2 §9 medal defaults): gold 10, silver 20, bronze 30 (percent or count by the award type). */
export function defaultAwards(): AwardConfigItem[] {
  const { gold, silver, bronze } = LIMITS.medalPercent;
  return [
    { priority: 1, name: 'Gold Medal', background: '#e6bf25', color: '#ffffff', num: gold },
    { priority: 2, name: 'Silver Medal', background: '#b4b3b3', color: '#ffffff', num: silver },
    { priority: 3, name: 'Bronze Medal', background: '#b87333', color: '#ffffff', num: bronze },
  ];
}

/**
 * The usernames the account limit admits, for the preview (doc 3 §5): prefix + i + suffix for i from start to end
 * (the first `head` and the last one when there are more) and the extra accounts; null when start > end (no
 * preview).
 */
export function accountLimitPreview(
  r: { prefix: string; suffix: string; start: number; end: number; extra: string },
  head = 3,
): { names: string[]; more: number } | null {
  const start = Number(r.start);
  const end = Number(r.end);
  if (!Number.isInteger(start) || !Number.isInteger(end) || start > end) return null;
  const count = end - start + 1;
  const idx =
    count <= head + 1
      ? Array.from({ length: count }, (_, i) => start + i)
      : [...Array.from({ length: head }, (_, i) => start + i), end];
  const names = idx.map((i) => `${r.prefix}${i}${r.suffix}`);
  const extra = splitNames(r.extra);
  return { names: [...names, ...extra], more: Math.max(0, count - idx.length) };
}

/** Usernames separated by spaces, commas or new lines. */
export const splitNames = (text: string): string[] => text.split(/[\s,]+/).filter((u) => u !== '');

/**
 * Adds a star user (doc 3 §5): trimmed, blank ignored (list unchanged), a duplicate refused with the
 * Add_Star_User_Error message key.
 */
export function addStarUser(list: string[], name: string): { list: string[]; error?: 'Add_Star_User_Error' } {
  const u = name.trim();
  if (!u) return { list };
  if (list.includes(u)) return { list, error: 'Add_Star_User_Error' };
  return { list: [...list, u] };
}

/**
 * The contest form checks of doc 3 §5 in their order: title, description, start time, end time required; end after
 * start (Contets_Time_Check); a positive duration (Contest_Duration_Check); a password unless public. Returns the
 * first failure as an `adminContest` key with its field name, or null.
 */
export function firstFormError(v: ContestFormValues): { key: string; field?: string } | null {
  const required: [keyof ContestFormValues, string][] = [
    ['title', 'Title'],
    ['description', 'Description'],
    ['startTime', 'Start_time'],
    ['endTime', 'End_time'],
  ];
  for (const [k, field] of required) {
    const val = v[k];
    if (val == null || (typeof val === 'string' && val.trim() === ''))
      return { key: 'Field_required', field };
  }
  if (v.endTime && v.startTime && !v.endTime.isAfter(v.startTime)) return { key: 'Contets_Time_Check' };
  if (durationSeconds(v.startTime, v.endTime) <= 0) return { key: 'Contest_Duration_Check' };
  if (v.auth !== ContestAuth.PUBLIC && !v.pwd?.trim()) return { key: 'Contest_Password_required' };
  return null;
}

/** A blank form: public ACM contest, results by username, recent OI scores, visible. */
export function emptyContestForm(): ContestFormValues {
  return {
    title: '',
    description: '',
    startTime: null,
    endTime: null,
    type: ContestType.ACM,
    auth: ContestAuth.PUBLIC,
    pwd: '',
    sealRank: false,
    sealChoice: SealChoice.ONE_HOUR,
    autoRealRank: true,
    openRank: false,
    openPrint: false,
    allowEndSubmit: false,
    rankShowName: RankShowName.USERNAME,
    oiRankScoreType: OiRankScoreType.RECENT,
    openAccountLimit: false,
    limitPrefix: '',
    limitSuffix: '',
    limitStart: 0,
    limitEnd: 10,
    limitExtra: '',
    starAccount: [],
    awardType: AwardType.NONE,
    awardConfigList: [],
    visible: true,
  };
}

/** The form values of a stored contest (edit mode). */
export function fromContest(c: AdminContestVo): ContestFormValues {
  const start = dayjs(c.startTime);
  const end = dayjs(c.endTime);
  const rule = parseAccountLimitRule(c.accountLimitRule);
  return {
    ...emptyContestForm(),
    id: c.id,
    title: c.title,
    description: c.description,
    startTime: start,
    endTime: end,
    type: c.type,
    auth: c.auth,
    pwd: c.pwd ?? '',
    sealRank: c.sealRank,
    sealChoice: inferSealChoice(start, end, c.sealRankTime ? dayjs(c.sealRankTime) : null),
    autoRealRank: c.autoRealRank,
    openRank: c.openRank,
    openPrint: c.openPrint,
    allowEndSubmit: c.allowEndSubmit,
    rankShowName: c.rankShowName,
    oiRankScoreType: c.oiRankScoreType,
    openAccountLimit: c.openAccountLimit,
    limitPrefix: rule.prefix,
    limitSuffix: rule.suffix,
    limitStart: rule.start,
    limitEnd: rule.end,
    limitExtra: rule.extra.join(' '),
    starAccount: c.starAccount ?? [],
    awardType: c.awardType,
    awardConfigList: c.awardConfigList ?? [],
    visible: c.visible,
  };
}

/** The POST / PUT /api/admin/contest body of valid form values (times ISO 8601 with zone). */
export function toContestBody(v: ContestFormValues): ContestBody {
  const start = v.startTime as Dayjs;
  const end = v.endTime as Dayjs;
  return {
    ...(v.id ? { id: v.id } : {}),
    title: v.title.trim(),
    description: v.description,
    startTime: start.toISOString(),
    endTime: end.toISOString(),
    type: v.type as ContestBody['type'],
    auth: v.auth as ContestBody['auth'],
    pwd: v.auth === ContestAuth.PUBLIC ? null : v.pwd,
    sealRank: v.sealRank,
    sealRankTime: v.sealRank ? sealTimeOf(v.sealChoice, start, end).toISOString() : null,
    autoRealRank: v.autoRealRank,
    openRank: v.openRank,
    openPrint: v.openPrint,
    allowEndSubmit: v.allowEndSubmit,
    rankShowName: v.rankShowName as ContestBody['rankShowName'],
    oiRankScoreType: v.oiRankScoreType as ContestBody['oiRankScoreType'],
    openAccountLimit: v.openAccountLimit,
    accountLimitRule: v.openAccountLimit
      ? formatAccountLimitRule({
          prefix: v.limitPrefix ?? '',
          suffix: v.limitSuffix ?? '',
          start: Number(v.limitStart ?? 0),
          end: Number(v.limitEnd ?? 0),
          extra: splitNames(v.limitExtra ?? ''),
        })
      : null,
    starAccount: v.starAccount,
    awardType: v.awardType as ContestBody['awardType'],
    awardConfigList: v.awardType === AwardType.NONE ? [] : v.awardConfigList,
    visible: v.visible,
  };
}
