import { CommentOutlined } from '@ant-design/icons';
import i18n from '../../lib/i18n.js';
import type { AdminMenuEntry } from '../admin/menu.js';

// Menu labels come from our namespace, which loads lazily: load it with the menu (as the contest admin menu does).
const preload = () => void i18n.loadNamespaces('adminDiscussion');
if (i18n.isInitialized) preload();
else i18n.on('initialized', preload);

/** Side-menu entry of the discussion back office (label in the `adminDiscussion` namespace). */
export const adminDiscussionMenu: AdminMenuEntry[] = [
  { path: '/admin/discussion', label: 'adminDiscussion:Discussion_admin', icon: <CommentOutlined /> },
];
