import { GroupAuth, GroupMemberAuth, NO_MEMBER_LEVEL } from '@oj/shared';
import { Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify.js';
import { isSuperAdminRoles, useSession } from '../../../lib/session.js';
import { useDisbandGroup, useExitGroup, useJoinGroup } from '../api/group.js';
import { ApplyDialog } from './ApplyDialog.js';
import { useGroupShell } from './GroupContext.js';

/**
 * The action buttons of the group home by membership (doc 3 §4): not a member — Apply (a public group is joined at
 * once, a protected or private one opens the apply dialog); applying — Applying; refused — Refused; member — Exit
 * Group (confirmed; not for the owner); the owner or a super admin — Disband Group (confirmed).
 */
export function MembershipActions() {
  const { t } = useTranslation('group');
  const navigate = useNavigate();
  const { roles } = useSession();
  const { gid, group: g, access } = useGroupShell();
  const [applying, setApplying] = useState(false);
  const join = useJoinGroup(gid);
  const exit = useExitGroup(gid);
  const disband = useDisbandGroup();
  const superAdmin = isSuperAdminRoles(roles);
  const level = access.level;

  const onApply = () => {
    if (g.auth !== GroupAuth.PUBLIC) {
      setApplying(true);
      return;
    }
    join.mutate({}, { onSuccess: () => notify.success(t('Join_successfully')) });
  };

  return (
    <Space wrap data-testid="group-actions">
      {level === NO_MEMBER_LEVEL && !access.isOwner && !superAdmin && (
        <Button type="primary" loading={join.isPending} onClick={onApply} data-testid="group-apply">
          {g.auth === GroupAuth.PUBLIC ? t('Join') : t('Apply')}
        </Button>
      )}
      {level === GroupMemberAuth.APPLYING && (
        <Button disabled data-testid="group-applying">
          {t('Applying')}
        </Button>
      )}
      {level === GroupMemberAuth.REFUSED && (
        <Button disabled danger data-testid="group-refused">
          {t('Refused')}
        </Button>
      )}
      {level >= GroupMemberAuth.MEMBER && !access.isOwner && (
        <Popconfirm
          title={t('Exit_confirm')}
          okText={t('Exit_group')}
          cancelText={t('common:Cancel')}
          onConfirm={() =>
            exit.mutate(undefined, { onSuccess: () => notify.success(t('Exit_successfully')) })
          }
        >
          <Button danger loading={exit.isPending} data-testid="group-exit">
            {t('Exit_group')}
          </Button>
        </Popconfirm>
      )}
      {(access.isOwner || superAdmin) && (
        <Popconfirm
          title={t('Disband_confirm')}
          okText={t('Disband_group')}
          okButtonProps={{ danger: true, 'data-testid': 'group-disband-ok' }}
          cancelText={t('common:Cancel')}
          onConfirm={() =>
            disband.mutate(gid, {
              onSuccess: () => {
                notify.success(t('Disband_successfully'));
                navigate('/group');
              },
            })
          }
        >
          <Button danger type="primary" loading={disband.isPending} data-testid="group-disband">
            {t('Disband_group')}
          </Button>
        </Popconfirm>
      )}
      <ApplyDialog gid={gid} auth={g.auth} open={applying} onClose={() => setApplying(false)} />
    </Space>
  );
}
