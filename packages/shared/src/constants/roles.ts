/** Roles and role codes, doc 1 §6 and doc 3 §3. */
export const Role = {
  ROOT: 1000,
  ADMIN: 1001,
  USER: 1002,
  NO_SUBMIT: 1003,
  NO_DISCUSS: 1004,
  MUTED: 1005,
  NO_SUBMIT_NO_DISCUSS: 1006,
  NO_SUBMIT_MUTED: 1007,
  PROBLEM_ADMIN: 1008,
} as const;

export type RoleCode = (typeof Role)[keyof typeof Role];

/** Role code to the role name the API returns in `roleList` / `roles`. */
export const ROLE_NAME: Record<RoleCode, string> = {
  1000: 'root',
  1001: 'admin',
  1002: 'default_user',
  1003: 'no_submit_user',
  1004: 'no_discuss_user',
  1005: 'mute_user',
  1006: 'no_submit_no_discuss_user',
  1007: 'no_submit_mute_user',
  1008: 'problem_admin',
};

export const ROLE_DESCRIPTION: Record<RoleCode, string> = {
  1000: 'Super Administrator',
  1001: 'Administrator',
  1002: 'Default User',
  1003: 'No Submission User',
  1004: 'No Discussion User',
  1005: 'Muted User',
  1006: 'No Submission And No Discussion User',
  1007: 'No Submission And Muted User',
  1008: 'Problem Administrator',
};

export const ALL_ROLE_CODES = Object.values(Role) as RoleCode[];
export const ADMIN_ROLES: RoleCode[] = [Role.ROOT, Role.ADMIN, Role.PROBLEM_ADMIN];
export const NO_SUBMIT_ROLES: RoleCode[] = [Role.NO_SUBMIT, Role.NO_SUBMIT_NO_DISCUSS, Role.NO_SUBMIT_MUTED];
export const NO_DISCUSS_ROLES: RoleCode[] = [
  Role.NO_DISCUSS,
  Role.MUTED,
  Role.NO_SUBMIT_NO_DISCUSS,
  Role.NO_SUBMIT_MUTED,
];
export const MUTED_ROLES: RoleCode[] = [Role.MUTED, Role.NO_SUBMIT_MUTED];

/** The admin check of doc 1 §6: admin, problem admin or super admin. */
export function isAdminRole(code: number | null | undefined): boolean {
  return code != null && (ADMIN_ROLES as number[]).includes(code);
}
export function isSuperAdminRole(code: number | null | undefined): boolean {
  return code === Role.ROOT;
}
export function isProblemAdminRole(code: number | null | undefined): boolean {
  return code === Role.PROBLEM_ADMIN;
}
/**
 * Doc 2 §6: super admins and problem admins may read any submission's code and download any test data. Plain
 * admins (1001) may not.
 */
export function isCodeAndDataRole(code: number | null | undefined): boolean {
  return isSuperAdminRole(code) || isProblemAdminRole(code);
}
export function canSubmitRole(code: number | null | undefined): boolean {
  return code != null && !(NO_SUBMIT_ROLES as number[]).includes(code);
}
