import { DeleteOutlined } from '@ant-design/icons';
import { Button, Empty, Grid, Modal, Pagination, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { notify } from '../../../lib/notify.js';
import { useSession } from '../../../lib/session.js';
import {
  MESSAGE_BOX,
  MESSAGE_TABS,
  type MessageTab,
  useCleanMessages,
  useMessages,
} from '../api/messages.js';
import { MessageItem } from '../components/MessageItem.js';

/**
 * One box of the message centre (doc 1 §2.8): /message/{discuss,reply,like,sys,mine}, paged (6 or 8 a page, page in
 * the address); loading it marks it read. Deleting one message or all of the box asks first.
 */
export default function MessageBoxPage() {
  const { t } = useTranslation('message');
  const { pathname } = useLocation();
  const [sp, setSp] = useSearchParams();
  const { userInfo } = useSession();
  const screens = Grid.useBreakpoint();
  const tab = (MESSAGE_TABS.find((k) => pathname.endsWith(`/${k}`)) ?? 'discuss') as MessageTab;
  const page = Math.max(1, Number(sp.get('currentPage')) || 1);
  const q = useMessages(userInfo?.uid, tab, page);
  const clean = useCleanMessages();

  const confirm = (title: string, id?: number) =>
    Modal.confirm({
      title,
      okText: t('common:Delete'),
      cancelText: t('common:Cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      onOk: async () => {
        try {
          await clean.mutateAsync({ tab, id });
          notify.success(t('Deleted_successfully'));
          if (id === undefined && page > 1) setSp({});
        } catch {
          // shown by the api client
        }
      },
    });

  const records = q.data?.records ?? [];
  return (
    <div data-testid={`message-box-${tab}`}>
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={records.length === 0}
          onClick={() => confirm(t('Delete_all_tips'))}
          data-testid="message-delete-all"
        >
          {t('Delete_all')}
        </Button>
      </div>
      {q.isLoading ? (
        <Skeleton active avatar />
      ) : records.length === 0 ? (
        <Empty description={t('No_message')} />
      ) : (
        <div data-testid="message-list">
          {records.map((m) => (
            <MessageItem key={m.id} m={m} onDelete={() => confirm(t('Delete_message_tips'), m.id)} />
          ))}
        </div>
      )}
      <Pagination
        style={{ marginTop: 16, textAlign: 'right' }}
        current={page}
        pageSize={MESSAGE_BOX[tab].pageSize}
        total={q.data?.total ?? 0}
        hideOnSinglePage
        showSizeChanger={false}
        size={screens.md === false ? 'small' : 'default'}
        onChange={(p) => setSp(p > 1 ? { currentPage: String(p) } : {})}
      />
    </div>
  );
}
