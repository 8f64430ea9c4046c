import { CLARIFICATION_LIMITS } from '@oj/shared';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api.js';
import { useAskClarification } from '../../api/clarifications.js';
import { displayIdOf, GENERAL, ProblemChoice } from './ProblemChoice.js';

/**
 * The participant's question form (issue 10 §3): about a problem or General, 1..1000 characters with a counter.
 * The server's refusals (one question per 30 s, 10 unanswered, contest ended) show under the form.
 */
export function AskClarificationForm({ cid }: { cid: number }) {
  const { t } = useTranslation('clarification');
  const [form] = Form.useForm<{ about: string; content: string }>();
  const ask = useAskClarification(cid);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const max = CLARIFICATION_LIMITS.questionMax;

  const onFinish = (v: { about: string; content: string }) => {
    setResult(null);
    ask.mutate(
      { displayId: displayIdOf(v.about), content: v.content.trim() },
      {
        onSuccess: () => {
          setResult({ ok: true, text: t('Asked') });
          form.setFieldValue('content', '');
        },
        onError: (e) => setResult({ ok: false, text: e instanceof ApiError ? e.message : t('Ask_failed') }),
      },
    );
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ about: GENERAL, content: '' }}
      onFinish={onFinish}
      data-testid="clarification-ask-form"
      style={{ maxWidth: 760 }}
    >
      <Typography.Paragraph type="secondary">{t('Ask_hint')}</Typography.Paragraph>
      <Form.Item name="about" label={t('About')}>
        <ProblemChoice cid={cid} testId="clarification-problem" />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('Your_question')}
        rules={[{ required: true, whitespace: true, message: t('Question_required') }]}
      >
        <Input.TextArea rows={3} maxLength={max} showCount data-testid="clarification-content" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={ask.isPending} data-testid="clarification-ask">
        {t('Ask')}
      </Button>
      {result && (
        <Alert
          type={result.ok ? 'success' : 'error'}
          showIcon
          message={result.text}
          style={{ marginTop: 12 }}
          data-testid="clarification-ask-result"
          data-ok={String(result.ok)}
        />
      )}
    </Form>
  );
}
