import { SITE_DEFAULTS, type WebsiteConfig } from '@oj/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../../lib/api.js';
import { configKeys } from './keys.js';

/** Defaults used until the server answers (doc 1 §3: registration and discussions on). */
export const DEFAULT_WEBSITE_CONFIG: WebsiteConfig = {
  baseUrl: '',
  name: SITE_DEFAULTS.name,
  shortName: 'OJ',
  description: '',
  recordName: '',
  recordUrl: '',
  projectName: 'OJ',
  projectUrl: '',
  register: true,
  openPublicDiscussion: true,
  openGroupDiscussion: true,
  openContestComment: true,
};

/** GET /api/get-website-config (doc 1 §7). */
export const getWebsiteConfig = () => apiGet<WebsiteConfig>('/get-website-config');

export const websiteConfigQuery = () =>
  queryOptions({ queryKey: configKeys.website(), queryFn: getWebsiteConfig, staleTime: 60_000 });

/**
 * The website config, with defaults while loading. A name or description still at the installation's default
 * (SITE_DEFAULTS) is shown in the interface language; anything an admin typed is shown as typed.
 */
export function useWebsiteConfig(): WebsiteConfig {
  const { t } = useTranslation();
  const { data } = useQuery(websiteConfigQuery());
  const config = data ?? DEFAULT_WEBSITE_CONFIG;
  return {
    ...config,
    name: config.name === SITE_DEFAULTS.name ? t('Default_site_name') : config.name,
    description:
      config.description === SITE_DEFAULTS.description ? t('Default_site_description') : config.description,
  };
}
