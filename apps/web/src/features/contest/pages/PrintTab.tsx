import { CONTEST_HELPER_LIMITS } from '@oj/shared';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.js';
import { useSubmitPrint } from '../api/print.js';
import { useContestShell } from '../components/ContestContext.js';

/**
 * The Print tab (doc 2 §2.7, §2.10, §5; contests with printing open): a text box sent to the contest's printer.
 * The text must hold at least 50 characters (checked here with the spec's message, and again by the server);
 * the server takes one job per participant every 30 s, and its refusal is shown under the form until the next try.
 */
export default function PrintTab() {
  const { t } = useTranslation('contest');
  const { contest: c } = useContestShell();
  const [form] = Form.useForm<{ content: string }>();
  const submit = useSubmitPrint(c.id);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const min = CONTEST_HELPER_LIMITS.printMin;

  const onFinish = ({ content }: { content: string }) => {
    setResult(null);
    submit.mutate(content, {
      onSuccess: () => {
        setResult({ ok: true, text: t('Print_submitted') });
        form.resetFields();
      },
      onError: (e) => setResult({ ok: false, text: e instanceof ApiError ? e.message : t('Print_failed') }),
    });
  };

  return (
    <Card title={t('tab.print')} data-testid="contest-print">
      <Alert type="info" showIcon message={t('Print_tip', { min })} style={{ marginBottom: 12 }} />
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item
          name="content"
          label={t('Print_content')}
          rules={[
            { required: true, whitespace: true, message: t('Print_content_required') },
            {
              validator: (_r, v: string | undefined) =>
                (v ?? '').trim().length >= min
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('Print_too_short', { min }))),
            },
          ]}
        >
          <Input.TextArea
            rows={16}
            maxLength={CONTEST_HELPER_LIMITS.printMax}
            showCount
            style={{ fontFamily: 'monospace' }}
            data-testid="print-content"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submit.isPending} data-testid="print-submit">
          {t('Submit_print')}
        </Button>
      </Form>
      {result && (
        <Alert
          type={result.ok ? 'success' : 'error'}
          showIcon
          message={result.text}
          style={{ marginTop: 12 }}
          data-testid="print-result"
          data-ok={String(result.ok)}
        />
      )}
    </Card>
  );
}
