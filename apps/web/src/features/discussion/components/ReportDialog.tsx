import { formatReportContent, LIMITS, REPORT_TAGS, type ReportTag } from '@oj/shared';
import { Checkbox, Input, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { useSession } from '../../../lib/session.js';
import { useReportDiscussion } from '../api/discussion.js';

/**
 * The report dialog of doc 2 §2.12 / §5: the six fixed tags and a reason (at most 200 characters); at least one
 * tag or a reason, else "the report label and reason cannot be empty".
 */
export function ReportDialog({ did, open, onClose }: { did: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('discussion');
  const { userInfo } = useSession();
  const report = useReportDiscussion();
  const [tags, setTags] = useState<ReportTag[]>([]);
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (open) {
      setTags([]);
      setReason('');
    }
  }, [open]);

  const onOk = async () => {
    const content = formatReportContent(
      REPORT_TAGS.filter((tag) => tags.includes(tag)),
      reason,
    );
    if (!content) {
      notify.error(t('Report_empty'));
      return;
    }
    try {
      await report.mutateAsync({ did, content, reporter: userInfo?.username ?? '' });
      notify.success(t('Report_sent'));
      onClose();
    } catch {
      // shown by the api client
    }
  };

  return (
    <Modal
      open={open}
      title={t('Report')}
      onCancel={onClose}
      onOk={onOk}
      confirmLoading={report.isPending}
      okText={t('Send')}
      cancelText={t('common:Cancel')}
      okButtonProps={{ 'data-testid': 'report-submit' }}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Checkbox.Group
          value={tags}
          onChange={(v) => setTags(v as ReportTag[])}
          data-testid="report-tags"
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 8 }}
          options={REPORT_TAGS.map((tag) => ({ value: tag, label: t(`report_tag.${tag}`) }))}
        />
        <Input.TextArea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={LIMITS.reportReasonMax}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
          // antd draws the counter below the field, outside its box: room for it above the dialog's buttons.
          style={{ marginBottom: 24 }}
          placeholder={t('Report_reason')}
          data-testid="report-reason"
        />
      </Space>
    </Modal>
  );
}
