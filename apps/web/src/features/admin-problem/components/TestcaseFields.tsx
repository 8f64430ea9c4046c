import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { ProblemType } from '@oj/shared';
import { Button, Form, InputNumber, Radio, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadProgressBar, useUploadProgress } from '../../../components/UploadProgress.js';
import { useAdminScope } from '../../../lib/admin-scope.js';
import { notify } from '../../../lib/notify.js';
import { uploadTestcaseZip } from '../api/files.js';
import { type CaseRow, isSubtaskMode, withSpreadScores } from '../lib/form-model.js';
import { IoPairCard } from './IoPairCard.js';

/** Score and group inputs of one case row, shown only when the type / case mode needs them. */
function ScoreGroup({
  listName,
  index,
  oi,
  subtask,
}: {
  listName: string;
  index: number;
  oi: boolean;
  subtask: boolean;
}) {
  const { t } = useTranslation('adminProblem');
  return (
    <Space wrap>
      {oi && (
        <Form.Item name={[index, 'score']} label={t('Score')} style={{ marginBottom: 0 }} required>
          <InputNumber
            min={0}
            precision={0}
            style={{ width: 90 }}
            data-testid={`${listName}-score-${index}`}
          />
        </Form.Item>
      )}
      {subtask && (
        <Form.Item name={[index, 'groupNum']} label={t('Group_number')} style={{ marginBottom: 0 }} required>
          <InputNumber min={1} precision={0} style={{ width: 90 }} />
        </Form.Item>
      )}
    </Space>
  );
}

/**
 * The judge's test cases (doc 3 §3 "Test case", §5): either a zip uploaded to POST /api/file/upload-testcase-zip
 * (the parsed pairs listed with score and group inputs; in a group's scope with its `gid`) or typed by hand
 * (input, output, score, group).
 */
export function TestcaseFields() {
  const { t } = useTranslation('adminProblem');
  const form = Form.useFormInstance();
  const upload: boolean = Form.useWatch('isUploadCase', form) ?? false;
  const type: number = Form.useWatch('type', form) ?? 0;
  const caseMode: string = Form.useWatch('judgeCaseMode', form) ?? 'default';
  const uploaded: CaseRow[] = Form.useWatch('uploadedCases', form) ?? [];
  const [uploading, setUploading] = useState(false);
  const progress = useUploadProgress();
  const { gid } = useAdminScope();
  const oi = type === ProblemType.OI;
  const subtask = isSubtaskMode(caseMode);

  const onUpload = async (file: File) => {
    setUploading(true);
    try {
      const mode = form.getFieldValue('judgeMode') ?? 'default';
      const res = await progress.track((onProgress) => uploadTestcaseZip(file, mode, gid, onProgress));
      const rows: CaseRow[] = res.fileList.map((c) => ({
        input: c.input,
        output: c.output,
        score: c.score,
        groupNum: 1,
      }));
      form.setFieldsValue({ uploadDir: res.fileListDir, uploadedCases: oi ? withSpreadScores(rows) : rows });
      notify.success(t('Upload_testcase_success', { n: rows.length }));
    } catch {
      // Upload_Testcase_Failed: the api client showed the server message
    } finally {
      setUploading(false);
    }
  };

  return (
    <>
      <Form.Item name="isUploadCase" label={t('Testcase_source')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: false, label: t('Testcase_manual') },
            { value: true, label: t('Testcase_upload') },
          ]}
        />
      </Form.Item>
      {upload ? (
        <Form.Item label={t('Testcase_zip')} extra={t('Testcase_zip_hint')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Upload
              accept=".zip"
              showUploadList={false}
              beforeUpload={(file) => {
                void onUpload(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={uploading} data-testid="testcase-upload">
                {t('Choose_zip')}
              </Button>
            </Upload>
            <UploadProgressBar state={progress.state} />
            <Form.List name="uploadedCases">
              {(fields) => (
                <Table
                  size="small"
                  rowKey="key"
                  pagination={false}
                  scroll={{ x: 480 }}
                  dataSource={fields}
                  locale={{ emptyText: t('No_uploaded_cases') }}
                  columns={[
                    { title: '#', width: 50, render: (_v, _f, i) => i + 1 },
                    { title: t('Input_file'), render: (_v, f) => uploaded[f.name]?.input },
                    { title: t('Output_file'), render: (_v, f) => uploaded[f.name]?.output || '-' },
                    ...(oi || subtask
                      ? [
                          {
                            title: [oi && t('Score'), subtask && t('Group_number')]
                              .filter(Boolean)
                              .join(' / '),
                            render: (_v: unknown, f: { name: number }) => (
                              <Space>
                                {oi && (
                                  <Form.Item name={[f.name, 'score']} noStyle>
                                    <InputNumber size="small" min={0} precision={0} style={{ width: 80 }} />
                                  </Form.Item>
                                )}
                                {subtask && (
                                  <Form.Item name={[f.name, 'groupNum']} noStyle>
                                    <InputNumber size="small" min={1} precision={0} style={{ width: 80 }} />
                                  </Form.Item>
                                )}
                              </Space>
                            ),
                          },
                        ]
                      : []),
                  ]}
                />
              )}
            </Form.List>
          </Space>
        </Form.Item>
      ) : (
        <Form.List name="cases">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => (
                <IoPairCard
                  key={f.key}
                  name={f.name}
                  title={t('Testcase_n', { n: i + 1 })}
                  inputLabel={t('Input')}
                  outputLabel={t('Output')}
                  onRemove={() => remove(f.name)}
                  itemStyle={{ marginBottom: 8 }}
                  testId={(side) => `case-${side}-${i}`}
                >
                  <ScoreGroup listName="cases" index={f.name} oi={oi} subtask={subtask} />
                </IoPairCard>
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() =>
                  add({ input: '', output: '', score: oi ? 0 : null, groupNum: subtask ? 1 : null })
                }
                data-testid="case-add"
              >
                {t('Add_testcase')}
              </Button>
              {oi && (
                <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                  {t('OI_score_hint')}
                </Typography.Paragraph>
              )}
            </>
          )}
        </Form.List>
      )}
    </>
  );
}
