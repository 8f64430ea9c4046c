import { BellOutlined } from '@ant-design/icons';
import i18n from '../../lib/i18n.js';
import type { AdminMenuEntry } from '../admin/menu.js';

// Menu labels come from our namespace, which loads lazily: load it with the menu (as the contest admin menu does).
const preload = () => void i18n.loadNamespaces('adminNotice');
if (i18n.isInitialized) preload();
else i18n.on('initialized', preload);

/** Side-menu entry of the notice back office (super admin; label in the `adminNotice` namespace). */
export const adminNoticeMenu: AdminMenuEntry[] = [
  { path: '/admin/notice', label: 'adminNotice:Notification', icon: <BellOutlined />, superAdmin: true },
];
