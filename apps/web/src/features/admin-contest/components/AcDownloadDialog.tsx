import { Form, Modal, Radio, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AcSplitType, downloadAcSubmissions } from '../api/ac-download.js';

/**
 * The Download AC submissions dialog of the contest admin list (doc 3): exclude the admins' submissions (on by
 * default) and a folder per user or per problem; Download fetches the zip and offers it as a file. `cid` null: closed.
 */
export function AcDownloadDialog({ cid, onClose }: { cid: number | null; onClose: () => void }) {
  const { t } = useTranslation('adminContest');
  const [excludeAdmin, setExcludeAdmin] = useState(true);
  const [splitType, setSplitType] = useState<AcSplitType>('user');
  const [busy, setBusy] = useState(false);

  const onOk = async () => {
    if (cid == null) return;
    setBusy(true);
    try {
      await downloadAcSubmissions({ cid, excludeAdmin, splitType });
      onClose();
    } catch {
      // shown by the api client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={cid != null}
      title={t('Download_ac_submissions')}
      onCancel={onClose}
      onOk={() => void onOk()}
      okText={t('Download')}
      cancelText={t('common:Cancel')}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form layout="vertical" data-testid="ac-download-dialog">
        <Form.Item label={t('Exclude_admin')} tooltip={t('Exclude_admin_tip')}>
          <Switch checked={excludeAdmin} onChange={setExcludeAdmin} data-testid="ac-download-exclude-admin" />
        </Form.Item>
        <Form.Item label={t('Split_type')}>
          <Radio.Group
            value={splitType}
            onChange={(e) => setSplitType(e.target.value as AcSplitType)}
            data-testid="ac-download-split"
          >
            <Radio value="user">{t('split.user')}</Radio>
            <Radio value="problem">{t('split.problem')}</Radio>
          </Radio.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}
