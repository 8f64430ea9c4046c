import { JUDGE_CASE_MODES, JUDGE_MODES, type JudgeModeName, SPJ_PROTOCOLS } from '@oj/shared';
import { Col, Form, Input, Modal, Radio, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LanguageItem } from '../api/languages.js';
import { useProblemRules } from '../lib/field-rules.js';
import { ExtraFilesField } from './ExtraFilesField.js';
import { SpjCompileButton } from './SpjCompileButton.js';
import { TleRecheckFields } from './TleRecheckFields.js';

/**
 * Judge settings of the problem editor (doc 3 §3, §4): judge mode (default / special / interactive, with the
 * explanatory dialog on change), checker or interactor code and language, judge case mode, file IO names,
 * trailing-blank removal, case-result publishing, code sharing, the borderline TLE re-check, and the extra files for user and judge. The
 * checker code has a Compile button; `spjCompiled` / `onSpjCompiled` carry the last successful compile.
 */
export function JudgeFields({
  languages,
  spjCompiled = null,
  onSpjCompiled = () => {},
}: {
  languages: LanguageItem[];
  spjCompiled?: string | null;
  onSpjCompiled?(signature: string): void;
}) {
  const { t } = useTranslation('adminProblem');
  const rules = useProblemRules();
  const form = Form.useFormInstance();
  const judgeMode: JudgeModeName = Form.useWatch('judgeMode', form) ?? 'default';
  const fileIO: boolean = Form.useWatch('isFileIO', form) ?? false;
  const spjLanguages = languages.filter((l) => l.isSpj);

  const onModeChange = (mode: JudgeModeName) => {
    Modal.info({
      title: t(`Judge_mode_${mode}`),
      content: t(`Judge_mode_${mode}_explain`),
      okText: t('common:Confirm'),
    });
    if (mode !== 'default' && !form.getFieldValue('spjLanguage') && spjLanguages.length)
      form.setFieldValue(
        'spjLanguage',
        spjLanguages.find((l) => l.name === 'C++')?.name ?? spjLanguages[0].name,
      );
  };

  return (
    <>
      <Form.Item name="judgeMode" label={t('Judge_mode')}>
        <Radio.Group
          onChange={(e) => onModeChange(e.target.value as JudgeModeName)}
          options={JUDGE_MODES.map((m) => ({ value: m, label: t(`Judge_mode_${m}`) }))}
        />
      </Form.Item>
      {judgeMode !== 'default' && (
        <>
          <Row gutter={12}>
            <Col xs={24} md={12}>
              <Form.Item
                name="spjLanguage"
                label={t('Checker_language')}
                required
                rules={rules('spjLanguage', t('Checker_language'))}
              >
                <Select options={spjLanguages.map((l) => ({ value: l.name, label: l.name }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="spjProtocol" label={t('Checker_protocol')}>
                <Select options={SPJ_PROTOCOLS.map((p) => ({ value: p, label: t(`Protocol_${p}`) }))} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="spjCode"
            label={judgeMode === 'spj' ? t('Checker_code') : t('Interactor_code')}
            required
            rules={rules('spjCode', judgeMode === 'spj' ? t('Checker_code') : t('Interactor_code'))}
            extra={t('Checker_code_hint')}
          >
            <Input.TextArea autoSize={{ minRows: 8, maxRows: 24 }} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
          <Form.Item>
            <SpjCompileButton compiled={spjCompiled} onCompiled={onSpjCompiled} />
          </Form.Item>
        </>
      )}
      <Form.Item name="judgeCaseMode" label={t('Judge_case_mode')} extra={t('Judge_case_mode_hint')}>
        <Select
          style={{ maxWidth: 360 }}
          options={JUDGE_CASE_MODES.map((m) => ({ value: m, label: t(`Case_mode_${m}`) }))}
        />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={12} md={6}>
          <Form.Item name="isFileIO" label={t('File_IO')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="isRemoveEndBlank" label={t('Remove_end_blank')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="openCaseResult" label={t('Open_case_result')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="codeShare" label={t('Code_share')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <TleRecheckFields />
      {fileIO && (
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item
              name="ioReadFileName"
              label={t('IO_read_file')}
              required
              rules={rules('ioReadFileName', t('IO_read_file'))}
            >
              <Input placeholder="input.txt" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="ioWriteFileName"
              label={t('IO_write_file')}
              required
              rules={rules('ioWriteFileName', t('IO_write_file'))}
            >
              <Input placeholder="output.txt" />
            </Form.Item>
          </Col>
        </Row>
      )}
      <ExtraFilesField name="userExtraFiles" label={t('User_extra_files')} />
      <ExtraFilesField name="judgeExtraFiles" label={t('Judge_extra_files')} />
    </>
  );
}
