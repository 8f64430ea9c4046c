import { describe, expect, it } from 'vitest';
import { resolveTheme } from './theme.js';

describe('site theme preference (issue 28)', () => {
  it('keeps a fixed choice whatever the system prefers', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('follows the system when the choice is system', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });
});
