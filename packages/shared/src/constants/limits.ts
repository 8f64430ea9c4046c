/** Business constants and limits of doc 1 §9, doc 2 §9 and doc 3 §9. Units in the names. */
export const LIMITS = {
  requestTimeoutMs: 90_000,
  downloadTimeoutMs: 300_000,
  chunkLoadTimeoutMs: 120_000,
  unreadPollMs: 120_000,
  registerResendSeconds: 60,
  resetResendSeconds: 90,
  slideVerifyAfterFailures: 5,
  /**
   * Server-side login throttle: after this many failures for a username from one address, refuse that address for
   * `loginLockSeconds`; after this many for the username from all addresses, other addresses (except those that
   * signed in to it before) must answer a captcha.
   */
  loginMaxFailures: 5,
  loginLockSeconds: 300,
  /** Failed logins decay: a (username, address) count restarts after this long without a failure. */
  loginFailureWindowSeconds: 900,
  /**
   * The same throttle on the secrets a signed-in user types to get in (contest and training passwords, group
   * invitation codes; issue 23): this many wrong ones by one user (any address), or from one address (any user;
   * higher, for a classroom behind one address), lock that user or address out of every secret for
   * `loginLockSeconds`; counts decay as the login's do.
   */
  secretMaxFailuresPerUser: 5,
  secretMaxFailuresPerAddress: 30,
  usernameMax: 20,
  passwordMin: 6,
  passwordMax: 20,
  generatedPasswordMin: 6,
  generatedPasswordMax: 25,
  emailCodeLength: 6,
  captchaMin: 1,
  captchaMax: 8,
  avatarMaxBytes: 2 * 1024 * 1024,
  /** A markdown attachment (POST /api/file/upload-md-file), bytes. */
  mdFileMaxBytes: 32 * 1024 * 1024,
  avatarTypes: ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'],
  commentMax: 10_000,
  commentsPerPage: 10,
  repliesCollapsed: 3,
  announcementPageSize: 5,
  commentLikeGapMs: 100_000,
  /**
   * Comment rate limit (issue 23): an ordinary user writes at most this many comments and replies together per
   * window in one discussion or contest, and at most `commentsPerWindow` in all (429 beyond).
   */
  commentsPerTargetPerWindow: 10,
  commentsPerWindow: 30,
  commentWindowSeconds: 60,
  discussionLikeGapMs: 1_000_000,
  pageSizeOptions: [10, 15, 30, 50, 100],
  /** Largest page number a list reads (larger ones read as this): page × 300 rows stays within 32 bits. */
  pageNumberMax: 1_000_000,
  problemPageSize: 30,
  submissionPageSize: 15,
  problemSubmissionPageSize: 10,
  trainingPageSize: 15,
  rankPageSize: 30,
  contestPageSize: 10,
  scoreboardPageSize: 50,
  scoreboardPageSizes: [10, 30, 50, 100, 300],
  scoreboardRefreshMs: 30_000,
  contestAnnouncementPollMs: 60_000,
  adminHelperRefreshMs: 10_000,
  acInfoPageSize: 20,
  printPageSize: 15,
  discussionPageSize: 10,
  messagePageSize: 6,
  sysMessagePageSize: 8,
  unreadBadgeCap: 99,
  codeMax: 65_535,
  testInputMax: 1000,
  /** Unfinished (pending, compiling, judging) test runs a user may have at once; more get 429 (issue 8). */
  unfinishedTestRunsPerUser: 1,
  /** Unfinished non-contest submissions a user may have queued at once; more get 429 (super admins exempt). */
  unfinishedSubmissionsPerUser: 5,
  /** The spec's poll period (doc 2 §4.3): polling backs off to it. */
  submissionPollMs: 2000,
  /** First poll delay after a submit or after the judge reports progress; doubles up to submissionPollMs. */
  submissionPollFirstMs: 300,
  /** Longest poll delay while the judge reports Judging (a verdict is near): the verdict shows within ~0.6 s. */
  submissionPollJudgingMs: 600,
  submissionPollMax: 300,
  testJudgePollMs: 1000,
  discussionTitleMax: 255,
  discussionContentMax: 65_535,
  reportReasonMax: 200,
  printMin: 50,
  examplesMax: 2,
  groupNameMin: 5,
  groupNameMax: 25,
  groupShortNameMin: 5,
  groupShortNameMax: 10,
  groupBriefMin: 5,
  groupBriefMax: 50,
  groupDescriptionMin: 5,
  groupDescriptionMax: 1000,
  groupCodeLength: 6,
  applyReasonMin: 5,
  applyReasonMax: 100,
  rankOrderMax: 2_147_483_647,
  trainingDefaultRank: 1000,
  groupRankPageSize: 30,
  defaultTimeLimitMs: 1000,
  defaultMemoryLimitMb: 256,
  defaultStackLimitMb: 128,
  sealWindowsSeconds: [1800, 3600],
  medalPercent: { gold: 10, silver: 20, bronze: 30 },
  editorTabSizes: [2, 4, 8],
  editorDefaultTabSize: 4,
  editorFontSizeMin: 12,
  editorFontSizeMax: 20,
  editorDefaultFontSize: 14,
  editorThemes: ['monokai', 'solarized', 'material', 'idea', 'eclipse', 'base16-dark', 'cobalt', 'dracula'],
  mobileHeaderPx: 992,
  mobilePx: 768,
  loginModalWidthPx: 370,
  carouselIntervalMs: 5000,
  /** Languages that are not C/C++ get these factors on time and memory limits (HOJ). */
  otherLanguageFactor: 2,
} as const;
