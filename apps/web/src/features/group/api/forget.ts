import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { groupKeys } from './keys.js';

/**
 * Doc 3 §4 "Leaving a training or group page clears its loaded data": when the /group/:gid shell unmounts, or moves
 * to another group, that group's queries leave the TanStack Query cache (the group list stays).
 */
export function useForgetGroupOnLeave(gid: number): void {
  const qc = useQueryClient();
  useEffect(() => () => qc.removeQueries({ queryKey: groupKeys.one(gid) }), [qc, gid]);
}
