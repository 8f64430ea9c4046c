import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { initI18n } from '../../../lib/i18n.js';
import { categoryLabel } from './category-name.js';

// The seeded discussion categories (migration 0012 stores English names) read in the reader's language; renamed or
// new categories are shown as their admin wrote them.
beforeAll(async () => {
  await initI18n('en-US');
  await i18n.loadLanguages(['zh-CN', 'en-US']);
  await i18n.loadNamespaces('discussion');
});

describe('discussion category names', () => {
  it('shows the four seeded categories in Chinese to a Chinese reader and in English to an English one', () => {
    const zh = i18n.getFixedT('zh-CN', 'discussion');
    const en = i18n.getFixedT('en-US', 'discussion');
    expect(['General', 'Solutions', 'Help', 'Suggestions'].map((n) => categoryLabel(n, zh))).toEqual([
      '综合',
      '题解',
      '求助',
      '建议',
    ]);
    expect(['General', 'Solutions', 'Help', 'Suggestions'].map((n) => categoryLabel(n, en))).toEqual([
      'General',
      'Solutions',
      'Help',
      'Suggestions',
    ]);
  });

  it('shows any other name as written, including names that only look like keys', () => {
    const zh = i18n.getFixedT('zh-CN', 'discussion');
    for (const name of ['比赛', 'general', 'Seeded_category_help', 'toString', '__proto__', 'Help '])
      expect(categoryLabel(name, zh)).toBe(name);
  });
});
