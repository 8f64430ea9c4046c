import { describe, expect, it } from 'vitest';
import { safeInSiteUrl } from './MessageItem.js';

describe('message links', () => {
  it('link only in-site paths', () => {
    expect(safeInSiteUrl('/discussion-detail/3')).toBe('/discussion-detail/3');
    for (const bad of [
      'javascript:alert(1)',
      '//evil.test/x',
      'https://evil.test',
      '/\\evil.test',
      '',
      null,
    ]) {
      expect(safeInSiteUrl(bad)).toBeNull();
    }
  });
});
