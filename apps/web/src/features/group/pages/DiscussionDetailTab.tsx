import DiscussionDetailPage from '../../discussion/pages/DiscussionDetailPage.js';
import { GroupDiscussionScope } from '../components/GroupDiscussionScope.js';

/** /group/:gid/discussion-detail/:discussionID (doc 3 §2): a group discussion with its comments, in the group. */
export default function DiscussionDetailTab() {
  return (
    <GroupDiscussionScope>
      <DiscussionDetailPage />
    </GroupDiscussionScope>
  );
}
