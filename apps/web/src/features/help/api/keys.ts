/**
 * Query keys of the language lists (GET /api/languages): the public list (help page, editors) and every language
 * (admin problem form). Invalidating `languageKeys.all` after an admin language change refreshes both.
 */
export const languageKeys = {
  all: ['languages'] as const,
  public: () => [...languageKeys.all, 'public'] as const,
  everyLanguage: () => [...languageKeys.all, 'all'] as const,
};
