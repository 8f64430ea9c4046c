import type {
  CarouselItem,
  DeploymentConfig,
  EmailConfigView,
  SetEmailConfigBody,
  SetSwitchConfigBody,
  SetWebConfigBody,
  WebsiteConfig,
} from '@oj/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut, apiUpload, type UploadProgress } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import { configKeys } from '../../config/api/keys.js';
import { homeKeys } from '../../home/api/keys.js';
import { adminKeys } from './keys.js';

/** GET /api/admin/config/get-web-config: the website section. */
export const getWebConfig = () => apiGet<WebsiteConfig>('/admin/config/get-web-config');
export const webConfigQuery = () => queryOptions({ queryKey: adminKeys.webConfig(), queryFn: getWebConfig });
export const useWebConfig = () => useQuery(webConfigQuery());

/** PUT /api/admin/config/set-web-config (website section fields); the public config is refetched. */
export const setWebConfig = (body: SetWebConfigBody) => apiPut<unknown>('/admin/config/set-web-config', body);
export const useSetWebConfig = () =>
  useMutation({
    mutationFn: setWebConfig,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.webConfig() });
      void queryClient.invalidateQueries({ queryKey: configKeys.all });
    },
  });

/** GET /api/admin/config/get-email-config: SMTP settings without the password (`hasPassword`). */
export const getEmailConfig = () => apiGet<EmailConfigView>('/admin/config/get-email-config');
export const emailConfigQuery = () =>
  queryOptions({ queryKey: adminKeys.emailConfig(), queryFn: getEmailConfig });
export const useEmailConfig = () => useQuery(emailConfigQuery());

/** PUT /api/admin/config/set-email-config {host, port, username, password, ssl, from}. */
export const setEmailConfig = (body: SetEmailConfigBody) =>
  apiPut<unknown>('/admin/config/set-email-config', body);
export const useSetEmailConfig = () =>
  useMutation({
    mutationFn: setEmailConfig,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.emailConfig() }),
  });

/** POST /api/admin/config/test-email {email}: sends a test mail with the saved settings. */
export const testEmail = (email: string) => apiPost<unknown>('/admin/config/test-email', { email });
export const useTestEmail = () => useMutation({ mutationFn: testEmail });

/** GET /api/admin/switch/info: the switch section. */
export const getSwitchInfo = () => apiGet<Required<SetSwitchConfigBody>>('/admin/switch/info');
export const switchInfoQuery = () => queryOptions({ queryKey: adminKeys.switches(), queryFn: getSwitchInfo });
export const useSwitchInfo = () => useQuery(switchInfoQuery());

/** PUT /api/admin/switch/update (switch section fields). */
export const updateSwitch = (body: SetSwitchConfigBody) => apiPut<unknown>('/admin/switch/update', body);
export const useUpdateSwitch = () =>
  useMutation({
    mutationFn: updateSwitch,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.switches() }),
  });

/** POST /api/admin/home-carousel (multipart `image`) -> {id, url}; `onProgress`: bytes sent / total. */
export const uploadCarousel = ({ file, onProgress }: { file: File; onProgress?: UploadProgress }) =>
  apiUpload<CarouselItem>('/admin/home-carousel', 'image', file, file.name, onProgress);
/** DELETE /api/admin/home-carousel?id= */
export const deleteCarousel = (id: number) => apiDelete<unknown>('/admin/home-carousel', { id });
const refreshCarousel = () => void queryClient.invalidateQueries({ queryKey: homeKeys.carousel() });
export const useUploadCarousel = () =>
  useMutation({ mutationFn: uploadCarousel, onSuccess: refreshCarousel });
export const useDeleteCarousel = () =>
  useMutation({ mutationFn: deleteCarousel, onSuccess: refreshCarousel });

/**
 * GET /api/admin/config/get-deployment-config (super admin): the read-only datasource (DATABASE_URL masked), judge
 * and mobile SMS sections that the deployment fixes.
 */
export const deploymentConfigQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'deployment-config'] as const,
    queryFn: () => apiGet<DeploymentConfig>('/admin/config/get-deployment-config'),
  });
export const useDeploymentConfig = () => useQuery(deploymentConfigQuery());
