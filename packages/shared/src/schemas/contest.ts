import { z } from 'zod';
import { AwardType, ContestAuth, ContestType, OiRankScoreType, RankShowName } from '../constants/enums.js';
import { LIMITS } from '../constants/limits.js';
import { pageQuery } from './common.js';

/**
 * Contest vocabulary shared by server and web (doc 2 §2.6-§2.9, §3 "Contest", "Contest problem"; doc 3 §3 "Group
 * contest", §4, §5). Times travel as ISO 8601 strings; `duration` is in milliseconds (doc 3 §3).
 */

/** Field limits of the contest form (doc 3 §5) and of contest problems. */
export const CONTEST_LIMITS = {
  titleMax: 255,
  descriptionMax: 65_535,
  pwdMax: 100,
  starAccountMax: 1000,
  awardItemsMax: 20,
  awardNameMax: 50,
  accountLimitRuleMax: 65_535,
  displayIdMax: 20,
  displayTitleMax: 255,
  /** Counts of an award by number, and percents of an award by proportion, stop at the rank order limit. */
  awardNumMax: LIMITS.rankOrderMax,
} as const;

/** One award of a contest (doc 3 §3 awardConfigList): `num` a percent (award type 1) or a count (type 2). */
export interface AwardConfigItem {
  priority: number;
  name: string;
  /** Cell background colour (CSS colour). */
  background: string;
  /** Text colour (CSS colour). */
  color: string;
  num: number;
}

/** The parts of `accountLimitRule` (doc 3 §5): usernames prefix + i + suffix, start ≤ i ≤ end, or in `extra`. */
export interface AccountLimitRule {
  prefix: string;
  suffix: string;
  start: number;
  end: number;
  extra: string[];
}

const tag = (text: string, name: string): string =>
  new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(text)?.[1] ?? '';

/** Reads HOJ's packed rule text (`<prefix>…</prefix><suffix>…</suffix><start>…</start><end>…</end><extra>…</extra>`). */
export function parseAccountLimitRule(text: string | null | undefined): AccountLimitRule {
  const s = text ?? '';
  const num = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : 0);
  return {
    prefix: tag(s, 'prefix'),
    suffix: tag(s, 'suffix'),
    start: num(tag(s, 'start')),
    end: num(tag(s, 'end')),
    extra: tag(s, 'extra')
      .split(/[\s,]+/)
      .filter((u) => u !== ''),
  };
}

/** Packs a rule into HOJ's text form (extra usernames separated by spaces). */
export function formatAccountLimitRule(r: AccountLimitRule): string {
  return (
    `<prefix>${r.prefix}</prefix><suffix>${r.suffix}</suffix><start>${r.start}</start>` +
    `<end>${r.end}</end><extra>${r.extra.join(' ')}</extra>`
  );
}

/**
 * True when `username` fits the rule: equals prefix + i + suffix for a whole i (written without leading zeros, as
 * HOJ builds it) with start ≤ i ≤ end, or is one of the extra usernames. Exact, case-sensitive comparison.
 */
export function fitsAccountLimit(username: string, rule: AccountLimitRule): boolean {
  if (rule.extra.includes(username)) return true;
  const { prefix, suffix } = rule;
  if (username.length <= prefix.length + suffix.length) return false;
  if (!username.startsWith(prefix) || !username.endsWith(suffix)) return false;
  const middle = username.slice(prefix.length, username.length - suffix.length);
  if (!/^(0|[1-9]\d*)$/.test(middle)) return false;
  const i = Number(middle);
  return i >= rule.start && i <= rule.end;
}

/** Contest status filter of the list: -1 scheduled, 0 running, 1 ended (ContestStatus). '' or absent: all. */
const optionalCode = (values: readonly number[], field: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: `${field} must be a number` })
      .int()
      .refine((n) => values.includes(n), `${field} must be one of ${values.join(', ')}`)
      .optional(),
  );

/** GET /api/get-contest-list query (doc 2 §2.6, §7). */
export const contestListQuery = pageQuery.extend({
  status: optionalCode([-1, 0, 1], 'status'),
  type: optionalCode([ContestType.ACM, ContestType.OI], 'type'),
  keyword: z.string().trim().max(200).optional(),
});
export type ContestListQuery = z.infer<typeof contestListQuery>;

