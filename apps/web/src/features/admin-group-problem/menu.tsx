import { AuditOutlined } from '@ant-design/icons';
import i18n from '../../lib/i18n.js';
import type { AdminMenuEntry } from '../admin/menu.js';

// The admin layout translates menu labels with their namespaces; load ours with the menu (see admin-problem/menu).
const preload = () => void i18n.loadNamespaces('adminGroupProblem');
if (i18n.isInitialized) preload();
else i18n.on('initialized', preload);

/** Side-menu entry of the group problem examine page (label in the `adminGroupProblem` namespace). */
export const adminGroupProblemMenu: AdminMenuEntry[] = [
  {
    path: '/admin/group-problem/apply',
    label: 'adminGroupProblem:Group_problem_examine',
    icon: <AuditOutlined />,
  },
];
