import DiscussionListPage from '../../discussion/pages/DiscussionListPage.js';
import { GroupDiscussionScope } from '../components/GroupDiscussionScope.js';

/**
 * /group/:gid/discussion and /group/:gid/discussion/:problemID (doc 3 §2 group discussions; the group-discussion
 * switch): the discussion list in the group's scope — the group's discussions, new posts in the group.
 */
export default function DiscussionTab() {
  return (
    <GroupDiscussionScope>
      <DiscussionListPage />
    </GroupDiscussionScope>
  );
}
