import { ContestType } from '@oj/shared';
import { Alert, Button, Input, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminScope } from '../../../lib/admin-scope.js';
import { notify } from '../../../lib/notify.js';
import {
  type ContestAdminProblemRow,
  useAddFromPublic,
  useContestAdminProblems,
} from '../api/admin-contest.js';

/**
 * "Add from public problems" (doc 3 §2): keyword search over the public problems of the contest's rule (ACM or OI,
 * remote ones too) not yet in the contest, sizes 10-100; Add asks for the display id in the contest.
 */
export function AddFromPublicDialog({
  cid,
  contestType,
  open,
  onClose,
}: {
  cid: number;
  contestType: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminContest');
  const [keyword, setKeyword] = useState('');
  const [currentPage, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const { gid } = useAdminScope();
  const q = useContestAdminProblems(
    cid,
    { keyword, currentPage, limit, problemType: contestType },
    open,
    gid,
  );
  const add = useAddFromPublic(gid);
  const [picking, setPicking] = useState<ContestAdminProblemRow | null>(null);
  const [displayId, setDisplayId] = useState('');

  const confirm = () => {
    if (!picking) return;
    if (!displayId.trim()) {
      notify.error(t('Display_id_required'));
      return;
    }
    add.mutate(
      { cid, pid: picking.id, displayId: displayId.trim() },
      {
        onSuccess: () => {
          notify.success(t('Add_successfully'));
          setPicking(null);
          setDisplayId('');
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t('Add_from_public')}
      width={760}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message={contestType === ContestType.OI ? t('Public_hint_oi') : t('Public_hint_acm')}
      />
      <Input.Search
        allowClear
        placeholder={t('Search_keyword')}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
        style={{ maxWidth: 280, marginBottom: 12 }}
      />
      <Table<ContestAdminProblemRow>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.problemList.records ?? []}
        scroll={{ x: 'max-content' }}
        data-testid="public-problem-table"
        pagination={{
          current: currentPage,
          pageSize: limit,
          total: q.data?.problemList.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 30, 50, 100],
          onChange: (p, s) => {
            setPage(p);
            setLimit(s);
          },
        }}
        columns={[
          { title: t('Problem_ID'), dataIndex: 'problemId' },
          { title: t('Title'), dataIndex: 'title' },
          {
            title: t('Option'),
            key: 'add',
            render: (_: unknown, r) => (
              <Button
                size="small"
                type="primary"
                onClick={() => setPicking(r)}
                data-testid="add-public-problem"
              >
                {t('Add')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={!!picking}
        title={t('Display_id_in_contest', { title: picking?.title ?? '' })}
        onCancel={() => setPicking(null)}
        onOk={confirm}
        okText={t('Add')}
        cancelText={t('common:Cancel')}
        confirmLoading={add.isPending}
        destroyOnHidden
      >
        <Input
          autoFocus
          value={displayId}
          onChange={(e) => setDisplayId(e.target.value)}
          onPressEnter={confirm}
          placeholder={t('Display_id')}
          data-testid="display-id-input"
        />
      </Modal>
    </Modal>
  );
}
