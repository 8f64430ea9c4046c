import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * The discussion categories migration 0012 seeds, by the name stored, with their catalogue keys (namespace
 * `discussion`). The database keeps one name per category; while a seeded one keeps its name it is shown in the
 * reader's language, and once the super admin renames it, as written.
 */
const SEEDED_CATEGORY_KEYS: Readonly<Record<string, string>> = {
  General: 'Seeded_category_general',
  Solutions: 'Seeded_category_solutions',
  Help: 'Seeded_category_help',
  Suggestions: 'Seeded_category_suggestions',
};

/** A category's display name: a seeded category's stored `name` translated by `t` (namespace discussion), any other as it is. */
export function categoryLabel(name: string, t: TFunction<'discussion'>): string {
  const key = Object.hasOwn(SEEDED_CATEGORY_KEYS, name) ? SEEDED_CATEGORY_KEYS[name] : undefined;
  return key ? t(key) : name;
}

/** categoryLabel bound to the reader's language: `(name) => display name`. */
export function useCategoryLabel(): (name: string) => string {
  const { t } = useTranslation('discussion');
  return (name) => categoryLabel(name, t);
}
