import { ProblemType } from '@oj/shared';
import { Alert, Button, Card, Col, Divider, Form, Input, Row, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAdminScope } from '../../../lib/admin-scope.js';
import { ApiError } from '../../../lib/api.js';
import { notify } from '../../../lib/notify.js';
import { useSaveProblem } from '../api/admin-problem.js';
import { useAllLanguages } from '../api/languages.js';
import { useAdminTags } from '../api/tags.js';
import { useProblemRules } from '../lib/field-rules.js';
import {
  type CaseRow,
  checkProblemForm,
  type FormIssue,
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

/**
 * The problem editor of doc 3 (create and edit): every admin-side field, checked on the client before POST / PUT
 * /api/admin/problem, all at once: each field against the shared rules (`problemFieldRules`, shown under the
 * field as it is typed, gone once fixed) and the checks that join fields (form-model, listed above the buttons
 * and re-checked on every change). A server refusal (400) is shown above the buttons and, when it names a field
 * of the form, under that field until it changes. `pid` null creates; `original` carries the stored judge
 * settings to tell the server what changed. With a `contestId` the problem belongs to that contest (doc 3
 * contest problem create / edit): creating asks for its display id and title in the contest (both required, doc 3
 * §5), saving goes through the contest-problem calls and returns to the contest's problem list. In a group's admin
 * scope (lib/admin-scope) the same form saves through the group's calls and returns to the group's lists.
 */
export function ProblemForm(props: {
  initial: ProblemFormValues;
  pid: number | null;
  original: { judgeMode: string; judgeCaseMode: string; spjCode: string } | null;
  contestId?: number;
}) {
  const { t, i18n } = useTranslation('adminProblem');
  const navigate = useNavigate();
  const [form] = Form.useForm<ProblemFormValues>();
  const scope = useAdminScope();
  const langs = useAllLanguages();
  const tags = useAdminTags(scope.gid);
  const cid = props.contestId;
  const newInContest = cid != null && props.pid == null;
  const [display, setDisplay] = useState({ displayId: '', displayTitle: '' });
  const save = useSaveProblem(props.pid != null, cid != null ? { cid, ...display } : undefined, scope.gid);
  const backTo = cid != null ? scope.paths.contestProblems(cid) : scope.paths.problems;
  const rules = useProblemRules();
  const [serverError, setServerError] = useState<string | null>(null);
  /** Cross-field issues of the last save attempt (re-checked on change); null before any attempt. */
  const [issues, setIssues] = useState<FormIssue[] | null>(null);
  /** Fields holding an error set by hand (a cross-field issue or the server's), cleared when they change. */
  const [marked, setMarked] = useState<string[]>([]);
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

  const values = () => ({ ...props.initial, ...form.getFieldsValue(true) }) as ProblemFormValues;
  const issueText = (issue: FormIssue) => {
    const side = issue.params?.side;
    const params = side
      ? { ...issue.params, side: t(side === 'user' ? 'User_extra_files' : 'Judge_extra_files') }
      : issue.params;
    return t(issue.key, params);
  };
  /** Runs the cross-field checks, marks the fields they name and lists the rest; returns the issues. */
  const checkJoined = (): FormIssue[] => {
    const v = values();
    const found = [
      ...checkProblemForm(v, props.pid != null),
      spjCompileIssue(v, props.original, spjCompiled),
    ].filter((i): i is FormIssue => i != null);
    const onFields = found.filter((i) => i.field);
    form.setFields(marked.map((name) => ({ name: name as keyof ProblemFormValues, errors: [] })));
    form.setFields(
      onFields.map((i) => ({ name: i.field as keyof ProblemFormValues, errors: [issueText(i)] })),
    );
    setMarked(onFields.map((i) => i.field as string));
    setIssues(found);
    return found;
  };

  const onSave = async () => {
    setServerError(null);
    if (newInContest && (!display.displayId.trim() || !display.displayTitle.trim())) {
      notify.error(t('Contest_display_required'));
      return;
    }
    const fieldErrors = await form.validateFields().then(
      () => [],
      (e: { errorFields?: { name: (string | number)[] }[] }) => e.errorFields ?? [],
    );
    const joined = checkJoined();
    if (fieldErrors.length || joined.length) {
      notify.error(t('Form_has_errors', { n: fieldErrors.length + joined.length }));
      const first = fieldErrors[0]?.name ?? joined.find((i) => i.field)?.field;
      if (first) form.scrollToField(first, { block: 'center' });
      return;
    }
    try {
      const res = await save.mutateAsync(toBody(values(), tags.data ?? [], props.pid, props.original));
      notify.success(props.pid ? t('common:Update_successfully') : t('Create_successfully'));
      navigate(backTo, { state: { saved: res.pid } });
    } catch (e) {
      setServerError(e instanceof ApiError ? e.message : t('Upload_Problem_Failed'));
      // A refusal naming a field of this form (problem.problemId, languages...) is shown under it too.
      const named = e instanceof ApiError ? String(e.msgParams.field ?? '').replace(/^problem\./, '') : '';
      if (named && named in props.initial) {
        form.setFields([{ name: named as keyof ProblemFormValues, errors: [(e as ApiError).message] }]);
        setMarked((m) => [...m, named]);
      }
    }
  };

  // A language switch re-words the errors on screen (antd keeps the text of the last validation).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on the language only
  useEffect(() => {
    const shown = form
      .getFieldsError()
      .filter((f) => f.errors.length && !marked.includes(String(f.name[0])))
      .map((f) => f.name);
    if (shown.length) void form.validateFields(shown).catch(() => undefined);
    if (issues) checkJoined();
  }, [i18n.language]);

  /** A change clears the hand-set errors of the changed fields and re-checks the joined rules once tried. */
  const onValuesChange = (changed: Partial<ProblemFormValues>) => {
    if (serverError) setServerError(null);
    const touched = marked.filter((name) => name in changed);
    if (touched.length)
      form.setFields(touched.map((name) => ({ name: name as keyof ProblemFormValues, errors: [] })));
    if (issues) checkJoined();
  };
  const listed = (issues ?? []).filter((i) => !i.field);

  return (
    <Form<ProblemFormValues>
      form={form}
      layout="vertical"
      initialValues={props.initial}
      onValuesChange={onValuesChange}
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
        <Form.Item
          name="input"
          label={t('Input_description')}
          required
          rules={rules('input', t('Input_description'))}
        >
          <MarkdownField data-testid="problem-input" />
        </Form.Item>
        <Form.Item
          name="output"
          label={t('Output_description')}
          required
          rules={rules('output', t('Output_description'))}
        >
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
        {listed.length > 0 && (
          <Alert
            type="warning"
            showIcon
            message={t('Form_issues')}
            description={
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {listed.map((i) => (
                  <li key={`${i.key}-${JSON.stringify(i.params ?? {})}`}>{issueText(i)}</li>
                ))}
              </ul>
            }
            style={{ margin: '16px 0' }}
            data-testid="problem-form-issues"
          />
        )}
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
