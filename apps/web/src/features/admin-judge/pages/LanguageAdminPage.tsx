import { Button, Card, Form, Input, InputNumber, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import {
  type AdminLanguage,
  type LanguageEdit,
  useAdminLanguages,
  useUpdateLanguage,
} from '../api/admin-language.js';

/**
 * /admin/language (super admin; doc 2 §2.14 language list): every language with its description, compile
 * command and order; the edit dialog changes description, compile command, example template and seq.
 */
export default function LanguageAdminPage() {
  // remoteJudge: a remote language's OJ by its site's name (AtCoder, not the bare code AC).
  const { t } = useTranslation(['adminJudge', 'remoteJudge']);
  const q = useAdminLanguages();
  const update = useUpdateLanguage();
  const [editing, setEditing] = useState<AdminLanguage | null>(null);
  const [form] = Form.useForm<Omit<LanguageEdit, 'id'>>();

  const onOk = async () => {
    if (!editing) return;
    try {
      const v = await form.validateFields();
      await update.mutateAsync({ id: editing.id, ...v, seq: v.seq ?? 0 });
      notify.success(t('common:Update_successfully'));
      setEditing(null);
    } catch {
      // field errors show on the form, server refusals in the api client's toast
    }
  };

  return (
    <Card title={t('Languages')}>
      <Table<AdminLanguage>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={false}
        scroll={{ x: 820 }}
        columns={[
          {
            title: t('Seq'),
            dataIndex: 'seq',
            width: 90,
            onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
          },
          {
            title: t('Name'),
            dataIndex: 'name',
            width: 170,
            render: (n: string, r) => (
              <>
                {n} {r.oj !== 'ME' && <Tag>{t(`remoteJudge:oj.${r.oj}`, { defaultValue: r.oj })}</Tag>}
                {!r.available && <Tag color="default">{t('Unavailable')}</Tag>}
              </>
            ),
          },
          { title: t('Description'), dataIndex: 'description', width: 200, ellipsis: true },
          {
            title: t('Compile_command'),
            dataIndex: 'compileCommand',
            ellipsis: true,
            render: (c: string) => <code style={{ fontSize: 12 }}>{c}</code>,
          },
          {
            title: t('Option'),
            width: 90,
            fixed: 'right',
            render: (_v, r) => (
              <Button
                size="small"
                onClick={() => {
                  setEditing(r);
                  form.setFieldsValue({
                    description: r.description,
                    compileCommand: r.compileCommand,
                    template: r.template,
                    seq: r.seq,
                  });
                }}
              >
                {t('common:Edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing != null}
        title={t('Edit_language', { name: editing?.name ?? '' })}
        onCancel={() => setEditing(null)}
        onOk={() => void onOk()}
        confirmLoading={update.isPending}
        okText={t('common:Save')}
        cancelText={t('common:Cancel')}
        width={720}
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="description"
            label={t('Description')}
            rules={[{ max: 255, message: t('Too_long', { max: 255 }) }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="compileCommand"
            label={t('Compile_command')}
            rules={[{ max: 2000, message: t('Too_long', { max: 2000 }) }]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
          <Form.Item name="template" label={t('Template')} extra={t('Template_hint')}>
            <Input.TextArea autoSize={{ minRows: 6, maxRows: 18 }} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
          <Form.Item name="seq" label={t('Seq')} extra={t('Seq_hint')}>
            <InputNumber min={0} max={100000} precision={0} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
