import { describe, expect, it } from 'vitest';
import { type AdminMenuEntry, selectedMenuPath } from './menu.js';

const menu: AdminMenuEntry[] = [
  { path: '/admin', label: 'Dashboard', icon: null },
  { path: '/admin/problems', label: 'List', icon: null, alsoFor: ['/admin/problem/edit'] },
  { path: '/admin/problem/create', label: 'Create', icon: null },
];

describe('admin menu highlight', () => {
  it('highlights the problem list on an edit page, not the dashboard', () => {
    expect(selectedMenuPath(menu, '/admin/problem/edit/12')).toBe('/admin/problems');
  });
  it('prefers the longest match and falls back to the dashboard', () => {
    expect(selectedMenuPath(menu, '/admin/problem/create')).toBe('/admin/problem/create');
    expect(selectedMenuPath(menu, '/admin')).toBe('/admin');
    expect(selectedMenuPath(menu, '/admin/unknown')).toBe('/admin');
  });
});
