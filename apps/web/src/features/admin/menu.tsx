import { DashboardOutlined, NotificationOutlined, SettingOutlined, SwapOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { adminContestMenu } from '../admin-contest/menu.js';
import { adminDiscussionMenu } from '../admin-discussion/menu.js';
import { adminGroupProblemMenu } from '../admin-group-problem/menu.js';
import { adminJudgeMenu } from '../admin-judge/menu.js';
import { adminNoticeMenu } from '../admin-notice/menu.js';
import { adminProblemMenu } from '../admin-problem/menu.js';
import { adminTrainingMenu } from '../admin-training/menu.js';
import { adminUserMenu } from '../admin-user/menu.js';

/** One entry of the admin side menu; `superAdmin` hides it from other admin roles. Labels are `admin:` keys. */
export interface AdminMenuEntry {
  path: string;
  label: string;
  icon: ReactNode;
  superAdmin?: boolean;
  /** Further path prefixes that highlight this entry (e.g. the edit pages reached from a list). */
  alsoFor?: string[];
}

/** The admin side menu (doc 3 back-office screens). Later areas append their entries here, one line each. */
export const adminMenu: AdminMenuEntry[] = [
  { path: '/admin', label: 'Dashboard', icon: <DashboardOutlined /> },
  ...adminUserMenu,
  { path: '/admin/conf', label: 'System_Config', icon: <SettingOutlined />, superAdmin: true },
  { path: '/admin/switch', label: 'Switch', icon: <SwapOutlined />, superAdmin: true },
  { path: '/admin/announcement', label: 'Announcement', icon: <NotificationOutlined />, superAdmin: true },
  ...adminNoticeMenu,
  ...adminProblemMenu,
  ...adminGroupProblemMenu,
  ...adminTrainingMenu,
  ...adminContestMenu,
  ...adminJudgeMenu,
  ...adminDiscussionMenu,
];

/**
 * The menu path to highlight for `pathname`: the entry whose path (or an `alsoFor` prefix) matches the longest
 * part of the address, so `/admin/problem/edit/3` highlights the problem list and not the dashboard.
 */
export function selectedMenuPath(menu: AdminMenuEntry[], pathname: string): string | undefined {
  const matchLength = (e: AdminMenuEntry) =>
    Math.max(
      ...[e.path, ...(e.alsoFor ?? [])].map((p) =>
        pathname === p || pathname.startsWith(`${p}/`) ? p.length : -1,
      ),
    );
  return menu.filter((e) => matchLength(e) >= 0).sort((a, b) => matchLength(b) - matchLength(a))[0]?.path;
}
