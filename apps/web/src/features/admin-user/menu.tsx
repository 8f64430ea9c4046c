import { KeyOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import i18n from '../../lib/i18n.js';
import type { AdminMenuEntry } from '../admin/menu.js';

// The admin layout translates menu labels with its own namespace only; load ours with the menu (see admin-judge).
const preload = () => void i18n.loadNamespaces('adminUser');
if (i18n.isInitialized) preload();
else i18n.on('initialized', preload);

/** Side-menu entries of the users, Auth admin and Role auth pages (super admin; labels in `adminUser`). */
export const adminUserMenu: AdminMenuEntry[] = [
  { path: '/admin/user', label: 'adminUser:Users', icon: <UserOutlined />, superAdmin: true },
  { path: '/admin/auth', label: 'adminUser:Auth_admin', icon: <KeyOutlined />, superAdmin: true },
  {
    path: '/admin/role-auth',
    label: 'adminUser:Role_auth',
    icon: <SafetyCertificateOutlined />,
    superAdmin: true,
  },
];
