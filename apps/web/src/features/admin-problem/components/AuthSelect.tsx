import { ProblemAuth } from '@oj/shared';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** Problem auth select (doc 3 §4): 1 public, 2 private, 3 contest. */
export function AuthSelect(props: {
  value?: number;
  onChange?: (v: number) => void;
  size?: 'small' | 'middle';
  disabled?: boolean;
  /** In training lists "Contest" is not selectable (doc 3 §4). */
  noContest?: boolean;
}) {
  const { t } = useTranslation('adminProblem');
  return (
    <Select<number>
      value={props.value}
      onChange={props.onChange}
      size={props.size}
      disabled={props.disabled}
      style={{ width: '100%', minWidth: 96 }}
      aria-label={t('Auth')}
      options={[
        { value: ProblemAuth.PUBLIC, label: t('Auth_public') },
        { value: ProblemAuth.PRIVATE, label: t('Auth_private') },
        { value: ProblemAuth.CONTEST, label: t('Auth_contest'), disabled: props.noContest },
      ]}
    />
  );
}
