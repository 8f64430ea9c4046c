import { BookOutlined, PlusSquareOutlined, TagsOutlined } from '@ant-design/icons';
import i18n from '../../lib/i18n.js';
import type { AdminMenuEntry } from '../admin/menu.js';

// Menu labels come from our namespace, which loads lazily: load it with the menu (as the contest admin menu does).
const preload = () => void i18n.loadNamespaces('adminTraining');
if (i18n.isInitialized) preload();
else i18n.on('initialized', preload);

/** Side-menu entries of the training back office (labels in the `adminTraining` namespace). */
export const adminTrainingMenu: AdminMenuEntry[] = [
  { path: '/admin/training', label: 'adminTraining:Training_list', icon: <BookOutlined /> },
  { path: '/admin/training/create', label: 'adminTraining:Create_training', icon: <PlusSquareOutlined /> },
  { path: '/admin/training/category', label: 'adminTraining:Category_admin', icon: <TagsOutlined /> },
];
