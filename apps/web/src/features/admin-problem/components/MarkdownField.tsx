import { useTranslation } from 'react-i18next';
import { MarkdownEditor } from '../../../components/MarkdownEditor.js';
import { StatementText } from '../../problem/components/StatementText.js';

/**
 * A statement textarea with a live preview beside it (under it on narrow screens): the app's markdown editor with
 * the preview rendered exactly as the problem page renders statements (`StatementText`), so an author sees what
 * solvers will see. Controlled by antd Form (`value` / `onChange`).
 */
export function MarkdownField(props: {
  value?: string;
  onChange?: (v: string) => void;
  rows?: number;
  id?: string;
  'data-testid'?: string;
}) {
  const { t } = useTranslation('adminProblem');
  return (
    <MarkdownEditor
      {...props}
      placeholder={t('Markdown_hint')}
      preview={(source) => <StatementText source={source} />}
    />
  );
}
