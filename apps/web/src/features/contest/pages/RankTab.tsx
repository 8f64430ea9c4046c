import { useContestProblems } from '../api/contest.js';
import { ContestBoard } from '../components/ContestBoard.js';
import { useContestShell } from '../components/ContestContext.js';

/** The rank tab (doc 2 §2.7, §2.9): the ACM or OI board by the contest's rule. */
export default function RankTab() {
  const { contest, phase, isContestAdmin } = useContestShell();
  const problems = useContestProblems(contest.id);
  return (
    <ContestBoard
      contest={contest}
      problems={problems.data ?? []}
      phase={phase}
      isContestAdmin={isContestAdmin}
    />
  );
}
