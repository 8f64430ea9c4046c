import { Alert, Button, Card, Space, Table, Tag, Upload } from 'antd';
import Papa from 'papaparse';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.js';
import { notify } from '../../../lib/notify.js';
import { type RefusedRow, useImportUsers } from '../api/admin-user.js';

const COLUMNS = ['username', 'password', 'email', 'realname', 'gender', 'nickname', 'school'] as const;

/**
 * CSV import of /admin/user (doc 3 §5): a UTF-8 file without header, columns username, password, email,
 * realname, gender, nickname, school. Shows a preview; on import the server refuses all or nothing and each
 * refused row is marked in the preview with its reason.
 */
export function ImportUsers() {
  const { t } = useTranslation('adminUser');
  const [rows, setRows] = useState<string[][]>([]);
  const [refused, setRefused] = useState<RefusedRow[]>([]);
  const imp = useImportUsers();

  const onFile = (file: File) => {
    Papa.parse<string[]>(file, {
      skipEmptyLines: 'greedy',
      encoding: 'UTF-8',
      complete: (r) => {
        setRows(r.data.map((cells) => COLUMNS.map((_, i) => (cells[i] ?? '').trim())));
        setRefused([]);
      },
    });
    return false;
  };

  const onImport = async () => {
    try {
      const res = await imp.mutateAsync(rows);
      notify.success(t('Imported_n', { n: res.count }));
      setRows([]);
    } catch (e) {
      const data = e instanceof ApiError ? (e.data as { refused?: RefusedRow[] } | null) : null;
      setRefused(data?.refused ?? []);
      notify.error(e instanceof Error ? e.message : String(e));
    }
  };

  const reasonOf = (i: number) => refused.find((r) => r.row === i + 1)?.reason;
  const dataCols = COLUMNS.map((c, k) => ({
    title: t(`col_${c}`),
    key: c,
    ellipsis: true,
    render: (_v: unknown, r: { cells: string[] }) => (c === 'password' ? '••••••' : r.cells[k]),
  }));
  return (
    <Card title={t('Import_users')} data-testid="import-users">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('Import_hint')} />
        <Space wrap>
          <Upload accept=".csv,text/csv" showUploadList={false} beforeUpload={onFile}>
            <Button>{t('Choose_csv')}</Button>
          </Upload>
          <Button type="primary" disabled={rows.length === 0} loading={imp.isPending} onClick={onImport}>
            {t('Import_n', { n: rows.length })}
          </Button>
          {rows.length > 0 && <Button onClick={() => setRows([])}>{t('Clear')}</Button>}
        </Space>
        {refused.length > 0 && (
          <Alert type="error" showIcon message={t('Refused_n', { n: refused.length })} />
        )}
        {rows.length > 0 && (
          <Table
            size="small"
            rowKey={(_r, i) => String(i)}
            dataSource={rows.map((cells, i) => ({ i, cells }))}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            scroll={{ x: 760 }}
            columns={[
              { title: '#', width: 48, render: (_v, r) => r.i + 1 },
              dataCols[0],
              {
                title: t('Refusal'),
                width: 200,
                render: (_v, r) => {
                  const reason = reasonOf(r.i);
                  return reason ? (
                    <Tag color="red" style={{ whiteSpace: 'normal' }}>
                      {reason}
                    </Tag>
                  ) : null;
                },
              },
              ...dataCols.slice(1),
            ]}
          />
        )}
      </Space>
    </Card>
  );
}
