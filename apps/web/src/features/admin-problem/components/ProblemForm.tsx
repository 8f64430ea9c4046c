import { ProblemType } from '@oj/shared';
import { Alert, Button, Card, Col, Divider, Form, Input, Row, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api.js';
import { notify } from '../../../lib/notify.js';
import { useSaveProblem } from '../api/admin-problem.js';
import { useAllLanguages } from '../api/languages.js';
import { useAdminTags } from '../api/tags.js';
import {
  type CaseRow,
  checkProblemForm,
  type ProblemFormValues,
  toBody,
  withSpreadScores,
} from '../lib/form-model.js';
import { spjCompileIssue } from '../lib/spj-compile.js';
import { BasicFields } from './BasicFields.js';
import { ExamplesField } from './ExamplesField.js';
import { JudgeFields } from './JudgeFields.js';
import { LanguageFields } from './LanguageFields.js';
import { MarkdownField } from './MarkdownField.js';
import { TestcaseFields } from './TestcaseFields.js';

/** Form fields that a client-side issue highlights. */
const ISSUE_FIELD: Record<string, keyof ProblemFormValues> = {
  Problem_ID_required: 'problemId',
  Problem_ID_invalid: 'problemId',
  Title_required: 'title',
  timeLimit_range: 'timeLimit',
  memoryLimit_range: 'memoryLimit',
  stackLimit_range: 'stackLimit',
  Input_description_required: 'input',
  Output_description_required: 'output',
  Duplicate_tag: 'tags',
  Checker_language_required: 'spjLanguage',
  Checker_code_required: 'spjCode',
  Spj_Or_Interactive_Code_not_Compile_Success: 'spjCode',
  File_IO_names_required: 'ioReadFileName',
  File_IO_names_invalid: 'ioReadFileName',
};

/**
 * The problem editor of doc 3 (create and edit): every admin-side field, checked on the client with the
 * rules of doc 3 §5 before POST / PUT /api/admin/problem; a server refusal (400) is shown above the buttons.
 * `pid` null creates; `original` carries the stored judge settings to tell the server what changed. With a
 * `contestId` the problem belongs to that contest (doc 3 contest problem create / edit): creating asks for its
 * display id and title in the contest (both required, doc 3 §5), saving goes through the contest-problem calls and
 * returns to the contest's problem list.
 */
export function ProblemForm(props: {
  initial: ProblemFormValues;
  pid: number | null;
  original: { judgeMode: string; judgeCaseMode: string; spjCode: string } | null;
  contestId?: number;
}) {
  const { t } = useTranslation('adminProblem');
  const navigate = useNavigate();
  const [form] = Form.useForm<ProblemFormValues>();
  const langs = useAllLanguages();
  const tags = useAdminTags();
  const cid = props.contestId;
  const newInContest = cid != null && props.pid == null;
  const [display, setDisplay] = useState({ displayId: '', displayTitle: '' });
  const save = useSaveProblem(props.pid != null, cid != null ? { cid, ...display } : undefined);
  const backTo = cid != null ? `/admin/contest/${cid}/problems` : '/admin/problems';
  const [serverError, setServerError] = useState<string | null>(null);
  /** spjSignature of the last successful compile of the checker / interactor code (doc 3 §4 spjCompileOk). */
  const [spjCompiled, setSpjCompiled] = useState<string | null>(null);
  const local = (langs.data ?? []).filter((l) => l.oj === 'ME');

  // A stored problem that lists no language accepts every local one (server rule): show them all checked.
  const noLanguages = props.pid != null && props.initial.languages.length === 0;
  useEffect(() => {
    if (noLanguages && langs.data && (form.getFieldValue('languages') ?? []).length === 0)
      form.setFieldValue(
        'languages',
        langs.data.filter((l) => l.oj === 'ME').map((l) => l.name),
      );
  }, [noLanguages, langs.data, form]);

  const onTypeChange = (type: number) => {
    if (type !== ProblemType.OI) return;
    for (const name of ['cases', 'uploadedCases'] as const) {
      const list: CaseRow[] = form.getFieldValue(name) ?? [];
      if (list.length) form.setFieldValue(name, withSpreadScores(list));
    }
  };

  const onSave = async () => {
    setServerError(null);
    const v = { ...props.initial, ...form.getFieldsValue(true) } as ProblemFormValues;
    const displayIssue =
      newInContest && (!display.displayId.trim() || !display.displayTitle.trim())
        ? { key: 'Contest_display_required', params: undefined }
        : null;
    const issue =
      displayIssue ??
      checkProblemForm(v, props.pid != null) ??
      spjCompileIssue(v, props.original, spjCompiled);
    if (issue) {
      const side = issue.params?.side;
      const params = side
        ? { ...issue.params, side: t(side === 'user' ? 'User_extra_files' : 'Judge_extra_files') }
        : issue.params;
      const msg = t(issue.key, params);
      const field = ISSUE_FIELD[issue.key];
      if (field) form.setFields([{ name: field, errors: [msg] }]);
      notify.error(msg);
      return;
    }
    try {
      const res = await save.mutateAsync(toBody(v, tags.data ?? [], props.pid, props.original));
      notify.success(props.pid ? t('common:Update_successfully') : t('Create_successfully'));
      navigate(backTo, { state: { saved: res.pid } });
    } catch (e) {
      setServerError(e instanceof ApiError ? e.message : t('Upload_Problem_Failed'));
    }
  };

  return (
    <Form<ProblemFormValues>
      form={form}
      layout="vertical"
      initialValues={props.initial}
      onValuesChange={() => serverError && setServerError(null)}
      data-testid="problem-form"
    >
      <Card title={props.pid ? t('Edit_problem') : t('Create_problem')}>
        {newInContest && (
          <Row gutter={12} data-testid="contest-display-fields">
            <Col xs={24} md={8}>
              <Form.Item label={t('Contest_display_id')} required>
                <Input
                  value={display.displayId}
                  onChange={(e) => setDisplay({ ...display, displayId: e.target.value })}
                  data-testid="contest-display-id"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item label={t('Contest_display_title')} required>
                <Input
                  value={display.displayTitle}
                  onChange={(e) => setDisplay({ ...display, displayTitle: e.target.value })}
                  data-testid="contest-display-title"
                />
              </Form.Item>
            </Col>
          </Row>
        )}
        <BasicFields tags={tags.data ?? []} onTypeChange={onTypeChange} />
        <Divider orientation="left">{t('Statement')}</Divider>
        <Form.Item name="description" label={t('Description')}>
          <MarkdownField rows={6} data-testid="problem-description" />
        </Form.Item>
        <Form.Item name="input" label={t('Input_description')} required>
          <MarkdownField data-testid="problem-input" />
        </Form.Item>
        <Form.Item name="output" label={t('Output_description')} required>
          <MarkdownField data-testid="problem-output" />
        </Form.Item>
        <ExamplesField />
        <Form.Item name="hint" label={t('Hint')}>
          <MarkdownField />
        </Form.Item>
        <Divider orientation="left">{t('Languages_section')}</Divider>
        <LanguageFields languages={local} />
        <Divider orientation="left">{t('Judge')}</Divider>
        <JudgeFields languages={local} spjCompiled={spjCompiled} onSpjCompiled={setSpjCompiled} />
        <Divider orientation="left">{t('Testcases')}</Divider>
        <TestcaseFields />
        {serverError && (
          <Alert
            type="error"
            showIcon
            message={t('Upload_Problem_Failed')}
            description={serverError}
            style={{ margin: '16px 0' }}
            data-testid="problem-server-error"
          />
        )}
        <Divider />
        <Space wrap>
          <Button
            type="primary"
            size="large"
            loading={save.isPending}
            onClick={() => void onSave()}
            data-testid="problem-save"
          >
            {t('common:Save')}
          </Button>
          <Button size="large" onClick={() => navigate(backTo)}>
            {t('common:Back')}
          </Button>
        </Space>
      </Card>
    </Form>
  );
}
