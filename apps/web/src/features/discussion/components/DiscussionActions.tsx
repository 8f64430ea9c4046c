import { DeleteOutlined, EditOutlined, MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { isAdminRoles, useSession } from '../../../lib/session.js';
import { useDeleteDiscussion } from '../api/discussion.js';
import { useDiscussionScope } from '../api/scope.js';
import type { Discussion } from '../api/types.js';

/**
 * Whether the signed-in user may edit (own only) and delete (own, or any for admin roles and, in a group, its
 * admins) `d` (doc 2 §6, doc 3 §6).
 */
export function useDiscussionRights(d: Pick<Discussion, 'uid'> | undefined) {
  const { userInfo, roles } = useSession();
  const { isGroupAdmin } = useDiscussionScope();
  const own = !!userInfo && !!d && d.uid === userInfo.uid;
  return { canEdit: own, canDelete: own || (!!userInfo && (isAdminRoles(roles) || !!isGroupAdmin)) };
}

/**
 * Edit / delete of one discussion as a small menu (nothing when the user may do neither). Delete asks first
 * ("delete discussion tips", doc 2 §8) and calls `onDeleted` after.
 */
export function DiscussionActions({
  d,
  onEdit,
  onDeleted,
}: {
  d: Discussion;
  onEdit: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('discussion');
  const { canEdit, canDelete } = useDiscussionRights(d);
  const del = useDeleteDiscussion(useDiscussionScope().gid);
  if (!canEdit && !canDelete) return null;
  const confirmDelete = () =>
    Modal.confirm({
      title: t('Delete_discussion_tips'),
      okText: t('common:Delete'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      cancelText: t('common:Cancel'),
      onOk: async () => {
        try {
          await del.mutateAsync(d.id);
          notify.success(t('Deleted_successfully'));
          onDeleted?.();
        } catch {
          // shown by the api client
        }
      },
    });
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          ...(canEdit ? [{ key: 'edit', icon: <EditOutlined />, label: t('common:Edit') }] : []),
          ...(canDelete
            ? [{ key: 'delete', icon: <DeleteOutlined />, label: t('common:Delete'), danger: true }]
            : []),
        ],
        onClick: ({ key }) => (key === 'edit' ? onEdit() : confirmDelete()),
      }}
    >
      <Button
        size="small"
        type="text"
        icon={<MoreOutlined />}
        aria-label={t('Actions')}
        data-testid="discussion-actions"
      />
    </Dropdown>
  );
}
