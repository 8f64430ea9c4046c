import { CloudDownloadOutlined } from '@ant-design/icons';
import { RemoteOj } from '@oj/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { useImportRemoteProblem } from '../api/remote-judge.js';

/** Example ids per OJ (the placeholder of the id field). */
const EXAMPLE_ID: Record<(typeof RemoteOj)[number], string> = {
  HDU: '1000',
  CF: '1A',
  GYM: '100001A',
  POJ: '1000',
  AC: 'abc001_a',
  SPOJ: 'TEST',
};

/**
 * "Import remote problem" of the admin problem list (issue 27, doc 3 admin): the OJ and the site's problem id; the
 * server reads the problem from the site and creates `HDU-1000`, `CF-1A`… (GET /api/admin/import-remote-problem).
 * `onImported` hears the new problem's id (the list refreshes).
 */
export function ImportRemoteProblemButton(props: { onImported?: (problemId: string) => void }) {
  const { t } = useTranslation('remoteJudge');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ name: (typeof RemoteOj)[number]; problemId: string }>();
  const oj = Form.useWatch('name', form) ?? 'HDU';
  const run = useImportRemoteProblem();
  const qc = useQueryClient();
  const onOk = async () => {
    try {
      const v = await form.validateFields();
      const r = await run.mutateAsync({ name: v.name, problemId: v.problemId.trim() });
      notify.success(t('Imported', { problemId: r.problemId, title: r.title }));
      void qc.invalidateQueries();
      setOpen(false);
      props.onImported?.(r.problemId);
    } catch {
      // field errors on the form; the site's or server's refusal by the api client's toast
    }
  };
  return (
    <>
      <Button
        icon={<CloudDownloadOutlined />}
        onClick={() => setOpen(true)}
        data-testid="import-remote-problem"
      >
        {t('Import_remote_problem')}
      </Button>
      <Modal
        open={open}
        title={t('Import_remote_problem')}
        onCancel={() => setOpen(false)}
        onOk={() => void onOk()}
        confirmLoading={run.isPending}
        okText={t('Import')}
        cancelText={t('common:Cancel')}
        destroyOnHidden
      >
        <Form
          form={form}
          name="import-remote"
          layout="vertical"
          preserve={false}
          initialValues={{ name: 'HDU', problemId: '' }}
        >
          <Form.Item name="name" label={t('OJ')}>
            <Select options={RemoteOj.map((o) => ({ value: o, label: t(`oj.${o}`) }))} />
          </Form.Item>
          <Form.Item
            name="problemId"
            label={t('Remote_problem_id')}
            extra={t('Remote_problem_id_note', { id: `${oj}-${EXAMPLE_ID[oj]}` })}
            rules={[
              { required: true, whitespace: true, message: t('Remote_problem_id_required') },
              { pattern: /^[A-Za-z0-9_-]+$/, message: t('Remote_problem_id_chars') },
            ]}
          >
            <Input placeholder={EXAMPLE_ID[oj]} maxLength={64} autoComplete="off" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
