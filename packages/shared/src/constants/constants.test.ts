import { describe, expect, it } from 'vitest';
import {
  ALL_JUDGE_STATUS_CODES,
  JUDGE_STATUS_INFO,
  MANUAL_JUDGE_CODES,
  STATUS_FILTER_CODES,
} from './judge-status.js';
import { isAdminRole, Role } from './roles.js';

describe('judge status table', () => {
  it('has every code of the spec from -10 to 10 with a name and colour', () => {
    expect(ALL_JUDGE_STATUS_CODES.sort((a, b) => a - b)).toEqual([
      -10, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    for (const c of ALL_JUDGE_STATUS_CODES) expect(JUDGE_STATUS_INFO[c].name.length).toBeGreaterThan(0);
  });
  it('filter list excludes 9, -5, -10; manual list also excludes -4, -2, 5, 6, 7', () => {
    expect(STATUS_FILTER_CODES).not.toContain(9);
    expect(STATUS_FILTER_CODES).not.toContain(-5);
    expect(STATUS_FILTER_CODES).not.toContain(-10);
    for (const c of [-4, -2, 5, 6, 7]) expect(MANUAL_JUDGE_CODES).not.toContain(c);
    expect(MANUAL_JUDGE_CODES).toContain(0);
  });
});

describe('roles', () => {
  it('admin check is true for admin, problem admin and root only', () => {
    expect(isAdminRole(Role.ROOT)).toBe(true);
    expect(isAdminRole(Role.ADMIN)).toBe(true);
    expect(isAdminRole(Role.PROBLEM_ADMIN)).toBe(true);
    expect(isAdminRole(Role.USER)).toBe(false);
    expect(isAdminRole(Role.MUTED)).toBe(false);
  });
});
