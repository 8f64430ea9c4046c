import { JudgeStatus, MANUAL_JUDGE_CODES } from '@oj/shared';
import { Form, InputNumber, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusKey } from '../lib/format.js';

export interface ManualJudgeDialogProps {
  open: boolean;
  onClose: () => void;
  status: number;
  score: number | null;
  onSubmit: (status: number, score: number | null) => Promise<void>;
}

/**
 * The Modify Evaluation dialog (doc 2 §4.3): a status choice among MANUAL_JUDGE_CODES plus a disabled Cancelled
 * option, a score field shown when the submission has a score or is cancelled, Update disabled for Cancelled.
 */
export function ManualJudgeDialog(p: ManualJudgeDialogProps) {
  const { t } = useTranslation('submission');
  const [status, setStatus] = useState(p.status);
  const [score, setScore] = useState<number | null>(p.score);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (p.open) {
      setStatus(p.status);
      setScore(p.score);
    }
  }, [p.open, p.status, p.score]);
  const showScore = p.score != null || p.status === JudgeStatus.CANCELLED;
  return (
    <Modal
      open={p.open}
      onCancel={p.onClose}
      title={t('Modify_Evaluation')}
      okText={t('Update')}
      okButtonProps={{ disabled: status === JudgeStatus.CANCELLED, loading: busy }}
      onOk={async () => {
        setBusy(true);
        try {
          await p.onSubmit(status, showScore ? score : null);
          p.onClose();
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form layout="vertical">
        <Form.Item label={t('Status')}>
          <Select
            value={status}
            onChange={setStatus}
            options={[
              ...MANUAL_JUDGE_CODES.map((c) => ({ value: c as number, label: t(statusKey(c)) })),
              { value: JudgeStatus.CANCELLED, label: t(statusKey(JudgeStatus.CANCELLED)), disabled: true },
            ]}
          />
        </Form.Item>
        {showScore && (
          <Form.Item label={t('Score')}>
            <InputNumber min={0} value={score} onChange={(v) => setScore(v)} style={{ width: '100%' }} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