/** A contest id in a query or body. */
export const cidField = z.coerce
  .number({ error: 'cid is required' })
  .int('cid must be an integer')
  .min(1, 'cid must be a positive integer')
  .max(Number.MAX_SAFE_INTEGER, 'cid is out of range');
export const cidQuery = z.object({ cid: cidField });

/** POST /api/register-contest body. */
export const registerContestBody = z.object({
  cid: cidField,
  password: z.string({ error: 'password is required' }).max(CONTEST_LIMITS.pwdMax),
});

const isoTime = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be an ISO 8601 time with a time zone` });

const awardItem = z.object({
  priority: z.coerce.number().int().min(0).max(1000),
  name: z.string().trim().min(1, 'awardConfigList name is required').max(CONTEST_LIMITS.awardNameMax),
  background: z.string().max(50).default(''),
  color: z.string().max(50).default(''),
  num: z.coerce.number().int().min(0).max(CONTEST_LIMITS.awardNumMax),
});

/**
 * POST / PUT /api/admin/contest body (doc 3 §3 fields, §5 rules in the form's order). `id` is required by PUT.
 * Cross-field rules: end after start (Contets_Time_Check), a password for non-public contests, a seal time in
 * [start, end] when sealing, no duplicate star user (Add_Star_User_Error), account limit start ≤ end.
 */
export const contestBody = z
  .object({
    id: cidField.optional(),
    title: z
      .string({ error: 'title is required' })
      .trim()
      .min(1, 'title is required')
      .max(CONTEST_LIMITS.titleMax),
    description: z
      .string({ error: 'description is required' })
      .min(1, 'description is required')
      .max(CONTEST_LIMITS.descriptionMax),
    startTime: isoTime('startTime'),
    endTime: isoTime('endTime'),
    type: z.union([z.literal(ContestType.ACM), z.literal(ContestType.OI)], { error: 'type must be 0 or 1' }),
    auth: z.union(
      [z.literal(ContestAuth.PUBLIC), z.literal(ContestAuth.PRIVATE), z.literal(ContestAuth.PROTECTED)],
      {
        error: 'auth must be 0, 1 or 2',
      },
    ),
    pwd: z.string().max(CONTEST_LIMITS.pwdMax).nullish(),
    sealRank: z.boolean().default(false),
    sealRankTime: isoTime('sealRankTime').nullish(),
    autoRealRank: z.boolean().default(true),
    openRank: z.boolean().default(false),
    openPrint: z.boolean().default(false),
    allowEndSubmit: z.boolean().default(false),
    rankShowName: z
      .enum([RankShowName.USERNAME, RankShowName.NICKNAME, RankShowName.REALNAME], {
        error: 'rankShowName must be username, nickname or realname',
      })
      .default(RankShowName.USERNAME),
    openAccountLimit: z.boolean().default(false),
    accountLimitRule: z.string().max(CONTEST_LIMITS.accountLimitRuleMax).nullish(),
    starAccount: z
      .array(z.string().max(100))
      .max(CONTEST_LIMITS.starAccountMax)
      .default([])
      .transform((list) => list.map((u) => u.trim()).filter((u) => u !== '')),
    oiRankScoreType: z
      .enum([OiRankScoreType.RECENT, OiRankScoreType.HIGHEST], {
        error: 'oiRankScoreType must be Recent or Highest',
      })
      .default(OiRankScoreType.RECENT),
    awardType: z
      .union([z.literal(AwardType.NONE), z.literal(AwardType.PROPORTION), z.literal(AwardType.NUMBER)], {
        error: 'awardType must be 0, 1 or 2',
      })
      .default(AwardType.NONE),
    awardConfigList: z.array(awardItem).max(CONTEST_LIMITS.awardItemsMax).default([]),
    visible: z.boolean().default(true),
  })
  .superRefine((c, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const start = Date.parse(c.startTime);
    const end = Date.parse(c.endTime);
    if (end <= start) issue('endTime', 'Contets_Time_Check: the end time must be after the start time');
    if (c.auth !== ContestAuth.PUBLIC && !c.pwd) issue('pwd', 'Contest Password is required');
    if (c.sealRank) {
      if (!c.sealRankTime) issue('sealRankTime', 'sealRankTime is required when sealRank is on');
      else {
        const seal = Date.parse(c.sealRankTime);
        if (seal < start || seal > end)
          issue('sealRankTime', 'sealRankTime must be between the start and end time');
      }
    }
    const seen = new Set<string>();
    for (const u of c.starAccount) {
      if (seen.has(u)) issue('starAccount', `Add_Star_User_Error: ${u} appears twice`);
      seen.add(u);
    }
    if (c.openAccountLimit) {
      const rule = parseAccountLimitRule(c.accountLimitRule);
      if (rule.start > rule.end) issue('accountLimitRule', 'the start number must not exceed the end number');
    }
    if (c.awardType === AwardType.PROPORTION && c.awardConfigList.reduce((s, a) => s + a.num, 0) > 100) {
      issue('awardConfigList', 'award percentages must not add up to more than 100');
    }
  });
export type ContestBody = z.infer<typeof contestBody>;

/** A row of GET /api/get-contest-list and the body of get-contest-info (doc 2 §3 "Contest"). */
export interface ContestVo {
  id: number;
  title: string;
  description: string;
  /** 0 ACM, 1 OI. */
  type: number;
  /** 0 public, 1 private, 2 protected. */
  auth: number;
  /** -1 scheduled, 0 running, 1 ended, from the server clock. */
  status: number;
  startTime: string;
  endTime: string;
  /** Server time of the answer, for the countdown. */
  now: string;
  /** ms. */
  duration: number;
  /** Registered participants. */
  count: number;
  openRank: boolean;
  openPrint: boolean;
  sealRank: boolean;
  sealRankTime: string | null;
  autoRealRank: boolean;
  allowEndSubmit: boolean;
  oiRankScoreType: string;
  rankShowName: string;
  awardType: number;
  gid: number | null;
  author: string;
}

/** GET /api/admin/contest: every stored field (doc 3 §3). */
export interface AdminContestVo extends ContestVo {
  pwd: string | null;
  openAccountLimit: boolean;
  accountLimitRule: string | null;
  starAccount: string[];
  awardConfigList: AwardConfigItem[];
  visible: boolean;
  uid: string | null;
  gmtCreate: string;
}

/** GET /api/get-contest-access: may the caller view / submit (doc 2 §4.2, §6). */
export interface ContestAccessVo {
  access: boolean;
  isAdmin: boolean;
  registered: boolean;
}

/** A row of GET /api/get-contest-problem (doc 2 §2.8, §3 "Contest problem"); counts null when hidden ("?"). */
export interface ContestProblemVo {
  id: number;
  cid: number;
  pid: number;
  problemId: string;
  displayId: string;
  displayTitle: string;
  color: string | null;
  /** 0 ACM, 1 OI. */
  type: number;
  ac: number | null;
  total: number | null;
  /** The caller's status in this contest (-10 not submitted; -5 while OI results are hidden). */
  myStatus: number;
  /** The caller's best score (OI), null when none or hidden. */
  score: number | null;
}

/** POST /api/admin/contest/add-problem-from-public body. */
export const addContestProblemBody = z.object({
  cid: cidField,
  pid: z.coerce.number({ error: 'pid is required' }).int().min(1, 'pid must be a positive integer'),
  displayId: z
    .string({ error: 'displayId is required' })
    .trim()
    .min(1, 'displayId is required')
    .max(CONTEST_LIMITS.displayIdMax),
});

/** PUT /api/admin/contest/contest-problem body: display id, title and balloon colour. */
export const updateContestProblemBody = z.object({
  id: z.coerce.number({ error: 'id is required' }).int().min(1, 'id must be a positive integer'),
  displayId: z
    .string({ error: 'displayId is required' })
    .trim()
    .min(1, 'displayId is required')
    .max(CONTEST_LIMITS.displayIdMax),
  displayTitle: z.string().trim().max(CONTEST_LIMITS.displayTitleMax).default(''),
  color: z.string().max(50).nullish(),
});

/** A row of GET /api/admin/contest/get-contest-list (doc 3 contest admin list). */
export interface AdminContestListItem extends ContestVo {
  visible: boolean;
  uid: string | null;
  gmtCreate: string;
}
