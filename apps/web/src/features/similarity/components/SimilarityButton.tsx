import { DiffOutlined } from '@ant-design/icons';
import type { SimilarityScope } from '@oj/shared';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { similarityPath } from '../lib/links.js';

/**
 * The admin lists' way to a scope's similarity page (issue 29 part 1): a small icon button with a tooltip, in the
 * contest, training and problem admin lists of the site and of groups.
 */
export function SimilarityButton(props: { scope: SimilarityScope; id: number }) {
  const { t } = useTranslation('similarity');
  const navigate = useNavigate();
  return (
    <Tooltip title={t('Open_similarity')}>
      <Button
        size="small"
        icon={<DiffOutlined />}
        aria-label={t('Open_similarity')}
        onClick={() => navigate(similarityPath(props.scope, props.id))}
        data-testid={`similarity-link-${props.scope}`}
      />
    </Tooltip>
  );
}
