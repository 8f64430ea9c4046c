import { CloudServerOutlined, CodeOutlined } from '@ant-design/icons';
import i18n from '../../lib/i18n.js';
import type { AdminMenuEntry } from '../admin/menu.js';

// The admin layout translates menu labels with its own namespace only; dictionaries load lazily, so load ours
// together with the menu, or the labels show as keys until one of our pages has been opened.
const preload = () => void i18n.loadNamespaces('adminJudge');
if (i18n.isInitialized) preload();
else i18n.on('initialized', preload);

/** Side-menu entries of the judge admin pages (labels in the `adminJudge` namespace). */
export const adminJudgeMenu: AdminMenuEntry[] = [
  { path: '/admin/judge-server', label: 'adminJudge:Judge_servers', icon: <CloudServerOutlined /> },
  { path: '/admin/language', label: 'adminJudge:Languages', icon: <CodeOutlined />, superAdmin: true },
];
