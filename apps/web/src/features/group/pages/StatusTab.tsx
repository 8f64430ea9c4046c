import { StatusView } from '../../submission/components/StatusView.js';
import { useGroupShell } from '../components/GroupContext.js';

/** The group's submissions (doc 3 §2 GroupSubmissionList: username, status, problemID in the address; members). */
export default function StatusTab() {
  const { gid } = useGroupShell();
  return <StatusView gid={gid} />;
}
