import { Card, Col, Collapse, Empty, Row, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CaseResultResponse, JudgeCaseVo } from '../api/types.js';
import { formatMemory, formatTimeMs, statusInfo } from '../lib/format.js';
import { preBox } from '../lib/styles.js';
import { StatusTag } from './StatusTag.js';

function CaseCard({ c }: { c: JudgeCaseVo }) {
  const { t } = useTranslation('submission');
  const info = statusInfo(c.status);
  return (
    <Card
      size="small"
      style={{ borderLeft: `4px solid ${info.color}` }}
      // The head wraps instead of cutting the verdict tag off on narrow screens (issue 14 defect 10).
      styles={{ header: { padding: '4px 8px' }, title: { whiteSpace: 'normal', overflow: 'visible' } }}
      data-testid="case-card"
      data-status={c.status}
      title={
        <Space wrap size={4}>
          <span>{`#${c.caseId}`}</span>
          <StatusTag status={c.status} testId="case-status" wrap />
        </Space>
      }
    >
      <div style={{ fontSize: 12, color: '#666' }}>
        {formatTimeMs(c.time)} · {formatMemory(c.memory)}
        {c.score != null && ` · ${t('Score')} ${c.score}`}
      </div>
      {c.message && (
        <Tooltip title={c.message}>
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: '100%' }}>
            {c.message}
          </Typography.Text>
        </Tooltip>
      )}
    </Card>
  );
}

/** Input, expected output and the user's output of the cases (previews from the server). */
function CasePreviews({ cases }: { cases: JudgeCaseVo[] }) {
  const { t } = useTranslation('submission');
  const shown = cases.filter((c) => c.inputData != null || c.outputData != null || c.userOutput != null);
  if (!shown.length) return null;
  return (
    <Collapse
      size="small"
      style={{ marginTop: 12 }}
      items={shown.map((c) => ({
        key: c.caseId,
        label: (
          <Space>
            <span>{`#${c.caseId}`}</span>
            <StatusTag status={c.status} />
          </Space>
        ),
        children: (
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
        ),
      }))}
    />
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
 * modes, per subtask (status, score, AC count); previews of input / expected / user output where returned.
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
      <CasePreviews cases={result.judgeCaseList} />
    </div>
  );
}
