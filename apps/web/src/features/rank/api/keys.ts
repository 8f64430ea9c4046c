/** Query keys of the ACM / OI rank pages. */
export const rankKeys = {
  all: ['rank'] as const,
  lists: () => [...rankKeys.all, 'list'] as const,
  list: (params: object) => [...rankKeys.lists(), params] as const,
};
