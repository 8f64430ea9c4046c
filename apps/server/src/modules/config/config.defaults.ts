import {
  defaultRolePermissions,
  EDITABLE_PERMISSIONS,
  EDITABLE_ROLES,
  LIMITS,
  SITE_DEFAULTS,
  TLE_RECHECK_MARGIN,
} from '@oj/shared';
import { z } from 'zod';

/** Website settings (doc 1 §1, §3; doc 3 System Config "website"). Defaults: registration and discussions on. */
export const websiteSection = z.object({
  baseUrl: z.string().max(255).default('http://localhost:8080'),
  name: z.string().max(100).default(SITE_DEFAULTS.name),
  shortName: z.string().max(30).default('OJ'),
  description: z.string().max(1000).default(SITE_DEFAULTS.description),
  recordName: z.string().max(100).default(''),
  recordUrl: z.string().max(255).default(''),
  projectName: z.string().max(100).default('OJ'),
  projectUrl: z.string().max(255).default(''),
  register: z.boolean().default(true),
  openPublicDiscussion: z.boolean().default(true),
  openGroupDiscussion: z.boolean().default(true),
  openContestComment: z.boolean().default(true),
});

/** SMTP settings (doc 3 System Config "email"). Empty host means mail is written to the server log. */
export const emailSection = z.object({
  host: z.string().max(255).default(''),
  port: z.number().int().min(0).max(65535).default(465),
  username: z.string().max(255).default(''),
  password: z.string().max(255).default(''),
  ssl: z.boolean().default(true),
  from: z.string().max(255).default(''),
  backgroundImage: z.string().max(1000).default(''),
});

/** Default per-address limits, requests a minute (switch section; docs/security.md). */
export const IP_LIMIT_DEFAULTS = {
  login: 120,
  account: 60,
  mail: 10,
  trustedLogin: 6000,
  trustedAccount: 3000,
  trustedMail: 300,
} as const;

/** Switches and community limits (doc 3 "switch"; doc 1 §6 thresholds). Intervals in seconds. */
export const switchSection = z.object({
  openPublicJudge: z.boolean().default(true),
  openGroupJudge: z.boolean().default(true),
  openContestJudge: z.boolean().default(true),
  hideNonContestSubmissionCode: z.boolean().default(false),
  /** Minimum seconds between two non-contest submissions of one user (super admins exempt); 0 disables. */
  defaultSubmitInterval: z.number().int().min(0).max(3600).default(8),
  defaultCreateDiscussionACInitValue: z.number().int().min(0).default(10),
  defaultCreateDiscussionDailyLimit: z.number().int().min(0).default(5),
  defaultCreateCommentACInitValue: z.number().int().min(0).default(10),
  /**
   * The comment rate limit (comment.throttle.ts): comments and replies an ordinary user writes per minute in one
   * discussion or contest, and in all.
   */
  commentLimitPerThreadPerMinute: z.number().int().min(1).default(LIMITS.commentsPerTargetPerWindow),
  commentLimitPerMinute: z.number().int().min(1).default(LIMITS.commentsPerWindow),
  defaultCreateGroupACInitValue: z.number().int().min(0).default(20),
  defaultCreateGroupDailyLimit: z.number().int().min(0).default(2),
  defaultCreateGroupLimit: z.number().int().min(0).default(5),
  /**
   * Per-address request limits, requests a minute (issue 22 item 4; docs/security.md): sign-in (POST /login,
   * /admin/login), account (register, reset, check-username-or-email, captcha), mail (routes that send a mail).
   * Addresses inside `trustedRanges` (CIDR, e.g. a contest hall behind one NAT) get the trusted limits instead.
   */
  loginLimitPerMinute: z.number().int().min(1).default(IP_LIMIT_DEFAULTS.login),
  accountLimitPerMinute: z.number().int().min(1).default(IP_LIMIT_DEFAULTS.account),
  mailLimitPerMinute: z.number().int().min(1).default(IP_LIMIT_DEFAULTS.mail),
  trustedRanges: z.array(z.string()).default([]),
  trustedLoginLimitPerMinute: z.number().int().min(1).default(IP_LIMIT_DEFAULTS.trustedLogin),
  trustedAccountLimitPerMinute: z.number().int().min(1).default(IP_LIMIT_DEFAULTS.trustedAccount),
  trustedMailLimitPerMinute: z.number().int().min(1).default(IP_LIMIT_DEFAULTS.trustedMail),
  /**
   * Borderline TLE re-check, the site default (issue 29 part 3; docs/judging.md): a problem whose switch is
   * `default` re-runs a case whose CPU time is above the limit by at most the margin (whole percent).
   */
  tleRecheck: z.boolean().default(true),
  tleRecheckMarginPercent: z
    .number()
    .int()
    .min(TLE_RECHECK_MARGIN.min)
    .max(TLE_RECHECK_MARGIN.max)
    .default(TLE_RECHECK_MARGIN.default),
});

/** Home carousel images: file ids and links, managed by the super admin. */
export const carouselSection = z.object({
  items: z
    .array(z.object({ id: z.number().int(), url: z.string().max(1000) }))
    .max(20)
    .default([]),
});

/** Secrets generated at first start, shared by every server instance through the database. */
export const secretSection = z.object({
  jwtSecret: z.string().default(''),
  judgeToken: z.string().default(''),
});

/**
 * Role auth (doc 3 "Role auth"): the editable permissions each ordinary role (1002-1007, by code as a string)
 * holds; a role left out holds its defaults (what its code names). Set on the back office's Role auth page.
 */
export const roleAuthSection = z.object({
  grants: z
    .record(z.string(), z.array(z.enum(EDITABLE_PERMISSIONS)))
    .default(() => Object.fromEntries(EDITABLE_ROLES.map((r) => [String(r), defaultRolePermissions(r)]))),
});

export const SECTIONS = {
  website: websiteSection,
  email: emailSection,
  switch: switchSection,
  carousel: carouselSection,
  secret: secretSection,
  roleAuth: roleAuthSection,
} as const;

export type SectionName = keyof typeof SECTIONS;
export type SectionValue<K extends SectionName> = z.infer<(typeof SECTIONS)[K]>;
