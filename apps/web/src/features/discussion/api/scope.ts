import { createContext, useContext } from 'react';

/**
 * Whose discussions the discussion pages show (doc 2 §2.12, doc 3 §2 group discussions): the site's (`gid` null,
 * addresses under /) or a group's (its list call, new posts carrying `gid`, addresses under /group/:gid).
 */
export interface DiscussionScope {
  gid: number | null;
  /** Prefix of the pages' addresses: '' for the site, `/group/:gid` for a group. */
  base: string;
  /** The viewer administers the group (pins and manages its discussions like an admin role, doc 3 §6). */
  isGroupAdmin?: boolean;
}

const DiscussionScopeContext = createContext<DiscussionScope>({ gid: null, base: '' });

/** Puts the discussion pages below it in a group's scope. */
export const DiscussionScopeProvider = DiscussionScopeContext.Provider;

/** The discussion scope of the page: the site's unless a group provides its own. */
export const useDiscussionScope = (): DiscussionScope => useContext(DiscussionScopeContext);
