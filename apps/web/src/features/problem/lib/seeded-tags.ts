import { useTranslation } from 'react-i18next';

/**
 * The English names the demo seed gives its tag classification and tags (`apps/server/src/db/seed-demo.ts`), and
 * their keys under `problem:seeded_tag`. The tables hold one name only (no per-language column), so these are
 * translated on display; tags admins create show as they wrote them.
 */
const SEEDED: Record<string, string> = {
  'Getting started': 'getting_started',
  Beginner: 'beginner',
  Math: 'math',
  Strings: 'strings',
  'Special Judge': 'special_judge',
  Subtasks: 'subtasks',
  'File IO': 'file_io',
};

/**
 * A function giving the shown name of a tag or tag classification: a seeded English name in the user's language
 * (zh-CN "数学" for "Math"), any other name unchanged. Takes the stored name, returns the label.
 */
export function useTagLabel(): (name: string) => string {
  const { t } = useTranslation('problem');
  return (name) => (SEEDED[name] ? t(`seeded_tag.${SEEDED[name]}`) : name);
}
