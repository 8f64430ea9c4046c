import { Button, Card, Collapse, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterTag } from '../../../components/FilterTag.js';
import { readableColor, SURFACE } from '../../../lib/contrast.js';
import { useResolvedTheme } from '../../../lib/theme.js';
import { useTagsAndClassification } from '../api/problem-list.js';
import { useTagLabel } from '../lib/seeded-tags.js';

export interface TagFilterProps {
  oj?: string;
  tagId?: number;
  onSelect: (tagId: number | undefined) => void;
}

/**
 * The tag filter of doc 2 §2.1: tags grouped by classification (collapsible panels, unclassified last); clicking
 * a tag filters by it, clicking the selected tag clears the filter (Enter or Space from the keyboard). Seeded names
 * show in the user's language; an unchecked tag's text is its colour made readable on the page.
 */
export function TagFilter({ oj, tagId, onSelect }: TagFilterProps) {
  const { t } = useTranslation('problem');
  const tagLabel = useTagLabel();
  const theme = useResolvedTheme();
  const { data, isLoading } = useTagsAndClassification(oj && oj !== 'All' ? oj : undefined);
  const groups = (data ?? []).filter((g) => g.tagList.length > 0);
  const tags = (list: (typeof groups)[number]['tagList']) => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
      {list.map((tag) => (
        <FilterTag
          key={tag.id}
          checked={tag.id === tagId}
          onChange={() => onSelect(tag.id === tagId ? undefined : tag.id)}
          style={
            tag.id === tagId
              ? undefined
              : { border: `1px solid ${tag.color}`, color: readableColor(tag.color, SURFACE[theme]) }
          }
          data-testid="tag-filter-item"
        >
          {tagLabel(tag.name)}
        </FilterTag>
      ))}
    </div>
  );
  return (
    <Card
      title={t('Tags')}
      size="small"
      extra={
        tagId != null && (
          <Button type="link" size="small" onClick={() => onSelect(undefined)}>
            {t('Reset')}
          </Button>
        )
      }
    >
      {isLoading ? (
        <Skeleton active />
      ) : groups.length === 0 ? (
        <Empty description={t('No_tags')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Collapse
          size="small"
          ghost
          defaultActiveKey={groups.map((g, i) => String(g.classification?.id ?? `u${i}`))}
          items={groups.map((g, i) => ({
            key: String(g.classification?.id ?? `u${i}`),
            label: g.classification ? tagLabel(g.classification.name) : t('Unclassified'),
            children: tags(g.tagList),
          }))}
        />
      )}
    </Card>
  );
}
