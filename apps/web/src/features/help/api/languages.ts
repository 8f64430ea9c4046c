import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.js';
import type { LanguageVo } from '../../problem/api/types.js';
import { languageKeys } from './keys.js';

/** GET /api/languages (doc 2 §2.14, §7): the judge's available languages with compile commands and examples. */
export const getLanguages = () => apiGet<LanguageVo[]>('/languages');
export const languagesQuery = () =>
  queryOptions({ queryKey: languageKeys.public(), queryFn: getLanguages, staleTime: 5 * 60_000 });
export const useLanguages = () => useQuery(languagesQuery());
