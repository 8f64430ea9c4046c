import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useContestProblems } from '../../api/contest.js';

/** The value of "General" (the whole contest) in the problem select. */
export const GENERAL = '__general__';

/** The select value as the API takes it: a display id, or null for General. */
export const displayIdOf = (v: string | undefined): string | null => (!v || v === GENERAL ? null : v);

/**
 * What a clarification is about (issue 10 §3): "General" or one of the contest's problems ("A · title"). Controlled
 * by an antd Form.Item; full width so it fits at 375 px.
 */
export function ProblemChoice({
  cid,
  value,
  onChange,
  testId,
}: {
  cid: number;
  value?: string;
  onChange?: (v: string) => void;
  testId: string;
}) {
  const { t } = useTranslation('clarification');
  const problems = useContestProblems(cid);
  const options = [
    { value: GENERAL, label: t('General_whole_contest') },
    ...(problems.data ?? []).map((p) => ({
      value: p.displayId,
      label: `${p.displayId} · ${p.displayTitle}`,
    })),
  ];
  return (
    <Select
      value={value}
      onChange={onChange}
      options={options}
      loading={problems.isLoading}
      style={{ width: '100%' }}
      data-testid={testId}
      popupMatchSelectWidth
    />
  );
}
