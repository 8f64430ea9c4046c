import { PlayCircleOutlined } from '@ant-design/icons';
import { isFinishedStatus, JudgeMode, JudgeStatus, LIMITS } from '@oj/shared';
import { Alert, Button, Descriptions, Drawer, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { t as tt } from '../../../lib/i18n.js';
import { notify } from '../../../lib/notify.js';
import { usePoll } from '../../../lib/use-poll.js';
import { getTestJudgeResult, type SubmitScope, submitTestJudge } from '../../submission/api/submit.js';
import type { TestJudgeResult } from '../../submission/api/types.js';
import { StatusTag } from '../../submission/components/StatusTag.js';
import { formatMemory, formatTimeMs } from '../../submission/lib/format.js';
import { preBox } from '../../submission/lib/styles.js';
import type { Example } from '../api/types.js';
import { distinctErrorTexts, matchedSample, sampleOutputFor } from '../lib/problem-math.js';
import { codeError } from '../lib/validate-code.js';

export interface TestJudgeDrawerProps {
  open: boolean;
  onClose: () => void;
  pid: number;
  language: string | undefined;
  getCode: () => string;
  examples: Example[];
  judgeMode: string;
  /** The page's scope (a contest's cid, a group's gid, a training's tid): decides the run's type. */
  scope?: SubmitScope;
}

const mono: React.CSSProperties = { fontFamily: 'monospace' };

/**
 * The online test drawer (doc 2 §4.4): custom input (at most 1000 characters, prefilled with sample 1) and an
 * optional expected output, which follows the input (the matching sample's output, empty for a custom input)
 * until the user types one; runs the code, polls the result (300 ms doubling to 1 s) and shows status, output,
 * time, memory, stderr and compile errors, and which sample was passed when input and expected output equal one.
 * Without an expected output a run that ends fine shows Success, not Accepted: nothing was compared.
 */
export function TestJudgeDrawer(p: TestJudgeDrawerProps) {
  const { t } = useTranslation('problem');
  const [input, setInput] = useState(p.examples[0]?.input ?? '');
  const [expected, setExpected] = useState(p.examples[0]?.output ?? '');
  // The expected output follows the input (a sample's output, or empty for a custom input) until the user types one.
  const [expectedTyped, setExpectedTyped] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [asked, setAsked] = useState<{ key: string; input: string; expected: string } | null>(null);
  const poll = usePoll<TestJudgeResult>({
    queryKey: ['test-judge-result', asked?.key ?? ''],
    queryFn: () => getTestJudgeResult(asked?.key ?? ''),
    enabled: asked != null,
    isDone: (r) => isFinishedStatus(r.status),
    progressOf: (r) => r.status,
    firstMs: LIMITS.submissionPollFirstMs,
    maxMs: LIMITS.testJudgePollMs,
    maxChecks: LIMITS.submissionPollMax,
  });
  const result = asked ? (poll.data ?? null) : null;
  const running = submitting || (asked != null && !poll.done && !poll.gaveUp);

  const onInput = (next: string) => {
    setInput(next);
    if (!expectedTyped) setExpected(sampleOutputFor(p.examples, next));
  };
  const onExpected = (next: string) => {
    setExpected(next);
    setExpectedTyped(next !== '');
  };

  // Esc closes the drawer wherever the focus is (antd only listens inside the drawer, and the editor or the
  // button that opened it usually keeps the focus).
  const { open, onClose } = p;
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  const run = async () => {
    const err = codeError(p.getCode());
    if (err) return notify.error(tt(err));
    if (!p.language) return notify.error(t('Please_select_language'));
    if (input.length > LIMITS.testInputMax)
      return notify.error(t('Test_input_too_long', { n: LIMITS.testInputMax }));
    setSubmitting(true);
    setAsked(null);
    try {
      const key = await submitTestJudge(
        {
          pid: p.pid,
          language: p.language,
          code: p.getCode(),
          userInput: input,
          expectedOutput: expected,
        },
        p.scope,
      );
      setAsked({ key, input, expected });
    } catch {
      // the api client showed the message
    } finally {
      setSubmitting(false);
    }
  };

  const sample =
    result && asked && result.status === JudgeStatus.ACCEPTED
      ? matchedSample(p.examples, asked.input, asked.expected)
      : null;
  // The judge's message and stderr, each once: a Python syntax error is both the compiler's message and its stderr.
  const compiled = result?.status !== JudgeStatus.COMPILE_ERROR;
  const compileErrors = result && !compiled ? distinctErrorTexts(result.errorMessage, result.stderr) : [];
  const errors =
    result && compiled
      ? distinctErrorTexts(result.stderr, result.status === JudgeStatus.ACCEPTED ? null : result.errorMessage)
      : [];
  const spjUncertain =
    result &&
    p.judgeMode !== JudgeMode.DEFAULT &&
    (result.status === JudgeStatus.ACCEPTED || result.status === JudgeStatus.WRONG_ANSWER);
  // Without an expected output nothing was compared: a run that ended fine "ran", it was not "accepted".
  const ranOnly = result && asked && !asked.expected.trim() && result.status === JudgeStatus.ACCEPTED;

  return (
    <Drawer
      open={p.open}
      onClose={p.onClose}
      title={t('Online_Test')}
      width={Math.min(560, typeof window === 'undefined' ? 560 : window.innerWidth)}
      data-testid="test-drawer"
      extra={
        <Button
          type="primary"
          icon={<PlayCircleOutlined />}
          loading={running}
          onClick={run}
          data-testid="test-run"
        >
          {t('Run')}
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text strong>{t('Test_Input')}</Typography.Text>
        <Input.TextArea
          value={input}
          onChange={(e) => onInput(e.target.value)}
          autoSize={{ minRows: 4, maxRows: 10 }}
          maxLength={LIMITS.testInputMax}
          showCount
          style={mono}
          data-testid="test-input"
        />
        <Typography.Text strong>{t('Expected_Output')}</Typography.Text>
        <Input.TextArea
          value={expected}
          onChange={(e) => onExpected(e.target.value)}
          autoSize={{ minRows: 3, maxRows: 10 }}
          placeholder={t('Optional')}
          style={mono}
          data-testid="test-expected"
        />
        {result && (
          <div data-testid="test-result">
            <Descriptions
              size="small"
              column={1}
              bordered
              items={[
                {
                  key: 's',
                  label: t('Status'),
                  children:
                    spjUncertain || ranOnly ? (
                      <span data-testid="test-ran">{t('Success')}</span>
                    ) : (
                      <StatusTag status={result.status} testId="test-status" />
                    ),
                },
                { key: 't', label: t('Time'), children: formatTimeMs(result.time) },
                { key: 'm', label: t('Memory'), children: formatMemory(result.memory) },
              ]}
            />
            {spjUncertain && <Alert type="info" style={{ marginTop: 8 }} message={t('Spj_uncertain')} />}
            {ranOnly && !spjUncertain && (
              <Alert type="info" style={{ marginTop: 8 }} message={t('Output_not_compared')} />
            )}
            {sample != null && (
              <Alert
                type="success"
                style={{ marginTop: 8 }}
                message={t('Passed_sample_n', { n: sample })}
                data-testid="test-sample-matched"
              />
            )}
            {compileErrors.length > 0 && (
              <>
                <Typography.Text strong>{t('Compile_Error_Message')}</Typography.Text>
                {compileErrors.map((text) => (
                  <pre key={text} style={preBox} data-testid="test-compile-error">
                    {text}
                  </pre>
                ))}
              </>
            )}
            {result.status !== JudgeStatus.COMPILE_ERROR && (
              <>
                <Typography.Text strong>{t('Output')}</Typography.Text>
                <pre style={preBox} data-testid="test-output">
                  {result.userOutput ?? ''}
                </pre>
              </>
            )}
            {errors.length > 0 && (
              <>
                <Typography.Text strong>{result.stderr ? t('Stderr') : t('Error')}</Typography.Text>
                {errors.map((text) => (
                  <pre key={text} style={preBox} data-testid="test-error">
                    {text}
                  </pre>
                ))}
              </>
            )}
          </div>
        )}
      </Space>
    </Drawer>
  );
}
