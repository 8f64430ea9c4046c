import type { LanguageView } from '@oj/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPut } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import { languageKeys } from '../../help/api/keys.js';
import { adminJudgeKeys } from './keys.js';

/** A language row as the super admin sees it (every language, available or not). */
export interface AdminLanguage extends LanguageView {
  available: boolean;
  gmtModified: string;
}

/** GET /api/admin/language (super admin): every language by seq. */
export const adminLanguagesQuery = () =>
  queryOptions({
    queryKey: adminJudgeKeys.languages(),
    queryFn: () => apiGet<AdminLanguage[]>('/admin/language'),
  });
export const useAdminLanguages = () => useQuery(adminLanguagesQuery());

export interface LanguageEdit {
  id: number;
  description: string;
  compileCommand: string;
  template: string;
  seq: number;
}
/** PUT /api/admin/language {id, description, compileCommand, template, seq} (super admin): the updated row. */
export const updateLanguage = (b: LanguageEdit) => apiPut<AdminLanguage>('/admin/language', b);
export const useUpdateLanguage = () =>
  useMutation({
    mutationFn: updateLanguage,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminJudgeKeys.languages() });
      void queryClient.invalidateQueries({ queryKey: languageKeys.all });
    },
  });
