import { DashboardOutlined, NotificationOutlined, SettingOutlined, SwapOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { adminJudgeMenu } from '../admin-judge/menu.js';
import { adminProblemMenu } from '../admin-problem/menu.js';

/** One entry of the admin side menu; `superAdmin` hides it from other admin roles. Labels are `admin:` keys. */
export interface AdminMenuEntry {
  path: string;
  label: string;
  icon: ReactNode;
  superAdmin?: boolean;
}

/** The admin side menu (doc 3 back-office screens). Later areas append their entries here, one line each. */
export const adminMenu: AdminMenuEntry[] = [
  { path: '/admin', label: 'Dashboard', icon: <DashboardOutlined /> },
  { path: '/admin/conf', label: 'System_Config', icon: <SettingOutlined />, superAdmin: true },
  { path: '/admin/switch', label: 'Switch', icon: <SwapOutlined />, superAdmin: true },
  { path: '/admin/announcement', label: 'Announcement', icon: <NotificationOutlined />, superAdmin: true },
  ...adminProblemMenu,
  ...adminJudgeMenu,
];
