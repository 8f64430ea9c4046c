import type { OtherContest, RemoteAccountOj, RemoteAccountView } from '@oj/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';

/** Query keys of the remote-judge screens (issue 27). */
export const remoteJudgeKeys = {
  all: ['remote-judge'] as const,
  accounts: () => [...remoteJudgeKeys.all, 'accounts'] as const,
  otherContests: () => [...remoteJudgeKeys.all, 'other-contests'] as const,
};

/** GET /api/admin/remote-judge/accounts (super admin): every judging account, never a password. */
export const getRemoteAccounts = () => apiGet<RemoteAccountView[]>('/admin/remote-judge/accounts');
export const remoteAccountsQuery = () =>
  queryOptions({ queryKey: remoteJudgeKeys.accounts(), queryFn: getRemoteAccounts });
export const useRemoteAccounts = () => useQuery(remoteAccountsQuery());

/** What the account form sends: `password` empty on an edit keeps the stored one. */
export interface RemoteAccountInput {
  id?: number;
  oj: RemoteAccountOj;
  username: string;
  password: string;
  enabled: boolean;
}

/** POST (new) or PUT (with id) /api/admin/remote-judge/account; 400 for a taken name. */
export const saveRemoteAccount = (a: RemoteAccountInput) =>
  a.id
    ? apiPut<RemoteAccountView>('/admin/remote-judge/account', {
        id: a.id,
        username: a.username,
        enabled: a.enabled,
        ...(a.password ? { password: a.password } : {}),
      })
    : apiPost<RemoteAccountView>('/admin/remote-judge/account', {
        oj: a.oj,
        username: a.username,
        password: a.password,
        enabled: a.enabled,
      });
/** PUT /api/admin/remote-judge/account {id, enabled}. */
export const setRemoteAccountEnabled = (v: { id: number; enabled: boolean }) =>
  apiPut<RemoteAccountView>('/admin/remote-judge/account', v);
/** DELETE /api/admin/remote-judge/account?id=. */
export const deleteRemoteAccount = (id: number) => apiDelete<null>('/admin/remote-judge/account', { id });

const refresh = () => void queryClient.invalidateQueries({ queryKey: remoteJudgeKeys.accounts() });
export const useSaveRemoteAccount = () => useMutation({ mutationFn: saveRemoteAccount, onSuccess: refresh });
export const useSetRemoteAccountEnabled = () =>
  useMutation({ mutationFn: setRemoteAccountEnabled, onSuccess: refresh });
export const useDeleteRemoteAccount = () =>
  useMutation({ mutationFn: deleteRemoteAccount, onSuccess: refresh });

/** What the import answers. */
export interface ImportedRemoteProblem {
  pid: number;
  problemId: string;
  title: string;
  rawLimits: { time: string; memory: string } | null;
}
/** GET /api/admin/import-remote-problem?name=&problemId= (admin roles): the new problem `HDU-1000`… */
export const importRemoteProblem = (v: { name: string; problemId: string }) =>
  apiGet<ImportedRemoteProblem>('/admin/import-remote-problem', v);
export const useImportRemoteProblem = () => useMutation({ mutationFn: importRemoteProblem });

/** GET /api/get-recent-other-contest (public; [] when the sites are unreachable). */
export const getOtherContests = () =>
  apiGet<OtherContest[]>('/get-recent-other-contest', undefined, { silent404: true });
export const otherContestsQuery = () =>
  queryOptions({
    queryKey: remoteJudgeKeys.otherContests(),
    queryFn: getOtherContests,
    staleTime: 10 * 60_000,
  });
export const useOtherContests = () => useQuery(otherContestsQuery());
