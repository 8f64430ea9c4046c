import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import type { TagItem } from '../api/tags.js';

/**
 * Tag picker of the problem editor: choose existing tags or type a new name (created on the fly when the problem
 * is saved). A name that repeats one already chosen, ignoring case, is refused with the duplicate-tag error.
 */
export function TagSelect(props: { value?: string[]; onChange?: (v: string[]) => void; tags: TagItem[] }) {
  const { t } = useTranslation('adminProblem');
  const colour = (name: string) => props.tags.find((x) => x.name === name)?.color;
  return (
    <Select
      mode="tags"
      value={props.value}
      placeholder={t('Tags_placeholder')}
      tokenSeparators={[',']}
      options={props.tags.map((x) => ({ value: x.name, label: x.name }))}
      tagRender={(p) => (
        <Tag
          color={colour(String(p.value))}
          closable={p.closable}
          onClose={p.onClose}
          style={{ marginInlineEnd: 4 }}
        >
          {p.label}
        </Tag>
      )}
      onChange={(next: string[]) => {
        const seen = new Set<string>();
        const kept: string[] = [];
        for (const raw of next) {
          const name = raw.trim();
          if (!name) continue;
          if (seen.has(name.toLowerCase())) {
            notify.error(t('Duplicate_tag', { name }));
            continue;
          }
          seen.add(name.toLowerCase());
          kept.push(name);
        }
        props.onChange?.(kept);
      }}
    />
  );
}
