import { type ReactNode, useMemo } from 'react';
import { DiscussionScopeProvider } from '../../discussion/api/scope.js';
import { useGroupShell } from './GroupContext.js';

/** The discussion pages below it in the current group's scope (its list, posts with `gid`, addresses inside it). */
export function GroupDiscussionScope({ children }: { children: ReactNode }) {
  const { gid, access } = useGroupShell();
  const scope = useMemo(
    () => ({ gid, base: `/group/${gid}`, isGroupAdmin: access.isGroupAdmin }),
    [gid, access.isGroupAdmin],
  );
  return <DiscussionScopeProvider value={scope}>{children}</DiscussionScopeProvider>;
}
