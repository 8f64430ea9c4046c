import { InboxOutlined } from '@ant-design/icons';
import { Alert, Card, Radio, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { JobProgressBar, useJobProgress } from '../../../components/JobProgress.js';
import { UploadProgressBar, useUploadProgress } from '../../../components/UploadProgress.js';
import { notify } from '../../../lib/notify.js';
import { IMPORT_FORMATS, type ImportFormat, type ImportResult, useImportProblems } from '../api/files.js';

/**
 * /admin/problem/import (doc 3 export/import problem): upload an FPS xml or zip, a QDUOJ, Hydro, native or Kattis
 * package zip, then show one row per problem found: title, problem id, imported (with what could not be carried
 * over: LaTeX kept as text, pictures not stored) or refused with the reason.
 * Export is on the problem list (one problem) and the batch operation page (several).
 */
export default function ImportPage() {
  const { t } = useTranslation('adminProblem');
  const [format, setFormat] = useState<ImportFormat>('fps');
  const [results, setResults] = useState<ImportResult[] | null>(null);
  const [fileName, setFileName] = useState('');
  const imp = useImportProblems();
  const progress = useUploadProgress();
  const job = useJobProgress();
  const spec = IMPORT_FORMATS.find((f) => f.key === format) ?? IMPORT_FORMATS[0];

  const onFile = async (file: File) => {
    setResults(null);
    setFileName(file.name);
    try {
      const progressId = job.begin();
      const r = await progress.track((onProgress) =>
        imp.mutateAsync({ format, file, onProgress, progressId }),
      );
      setResults(r);
      const n = r.filter((x) => x.imported).length;
      // The toast's kind matches the summary below: all imported green, some orange, none red.
      (n === r.length ? notify.success : n ? notify.warning : notify.error)(
        t('Imported_n_of_m', { n, m: r.length }),
      );
    } catch {
      // Upload failure: the api client showed the server message
    }
  };
  const okCount = results?.filter((r) => r.imported).length ?? 0;

  return (
    <Card title={t('Import_problem')}>
      <Radio.Group
        value={format}
        onChange={(e) => setFormat(e.target.value as ImportFormat)}
        optionType="button"
        style={{ marginBottom: 12, display: 'flex', flexWrap: 'wrap', rowGap: 8 }}
        options={IMPORT_FORMATS.map((f) => ({ value: f.key, label: t(`format.${f.key}`) }))}
        data-testid="import-format"
      />
      <Typography.Paragraph type="secondary">{t(`format_hint.${format}`)}</Typography.Paragraph>
      <Upload.Dragger
        accept={spec.accept}
        multiple={false}
        showUploadList={false}
        disabled={imp.isPending}
        beforeUpload={(file) => {
          void onFile(file);
          return false;
        }}
        data-testid="import-upload"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">
          {imp.isPending ? t('Importing') : t('Import_drop', { accept: spec.accept })}
        </p>
      </Upload.Dragger>
      <div style={{ marginTop: 12 }}>
        <UploadProgressBar state={progress.state} />
        <JobProgressBar progress={job.progress} />
      </div>
      {results && (
        <>
          <Alert
            style={{ margin: '16px 0 12px' }}
            type={okCount === results.length ? 'success' : okCount ? 'warning' : 'error'}
            showIcon
            message={t('Import_result_of', { file: fileName })}
            description={t('Imported_n_of_m', { n: okCount, m: results.length })}
            data-testid="import-summary"
          />
          <Table<ImportResult>
            rowKey={(r) => `${r.file ?? ''}:${r.title}:${r.problemId ?? ''}:${r.pid ?? ''}`}
            size="small"
            dataSource={results}
            pagination={false}
            tableLayout="fixed"
            data-testid="import-results"
            columns={[
              { title: t('Title'), dataIndex: 'title' },
              {
                title: t('Problem_ID'),
                dataIndex: 'problemId',
                width: '28%',
                render: (v: string | null, r) =>
                  r.pid ? <Link to={`/admin/problem/edit/${r.pid}`}>{v}</Link> : (v ?? '-'),
              },
              {
                title: t('Result'),
                width: '36%',
                render: (_v, r) =>
                  r.imported ? (
                    <span>
                      <Tag color={r.notes?.length ? 'warning' : 'success'}>{t('Imported')}</Tag>
                      {r.notes?.map((n) => (
                        <Typography.Paragraph
                          key={n}
                          type="warning"
                          style={{ margin: '4px 0 0' }}
                          data-testid="import-note"
                        >
                          {n}
                        </Typography.Paragraph>
                      ))}
                    </span>
                  ) : (
                    <span>
                      <Tag color="error">{t('Refused')}</Tag>
                      <Typography.Text type="danger">{r.reason}</Typography.Text>
                    </span>
                  ),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
