import { AutoComplete, Input } from 'antd';
import { useDeferredValue } from 'react';
import { ApiError, serverMessage } from '../../../lib/api.js';
import { notify } from '../../../lib/notify.js';
import { useAdminProblems } from '../api/admin-problem.js';

/**
 * The problem field of the "add from group problems" dialogs (doc 3 §2 group trainings and contests): a text field
 * that lists the group's own problems matching what is typed (GET /api/group/get-admin-problem-list, 20 at most,
 * "id — title"); picking one fills its id. Free text stays allowed (an id the list does not show yet).
 * Takes the group id, the field's value and its setter; `onEnter` submits.
 */
export function GroupProblemPicker({
  gid,
  value,
  onChange,
  onEnter,
  placeholder,
  testId,
}: {
  gid: number;
  value: string;
  onChange: (problemId: string) => void;
  onEnter: () => void;
  placeholder: string;
  testId: string;
}) {
  const keyword = useDeferredValue(value.trim());
  const q = useAdminProblems({ gid, keyword, currentPage: 1, limit: 20 });
  const options = (q.data?.records ?? []).map((p) => ({
    value: p.problemId,
    label: (
      <span data-testid="group-problem-option">
        <b>{p.problemId}</b> — {p.title}
      </span>
    ),
  }));
  return (
    <AutoComplete
      value={value}
      options={options}
      onChange={(v: string) => onChange(v)}
      style={{ width: '100%' }}
      popupMatchSelectWidth={false}
      defaultActiveFirstOption={false}
    >
      <Input autoFocus placeholder={placeholder} onPressEnter={onEnter} data-testid={testId} />
    </AutoComplete>
  );
}

/**
 * Shows the server's own message for a refused "add from group problems" (404 `group.notGroupProblem`: "the problem
 * is not a problem of this group") where the api client's 404 toast would say only "resource not found". Takes the
 * mutation's error; other statuses were already shown by the api client.
 */
export async function notifyAddFromGroupError(err: unknown): Promise<void> {
  if (!(err instanceof ApiError) || err.status !== 404) return;
  notify.error(
    (await serverMessage({ msgKey: err.msgKey ?? undefined, msg: err.message, msgParams: err.msgParams })) ??
      err.message,
  );
}
