import { Card, Col, Collapse, Empty, Modal, Row, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseResultResponse, JudgeCaseVo } from '../api/types.js';
import { formatMemory, formatTimeMs, statusInfo } from '../lib/format.js';
import { preBox } from '../lib/styles.js';
import { RerunNote } from './RerunNote.js';
import { StatusTag } from './StatusTag.js';

/** True when the server returned any of the case's data previews. */
const hasPreview = (c: JudgeCaseVo) => c.inputData != null || c.outputData != null || c.userOutput != null;

/** One case: status, time, memory, score, a borderline TLE re-run's two times, checker message; its data previews open from the card when returned. */
function CaseCard({ c }: { c: JudgeCaseVo }) {
  const { t } = useTranslation('submission');
  const [open, setOpen] = useState(false);
  const info = statusInfo(c.status);
  const preview = hasPreview(c);
  return (
    <>
      <Card
        size="small"
        hoverable={preview}
        onClick={preview ? () => setOpen(true) : undefined}
        style={{ borderLeft: `4px solid ${info.color}`, cursor: preview ? 'pointer' : undefined }}
        // The head wraps instead of cutting the verdict tag off on narrow screens (issue 14 defect 10).
        styles={{
          header: { padding: '4px 8px' },
          title: { whiteSpace: 'normal', overflow: 'visible' },
          body: { paddingInline: 8 },
        }}
        data-testid="case-card"
        data-status={c.status}
        title={
          <Space size={4} wrap>
            <span>{`#${c.caseId}`}</span>
            <StatusTag status={c.status} testId="case-status" wrap />
          </Space>
        }
      >
        <div style={{ fontSize: 12, color: 'var(--oj-text-secondary)' }}>
          {formatTimeMs(c.time)} · {formatMemory(c.memory)}
          {c.score != null && ` · ${t('Score')} ${c.score}`}
        </div>
        <RerunNote rerun={c.rerun} />
        {c.message && (
          <Tooltip title={c.message}>
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: '100%' }}>
              {c.message}
            </Typography.Text>
          </Tooltip>
        )}
        {preview && (
          <Typography.Link style={{ fontSize: 12 }} data-testid="case-data">
            {t('View_case_data')}
          </Typography.Link>
        )}
      </Card>
      {preview && (
        <Modal
          open={open}
          onCancel={() => setOpen(false)}
          footer={null}
          width={900}
          title={
            <Space>
              <span>{`#${c.caseId}`}</span>
              <StatusTag status={c.status} />
            </Space>
          }
        >
          <Row gutter={8}>
            {(
              [
                ['Input', c.inputData],
                ['Expected_Output', c.outputData],
                ['User_Output', c.userOutput],
              ] as const
            ).map(([k, v]) =>
              v == null ? null : (
                <Col xs={24} md={8} key={k}>
                  <Typography.Text strong>{t(k)}</Typography.Text>
                  <pre style={preBox}>{v}</pre>
                </Col>
              ),
            )}
          </Row>
        </Modal>
      )}
    </>
  );
}

function CaseGrid({ cases }: { cases: JudgeCaseVo[] }) {
  return (
    <Row gutter={[8, 8]}>
      {cases.map((c) => (
        <Col xs={12} sm={8} md={6} lg={4} key={c.caseId}>
          <CaseCard c={c} />
        </Col>
      ))}
    </Row>
  );
}

/**
 * Test-case results of doc 2 §2.5: per case (status, time, memory, score, checker message) and, in subtask
 * modes, per subtask (status, score, AC count). Each case is listed once; its input / expected / user output
 * previews, where returned, open from its card.
 */
export function CaseResults({ result }: { result: CaseResultResponse | null | undefined }) {
  const { t } = useTranslation('submission');
  if (!result || result.judgeCaseList.length === 0) return <Empty description={t('No_case_results')} />;
  return (
    <div data-testid="case-results">
      {result.subTaskJudgeCaseVoList?.length ? (
        <Collapse
          defaultActiveKey={result.subTaskJudgeCaseVoList.map((s) => s.groupNum)}
          items={result.subTaskJudgeCaseVoList.map((s) => ({
            key: s.groupNum,
            label: (
              <Space wrap>
                <strong>{t('Subtask_n', { n: s.groupNum })}</strong>
                <StatusTag status={s.status} />
                <span>
                  {t('Score')} {s.score}
                </span>
                <span>
                  AC {s.ac}/{s.total}
                </span>
                <span>
                  {formatTimeMs(s.time)} · {formatMemory(s.memory)}
                </span>
              </Space>
            ),
            children: <CaseGrid cases={s.subtaskDetailList} />,
          }))}
        />
      ) : (
        <CaseGrid cases={result.judgeCaseList} />
      )}
    </div>
  );
}
