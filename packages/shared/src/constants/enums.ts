/** Code tables of doc 2 §4.2 and doc 3 §3-§4: contests, groups, trainings, problems, difficulty. */

export const ContestStatus = { SCHEDULED: -1, RUNNING: 0, ENDED: 1 } as const;
export type ContestStatusCode = (typeof ContestStatus)[keyof typeof ContestStatus];
export const CONTEST_STATUS_INFO: Record<ContestStatusCode, { name: string; color: string }> = {
  [-1]: { name: 'Scheduled', color: '#f90' },
  [0]: { name: 'Running', color: '#19be6b' },
  [1]: { name: 'Ended', color: '#ed3f14' },
};

export const ContestType = { ACM: 0, OI: 1 } as const;
export type ContestTypeCode = (typeof ContestType)[keyof typeof ContestType];

export const ContestAuth = { PUBLIC: 0, PRIVATE: 1, PROTECTED: 2 } as const;
export type ContestAuthCode = (typeof ContestAuth)[keyof typeof ContestAuth];
export const CONTEST_AUTH_INFO: Record<ContestAuthCode, { name: string; color: string }> = {
  0: { name: 'Public', color: 'green' },
  1: { name: 'Private', color: 'red' },
  2: { name: 'Protected', color: 'orange' },
};

export const OiRankScoreType = { RECENT: 'Recent', HIGHEST: 'Highest' } as const;
export const RankShowName = { USERNAME: 'username', NICKNAME: 'nickname', REALNAME: 'realname' } as const;
export const AwardType = { NONE: 0, PROPORTION: 1, NUMBER: 2 } as const;

export const GroupAuth = { PUBLIC: 1, PROTECTED: 2, PRIVATE: 3 } as const;
export type GroupAuthCode = (typeof GroupAuth)[keyof typeof GroupAuth];
export const GROUP_AUTH_INFO: Record<GroupAuthCode, { name: string; color: string }> = {
  1: { name: 'Public', color: 'green' },
  2: { name: 'Protected', color: 'orange' },
  3: { name: 'Private', color: 'red' },
};

/** Group member levels (doc 3 §4); 3 member, 4 admin, 5 root. */
export const GroupMemberAuth = { APPLYING: 1, REFUSED: 2, MEMBER: 3, ADMIN: 4, ROOT: 5 } as const;
/** The member level of a user with no row in the group (neither member nor applicant), below every GroupMemberAuth. */
export const NO_MEMBER_LEVEL = 0;

export const TrainingAuth = { PUBLIC: 'Public', PRIVATE: 'Private' } as const;

/** Problem auth: 1 public, 2 private, 3 contest. */
export const ProblemAuth = { PUBLIC: 1, PRIVATE: 2, CONTEST: 3 } as const;
export const ProblemType = { ACM: 0, OI: 1 } as const;

export const JudgeMode = { DEFAULT: 'default', SPJ: 'spj', INTERACTIVE: 'interactive' } as const;
export type JudgeModeName = (typeof JudgeMode)[keyof typeof JudgeMode];
export const JUDGE_MODES: JudgeModeName[] = ['default', 'spj', 'interactive'];

export const JudgeCaseMode = {
  DEFAULT: 'default',
  SUBTASK_LOWEST: 'subtask_lowest',
  SUBTASK_AVERAGE: 'subtask_average',
  ERGODIC_WITHOUT_ERROR: 'ergodic_without_error',
} as const;
export type JudgeCaseModeName = (typeof JudgeCaseMode)[keyof typeof JudgeCaseMode];
export const JUDGE_CASE_MODES: JudgeCaseModeName[] = [
  'default',
  'subtask_lowest',
  'subtask_average',
  'ergodic_without_error',
];

/** Difficulty codes (doc 2 §4.2) with display names and colours, in ascending order of hardness. */
export const DIFFICULTIES = [
  { code: 0, name: 'Entry', color: '#909399' },
  { code: 45, name: 'Easy', color: '#19be6b' },
  { code: 95, name: 'Elementary', color: '#25bb9b' },
  { code: 145, name: 'Medium', color: '#2d8cf0' },
  { code: 195, name: 'Intermediate', color: '#5c6bc0' },
  { code: 245, name: 'Hard', color: '#f90' },
  { code: 345, name: 'Harder', color: '#e67e22' },
  { code: 395, name: 'Very Hard', color: '#ed3f14' },
  { code: 495, name: 'Expert', color: '#c0392b' },
  { code: 995, name: 'Legendary', color: '#8e44ad' },
] as const;
export const DIFFICULTY_CODES: number[] = DIFFICULTIES.map((d) => d.code);

/** Account status (doc 3 admin "Users": user type normal / disabled). */
export const UserStatus = { NORMAL: 0, DISABLED: 1 } as const;

/** Announcement status: 0 shown, 1 hidden (the admin visible switch). */
export const AnnouncementStatus = { VISIBLE: 0, HIDDEN: 1 } as const;

/** `contest_registers.status`: 0 a valid registration (HOJ's column; a later "disabled" state would be 1). */
export const ContestRegisterStatus = { VALID: 0 } as const;

export const Gender = { MALE: 'male', FEMALE: 'female', SECRECY: 'secrecy' } as const;

export const MessageType = {
  DISCUSS: 'Discuss',
  REPLY: 'Reply',
  LIKE: 'Like',
  SYS: 'Sys',
  MINE: 'Mine',
} as const;

export const RemoteOj = ['HDU', 'CF', 'POJ', 'GYM', 'AC', 'SPOJ'] as const;

/**
 * The website name and description a fresh installation starts with (doc 1 §1). The web app shows them translated
 * while an admin has not changed them (the Chinese interface says 在线评测系统, not "Online Judge").
 */
export const SITE_DEFAULTS = {
  name: 'Online Judge',
  description: 'An online judge for practice, contests, trainings and groups.',
} as const;
