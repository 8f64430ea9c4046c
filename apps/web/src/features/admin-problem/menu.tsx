import {
  AppstoreOutlined,
  ImportOutlined,
  PlusSquareOutlined,
  TagsOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import i18n from '../../lib/i18n.js';
import type { AdminMenuEntry } from '../admin/menu.js';

// The admin layout translates menu labels with its own namespace only; dictionaries load lazily, so load ours
// together with the menu, or the labels show as keys until one of our pages has been opened.
const preload = () => void i18n.loadNamespaces('adminProblem');
if (i18n.isInitialized) preload();
else i18n.on('initialized', preload);

/** Side-menu entries of the problem admin pages (labels in the `adminProblem` namespace). */
export const adminProblemMenu: AdminMenuEntry[] = [
  {
    path: '/admin/problems',
    label: 'adminProblem:Problem_list',
    icon: <UnorderedListOutlined />,
    alsoFor: ['/admin/problem/edit'],
  },
  { path: '/admin/problem/create', label: 'adminProblem:Create_problem', icon: <PlusSquareOutlined /> },
  { path: '/admin/problem/tag', label: 'adminProblem:Problem_tags', icon: <TagsOutlined /> },
  {
    path: '/admin/problem/batch-operation',
    label: 'adminProblem:Batch_operation',
    icon: <AppstoreOutlined />,
  },
  { path: '/admin/problem/import', label: 'adminProblem:Import_problem', icon: <ImportOutlined /> },
];
