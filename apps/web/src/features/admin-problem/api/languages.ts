import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.js';

/** A language as GET /api/languages answers it (doc 2 §3 "Language"). */
export interface LanguageItem {
  id: number;
  name: string;
  description: string;
  compileCommand: string;
  template: string;
  codeTemplate: string;
  contentType: string;
  oj: string;
  isSpj: boolean;
  seq: number;
}

/** GET /api/languages?all=true: every available language ordered by seq (the form keeps the local ones). */
export const allLanguagesQuery = () =>
  queryOptions({
    queryKey: ['languages', 'all'],
    queryFn: () => apiGet<LanguageItem[]>('/languages', { all: true }),
    staleTime: 300_000,
  });
export const useAllLanguages = () => useQuery(allLanguagesQuery());
