import type { GroupAccessVo, GroupVo } from '@oj/shared';
import { useOutletContext } from 'react-router';

/** What the group shell hands its tabs (through the router outlet): the group and the viewer's standing in it. */
export interface GroupShellContext {
  gid: number;
  group: GroupVo;
  access: GroupAccessVo;
}

/** The group shell's context inside a group tab. */
export const useGroupShell = () => useOutletContext<GroupShellContext>();
