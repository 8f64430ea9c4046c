import { DIFFICULTIES, PROBLEM_LIMITS, ProblemType } from '@oj/shared';
import { Col, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TagItem } from '../api/tags.js';
import { useProblemRules } from '../lib/field-rules.js';
import { AuthSelect } from './AuthSelect.js';
import { TagSelect } from './TagSelect.js';

/**
 * Identity and limits of the problem (doc 3 §3): problem id, title, time limit (ms), memory and stack limits
 * (MB), difficulty, ACM / OI type, auth, tags, source and author.
 */
export function BasicFields({
  tags,
  onTypeChange,
}: {
  tags: TagItem[];
  onTypeChange: (type: number) => void;
}) {
  const { t } = useTranslation('adminProblem');
  const rules = useProblemRules();
  return (
    <Row gutter={12}>
      <Col xs={24} md={8}>
        <Form.Item
          name="problemId"
          label={t('Problem_ID')}
          required
          rules={rules('problemId', t('Problem_ID'))}
        >
          <Input maxLength={PROBLEM_LIMITS.problemIdMax} data-testid="problem-id" />
        </Form.Item>
      </Col>
      <Col xs={24} md={16}>
        <Form.Item name="title" label={t('Title')} required rules={rules('title', t('Title'))}>
          <Input maxLength={PROBLEM_LIMITS.titleMax} data-testid="problem-title" />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item
          name="timeLimit"
          label={t('Time_limit_ms')}
          required
          rules={rules('timeLimit', t('Time_limit_ms'))}
        >
          <InputNumber
            min={PROBLEM_LIMITS.timeLimitMs.min}
            max={PROBLEM_LIMITS.timeLimitMs.max}
            precision={0}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item
          name="memoryLimit"
          label={t('Memory_limit_mb')}
          required
          rules={rules('memoryLimit', t('Memory_limit_mb'))}
        >
          <InputNumber
            min={PROBLEM_LIMITS.memoryLimitMb.min}
            max={PROBLEM_LIMITS.memoryLimitMb.max}
            precision={0}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item
          name="stackLimit"
          label={t('Stack_limit_mb')}
          required
          rules={rules('stackLimit', t('Stack_limit_mb'))}
        >
          <InputNumber
            min={PROBLEM_LIMITS.stackLimitMb.min}
            max={PROBLEM_LIMITS.stackLimitMb.max}
            precision={0}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item name="difficulty" label={t('Difficulty')}>
          <Select options={DIFFICULTIES.map((d) => ({ value: d.code, label: t(`difficulty.${d.code}`) }))} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item name="type" label={t('Type')}>
          <Radio.Group
            optionType="button"
            onChange={(e) => onTypeChange(e.target.value as number)}
            options={[
              { value: ProblemType.ACM, label: 'ACM' },
              { value: ProblemType.OI, label: 'OI' },
            ]}
          />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item name="auth" label={t('Auth')}>
          <AuthSelect />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="tags" label={t('Tags')}>
          <TagSelect tags={tags} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="source" label={t('Source')}>
          <Input maxLength={255} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="author" label={t('Author')}>
          <Input maxLength={100} />
        </Form.Item>
      </Col>
    </Row>
  );
}
