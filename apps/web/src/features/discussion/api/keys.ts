import type { DiscussionListFilter } from './types.js';

/** Query keys of the public discussion pages: categories, lists per filter, details per id. */
export const discussionKeys = {
  all: ['discussion'] as const,
  categories: () => [...discussionKeys.all, 'category'] as const,
  lists: () => [...discussionKeys.all, 'list'] as const,
  list: (filter: DiscussionListFilter) => [...discussionKeys.lists(), filter] as const,
  details: () => [...discussionKeys.all, 'detail'] as const,
  detail: (did: number) => [...discussionKeys.details(), did] as const,
};
