import type { WebsiteConfig } from '@oj/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.js';
import { configKeys } from './keys.js';

/** Defaults used until the server answers (doc 1 §3: registration and discussions on). */
export const DEFAULT_WEBSITE_CONFIG: WebsiteConfig = {
  baseUrl: '',
  name: 'Online Judge',
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

/** The website config, with defaults while loading. */
export function useWebsiteConfig(): WebsiteConfig {
  const { data } = useQuery(websiteConfigQuery());
  return data ?? DEFAULT_WEBSITE_CONFIG;
}
