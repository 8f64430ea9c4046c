/** Answers of the public profile, home page and admin dashboard calls (doc 1 §2.5, §2.9, §3, §7). */

/** A solved problem in a user's profile. */
export interface SolvedProblem {
  pid: number;
  problemId: string;
  difficulty: number;
}

/** GET /api/get-user-home-info. Times ISO 8601 UTC; `scoreList` holds the best OI rank score per problem. */
export interface UserHomeInfo {
  uid: string;
  username: string;
  nickname: string;
  avatar: string | null;
  school: string;
  signature: string;
  github: string;
  blog: string;
  gender: string;
  titleName: string | null;
  titleColor: string | null;
  roleList: string[];
  total: number;
  solvedList: string[];
  /** Difficulty code (as a string key) -> problems solved at that difficulty. */
  solvedGroupByDifficulty: Record<string, SolvedProblem[]>;
  scoreList: number[];
  /** No rating system: always null (the profile shows the AC rate of `rankRecord` instead). */
  rating: number | null;
  /** The user's Codeforces handle ('' when none; set in Settings). */
  cfUsername: string;
  /** Its Codeforces rating (doc 1 §2.9 "CF rating"); null without a handle, unrated, or Codeforces unreachable. */
  cfRating: number | null;
  /**
   * The user's practice figures exactly as the ACM / OI rank tables show them (user_records): distinct accepted
   * problems, judged submissions, and the sum of the best OI rank score per problem (shown as score / 100).
   */
  rankRecord: { ac: number; total: number; score: number };
  recentLoginTime: string | null;
  gmtCreate: string;
}

/** GET /api/get-user-calendar-heatmap: submissions per UTC day over the last year (days without any left out). */
export interface CalendarHeatmap {
  dataList: { date: string; count: number }[];
  endDate: string;
}

/** One row of GET /api/get-recent-seven-ac-rank. */
export interface RecentAcRankItem {
  uid: string;
  username: string;
  nickname: string;
  avatar: string | null;
  titleName: string | null;
  titleColor: string | null;
  ac: number;
}

/**
 * GET /api/get-last-week-submission-statistics: seven UTC days ending today. `acCountList` and `totalCountList`
 * are per day; `statusCountList` gives, per judge status code seen, one count per day.
 */
export interface SubmissionStatistics {
  dateStrList: string[];
  acCountList: number[];
  totalCountList: number[];
  statusCountList: { status: number; counts: number[] }[];
}

/** One row of GET /api/get-recent-updated-problem: the newest public problems (issue 12, home cards). */
export interface RecentUpdatedProblem {
  id: number;
  problemId: string;
  title: string;
  type: number;
  gmtCreate: string;
  gmtModified: string;
}

/**
 * One of the dashboard's recent contests: a site contest (not a group's), times ISO 8601 UTC, `status` -1
 * scheduled, 0 running, 1 ended (ContestStatus), `type` 0 ACM / 1 OI, `auth` 0 public / 1 private / 2 protected.
 */
export interface DashboardContest {
  id: number;
  title: string;
  type: number;
  auth: number;
  status: number;
  startTime: string;
  endTime: string;
}

/** GET /api/admin/dashboard/get-dashboard-info. */
export interface DashboardInfo {
  userNum: number;
  problemNum: number;
  todayJudgeNum: number;
  /** Site contests (group contests left out), hidden ones included. */
  contestNum: number;
  /** Up to 5 site contests that have not ended, the soonest first, then the latest ended ones. */
  recentContest: DashboardContest[];
  recentLoginUsers: {
    uid: string;
    username: string;
    avatar: string | null;
    recentLoginTime: string | null;
  }[];
}

/** One row of GET /api/admin/dashboard/get-sessions: the signed-in admin's live sessions, newest first. */
export interface SessionItem {
  id: string;
  ip: string;
  userAgent: string;
  gmtCreate: string;
  expiresAt: string;
  current: boolean;
}
