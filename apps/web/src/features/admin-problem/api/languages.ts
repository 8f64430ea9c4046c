import type { LanguageView } from '@oj/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.js';
import { languageKeys } from '../../help/api/keys.js';

/** A language as GET /api/languages answers it (doc 2 §3 "Language"). */
export type LanguageItem = LanguageView;

/** GET /api/languages?all=true: every available language ordered by seq (the form keeps the local ones). */
export const allLanguagesQuery = () =>
  queryOptions({
    queryKey: languageKeys.everyLanguage(),
    queryFn: () => apiGet<LanguageItem[]>('/languages', { all: true }),
    staleTime: 300_000,
  });
export const useAllLanguages = () => useQuery(allLanguagesQuery());
