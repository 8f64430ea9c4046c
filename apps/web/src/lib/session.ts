import { ADMIN_ROLES, ROLE_NAME, Role, type UserInfo } from '@oj/shared';
import { useSyncExternalStore } from 'react';

/** Sign-in modal modes of doc 1 §2.4. */
export type LoginMode = 'Login' | 'Register' | 'ResetPwd';

/** The session as the browser keeps it (doc 1 §3 local storage keys `token`, `userInfo`). */
export interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  /** Role names from `/api/get-user-auth-info` (or the login's roleList until refreshed). */
  roles: string[];
  /** The sign-in modal; `returnTo` is the page a guard turned the visitor away from, opened after login. */
  loginModal: { open: boolean; mode: LoginMode; returnTo?: string };
}

const TOKEN_KEY = 'token';
const USER_KEY = 'userInfo';

function readStored(): Pick<SessionState, 'token' | 'userInfo' | 'roles'> {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const raw = localStorage.getItem(USER_KEY);
    const userInfo = token && raw ? (JSON.parse(raw) as UserInfo) : null;
    return { token, userInfo, roles: userInfo?.roleList ?? [] };
  } catch {
    return { token: null, userInfo: null, roles: [] };
  }
}

let state: SessionState = { ...readStored(), loginModal: { open: false, mode: 'Login' } };
const listeners = new Set<() => void>();

function setState(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

/** The session store: plain functions usable outside React (the api client) and a hook for components. */
export const session = {
  get: (): SessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Stores a token (login or a refreshed token from a response header). */
  setToken(token: string): void {
    localStorage.setItem(TOKEN_KEY, token);
    if (token !== state.token) setState({ token });
  },
  /** Stores the signed-in user's info and takes its roleList as the roles. */
  setUser(userInfo: UserInfo): void {
    localStorage.setItem(USER_KEY, JSON.stringify(userInfo));
    setState({ userInfo, roles: userInfo.roleList ?? [] });
  },
  setRoles(roles: string[]): void {
    setState({ roles });
  },
  /** Forgets user and token (logout, 401, token removed in another tab). */
  clear(): void {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    setState({ token: null, userInfo: null, roles: [] });
  },
  /**
   * Tab-visibility sync of doc 1 §2.2: adopts a token changed by another tab. Returns 'removed' when the stored
   * token disappeared (the caller clears the user and redirects), 'changed', or 'same'.
   */
  syncFromStorage(): 'removed' | 'changed' | 'same' {
    const stored = localStorage.getItem(TOKEN_KEY);
    if (stored === state.token) return 'same';
    if (!stored) {
      if (!state.token) return 'same';
      return 'removed';
    }
    setState(readStored());
    return 'changed';
  },
  /** Opens the sign-in modal in `mode`; `returnTo` (a path) is where a successful login goes. */
  openLoginModal(mode: LoginMode = 'Login', returnTo?: string): void {
    setState({ loginModal: { open: true, mode, returnTo } });
  },
  setLoginMode(mode: LoginMode): void {
    setState({ loginModal: { ...state.loginModal, mode } });
  },
  closeLoginModal(): void {
    setState({ loginModal: { ...state.loginModal, open: false } });
  },
};

/** React hook: the current session state, re-rendering on change. */
export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

const ADMIN_ROLE_NAMES = ADMIN_ROLES.map((c) => ROLE_NAME[c]);

/** Admin check of doc 1 §6 on role names: admin, problem admin or super admin. */
export function isAdminRoles(roles: readonly string[]): boolean {
  return roles.some((r) => ADMIN_ROLE_NAMES.includes(r));
}

/** Super admin (root) check on role names. */
export function isSuperAdminRoles(roles: readonly string[]): boolean {
  return roles.includes(ROLE_NAME[Role.ROOT]);
}

const PROBLEM_MENU_ROLES = [
  Role.ROOT,
  Role.PROBLEM_ADMIN,
  Role.USER,
  Role.NO_SUBMIT,
  Role.NO_DISCUSS,
  Role.MUTED,
  Role.NO_SUBMIT_NO_DISCUSS,
  Role.NO_SUBMIT_MUTED,
].map((c) => ROLE_NAME[c]);

/**
 * Problem menu visibility (doc 1 §2.3): super admin, problem admin or a regular user (restricted user roles are
 * regular users too). Visitors also see it: the route then asks them to log in.
 */
export function canSeeProblemMenu(roles: readonly string[], loggedIn: boolean): boolean {
  if (!loggedIn) return true;
  return roles.some((r) => PROBLEM_MENU_ROLES.includes(r));
}
