import type { ChangeMobileBody, ChangeUserInfoBody, UserInfo } from '@oj/shared';
import { useMutation } from '@tanstack/react-query';
import { apiGet, apiPost, apiUpload, type UploadProgress } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import { session } from '../../../lib/session.js';
import { userKeys } from './keys.js';

/** After any change of the signed-in user's info: store it and refetch profile pages. */
function adoptUser(user: UserInfo): UserInfo {
  session.setUser(user);
  void queryClient.invalidateQueries({ queryKey: userKeys.homeInfos() });
  return user;
}

/** POST /api/change-password {oldPassword, newPassword} (doc 1 §7). */
export const changePassword = (body: { oldPassword: string; newPassword: string }) =>
  apiPost<unknown>('/change-password', body);

/** GET /api/get-change-email-code?email (doc 1 §7): mails a code to the new address. */
export const getChangeEmailCode = (email: string) => apiGet<unknown>('/get-change-email-code', { email });

/** POST /api/change-email {password, newEmail, code} -> new user info. */
export const changeEmail = async (body: { password: string; newEmail: string; code: string }) =>
  adoptUser(await apiPost<UserInfo>('/change-email', body));

/** POST /api/change-mobile {password, newMobile} -> new user info (doc 1 §2.9; no SMS code: docs/web.md). */
export const changeMobile = async (body: ChangeMobileBody) =>
  adoptUser(await apiPost<UserInfo>('/change-mobile', body));

/** POST /api/change-userInfo (doc 1 §7) -> new user info. */
export const changeUserInfo = async (body: ChangeUserInfoBody) =>
  adoptUser(await apiPost<UserInfo>('/change-userInfo', body));

/** POST /api/file/upload-avatar (multipart `image`, PNG from the cropper) -> new user info; `onProgress`: bytes sent. */
export const uploadAvatar = async ({ png, onProgress }: { png: Blob; onProgress?: UploadProgress }) =>
  adoptUser(await apiUpload<UserInfo>('/file/upload-avatar', 'image', png, 'avatar.png', onProgress));

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
export const useGetChangeEmailCode = () => useMutation({ mutationFn: getChangeEmailCode });
export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });
export const useChangeMobile = () => useMutation({ mutationFn: changeMobile });
export const useChangeUserInfo = () => useMutation({ mutationFn: changeUserInfo });
export const useUploadAvatar = () => useMutation({ mutationFn: uploadAvatar });
