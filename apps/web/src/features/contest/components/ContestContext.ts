import { useOutletContext } from 'react-router';
import type { ContestAccessVo, ContestVo } from '../api/types.js';

/** What the contest shell hands its tabs (through the router outlet). */
export interface ContestShellContext {
  contest: ContestVo;
  access: ContestAccessVo;
  /** The contest status by the ticking clock (-1, 0, 1). */
  phase: number;
  /** Server time in ms, ticking each second while the contest has not ended. */
  now: number;
  /** The "contains submissions after the contest" setting of the header. */
  containsEnd: boolean;
  isContestAdmin: boolean;
}

/** The shell context inside a contest tab. */
export const useContestShell = () => useOutletContext<ContestShellContext>();
