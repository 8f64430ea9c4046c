import { ContestType } from '@oj/shared';
import { useMemo } from 'react';
import { StatusView } from '../../submission/components/StatusView.js';
import { useContestShell } from '../components/ContestContext.js';

/** The submissions tab (doc 2 §2.4 /contest/:cid/submissions): the status list in the contest scope. */
export default function SubmissionsTab() {
  const { contest: c, containsEnd } = useContestShell();
  const scope = useMemo(
    () => ({ cid: c.id, showScore: c.type === ContestType.OI, containsEnd }),
    [c.id, c.type, containsEnd],
  );
  return <StatusView contest={scope} />;
}
