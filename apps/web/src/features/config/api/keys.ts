/** Query keys of the public site configuration. */
export const configKeys = {
  all: ['config'] as const,
  website: () => [...configKeys.all, 'website'] as const,
};
