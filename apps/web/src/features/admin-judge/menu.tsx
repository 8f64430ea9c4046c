import { CloudServerOutlined, CodeOutlined } from '@ant-design/icons';
import type { AdminMenuEntry } from '../admin/menu.js';

/** Side-menu entries of the judge admin pages (labels in the `adminJudge` namespace). */
export const adminJudgeMenu: AdminMenuEntry[] = [
  { path: '/admin/judge-server', label: 'adminJudge:Judge_servers', icon: <CloudServerOutlined /> },
  { path: '/admin/language', label: 'adminJudge:Languages', icon: <CodeOutlined />, superAdmin: true },
];
