import {
  AppstoreOutlined,
  ImportOutlined,
  PlusSquareOutlined,
  TagsOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { AdminMenuEntry } from '../admin/menu.js';

/** Side-menu entries of the problem admin pages (labels in the `adminProblem` namespace). */
export const adminProblemMenu: AdminMenuEntry[] = [
  { path: '/admin/problems', label: 'adminProblem:Problem_list', icon: <UnorderedListOutlined /> },
  { path: '/admin/problem/create', label: 'adminProblem:Create_problem', icon: <PlusSquareOutlined /> },
  { path: '/admin/problem/tag', label: 'adminProblem:Problem_tags', icon: <TagsOutlined /> },
  {
    path: '/admin/problem/batch-operation',
    label: 'adminProblem:Batch_operation',
    icon: <AppstoreOutlined />,
  },
  { path: '/admin/problem/import', label: 'adminProblem:Import_problem', icon: <ImportOutlined /> },
];
