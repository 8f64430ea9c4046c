/** Query keys of the admin judge pages: judge servers and the language table. */
export const adminJudgeKeys = {
  all: ['admin', 'judge'] as const,
  servers: () => [...adminJudgeKeys.all, 'server'] as const,
  languages: () => [...adminJudgeKeys.all, 'language'] as const,
};
