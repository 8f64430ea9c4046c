import { describe, expect, it } from 'vitest';
import { activeMenuKey } from '../app/layouts/nav-items.js';
import { checkAvatarFile } from '../components/avatar-check.js';
import { clampOffset, isSlideMatch, PIECE_SPAN, pickGap, SLIDE } from '../components/slide-verify-math.js';
import { detectLanguage } from './i18n.js';
import { canSeeProblemMenu, isAdminRoles, isSuperAdminRoles } from './session.js';

describe('language choice (doc 1 §1)', () => {
  it('query l wins: zh-cn is Chinese, anything else English', () => {
    expect(detectLanguage('?l=zh-cn', 'en-US', 'en-US')).toBe('zh-CN');
    expect(detectLanguage('?l=ZH-CN', null, 'en')).toBe('zh-CN');
    expect(detectLanguage('?l=fr', 'zh-CN', 'zh-CN')).toBe('en-US');
  });
  it('then the stored preference, then the browser language', () => {
    expect(detectLanguage('', 'zh-CN', 'en-US')).toBe('zh-CN');
    expect(detectLanguage('', null, 'zh-CN')).toBe('zh-CN');
    expect(detectLanguage('', null, 'zh-TW')).toBe('en-US');
    expect(detectLanguage('', 'garbage', 'en-GB')).toBe('en-US');
  });
});

describe('active menu (doc 1 §2.3)', () => {
  it('comes from the first path segment with the two aliases', () => {
    expect(activeMenuKey('/')).toBe('/home');
    expect(activeMenuKey('/contest/3/problems')).toBe('/contest');
    expect(activeMenuKey('/submission-detail/9')).toBe('/status');
    expect(activeMenuKey('/discussion-detail/2')).toBe('/discussion');
    expect(activeMenuKey('/oi-rank')).toBe('/rank');
  });
});

describe('roles (doc 1 §6)', () => {
  it('admin check is admin, problem admin or super admin', () => {
    expect(isAdminRoles(['problem_admin'])).toBe(true);
    expect(isAdminRoles(['admin'])).toBe(true);
    expect(isAdminRoles(['default_user'])).toBe(false);
    expect(isSuperAdminRoles(['admin'])).toBe(false);
    expect(isSuperAdminRoles(['root'])).toBe(true);
  });
  it('problem menu: visitors and regular users see it, a plain admin does not', () => {
    expect(canSeeProblemMenu([], false)).toBe(true);
    expect(canSeeProblemMenu(['default_user'], true)).toBe(true);
    expect(canSeeProblemMenu(['admin'], true)).toBe(false);
  });
});

describe('avatar checks (doc 1 §5)', () => {
  it('accepts the six image types up to 2 MB', () => {
    expect(checkAvatarFile({ name: 'me.PNG', size: 2 * 1024 * 1024 })).toBeNull();
    expect(checkAvatarFile({ name: 'me.webp', size: 10 })).toBeNull();
    expect(checkAvatarFile({ name: 'me.svg', size: 10 })).toBe('type');
    expect(checkAvatarFile({ name: 'me.jpg', size: 2 * 1024 * 1024 + 1 })).toBe('size');
  });
});

describe('slide verify (doc 1 §4: 325 x 100, accuracy 3 px)', () => {
  it('the gap always fits inside the picture', () => {
    for (const r of [0, 0.5, 0.999999]) {
      const g = pickGap(() => r);
      expect(g.x + PIECE_SPAN).toBeLessThanOrEqual(SLIDE.width);
      expect(g.y + PIECE_SPAN).toBeLessThanOrEqual(SLIDE.height + 2);
      expect(g.x).toBeGreaterThanOrEqual(SLIDE.width / 3 - 1);
    }
  });
  it('passes within 3 px and fails beyond', () => {
    expect(isSlideMatch(100, 103)).toBe(true);
    expect(isSlideMatch(107, 104)).toBe(true);
    expect(isSlideMatch(100, 104)).toBe(false);
    expect(clampOffset(-20)).toBe(0);
    expect(clampOffset(9999)).toBe(SLIDE.width - PIECE_SPAN);
  });
});
