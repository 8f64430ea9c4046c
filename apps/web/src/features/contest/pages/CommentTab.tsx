import { CommentSection } from '../../comment/components/CommentSection.js';
import { useContestShell } from '../components/ContestContext.js';

/**
 * /contest/:contestID/comment (doc 1 §2.7, doc 2 §2.7; only with the site's contest-comment switch): the shared
 * comment section for the contest. During the contest the server shows each comment only to its author and the
 * contest's admins.
 */
export default function CommentTab() {
  const { contest, isContestAdmin } = useContestShell();
  return <CommentSection cid={contest.id} contest={{ isContestAdmin, owner: contest.author }} />;
}
