import { PlusSquareOutlined, TrophyOutlined } from '@ant-design/icons';
import i18n from '../../lib/i18n.js';
import type { AdminMenuEntry } from '../admin/menu.js';

// Menu labels come from our namespace, which loads lazily: load it with the menu (as the problem admin menu does).
const preload = () => void i18n.loadNamespaces('adminContest');
if (i18n.isInitialized) preload();
else i18n.on('initialized', preload);

/** Side-menu entries of the contest back office (labels in the `adminContest` namespace). */
export const adminContestMenu: AdminMenuEntry[] = [
  { path: '/admin/contest', label: 'adminContest:Contest_list', icon: <TrophyOutlined /> },
  { path: '/admin/contest/create', label: 'adminContest:Create_contest', icon: <PlusSquareOutlined /> },
];
