import { UserOutlined } from '@ant-design/icons';
import i18n from '../../lib/i18n.js';
import type { AdminMenuEntry } from '../admin/menu.js';

// The admin layout translates menu labels with its own namespace only; load ours with the menu (see admin-judge).
const preload = () => void i18n.loadNamespaces('adminUser');
if (i18n.isInitialized) preload();
else i18n.on('initialized', preload);

/** Side-menu entry of the users page (super admin; label in the `adminUser` namespace). */
export const adminUserMenu: AdminMenuEntry[] = [
  { path: '/admin/user', label: 'adminUser:Users', icon: <UserOutlined />, superAdmin: true },
];
