import { STATUS_FILTER_CODES } from '@oj/shared';
import { Card, Collapse, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ShortcutList } from '../../../components/ShortcutList.js';
import { StatusTag } from '../../submission/components/StatusTag.js';
import { statusInfo } from '../../submission/lib/format.js';
import { useLanguages } from '../api/languages.js';

/**
 * /help (doc 2 §2.14): the judge's languages (description, compile command, example code from /api/languages),
 * what each result status means, compile tips, and the keyboard shortcuts (issue 28).
 */
export default function HelpPage() {
  const { t } = useTranslation(['help', 'shortcuts']);
  const { data, isLoading } = useLanguages();
  return (
    <div className="oj-page" style={{ maxWidth: 1100 }}>
      <Card title={t('Judge_Help')} style={{ marginBottom: 16 }}>
        <Typography.Paragraph>{t('Intro')}</Typography.Paragraph>
        <ul>
          <li>{t('Tip_stdin')}</li>
          <li>{t('Tip_main_return')}</li>
          <li>{t('Tip_java_main')}</li>
          <li>{t('Tip_64bit')}</li>
          <li>{t('Tip_limits')}</li>
          <li>{t('Tip_tle_recheck')}</li>
          <li>{t('Tip_theme')}</li>
          <li>{t('Tip_similarity')}</li>
        </ul>
      </Card>
      <Card title={t('Compilers')} style={{ marginBottom: 16 }} data-testid="help-languages">
        {isLoading ? (
          <Skeleton active />
        ) : (
          <Collapse
            items={(data ?? []).map((l) => ({
              key: l.id,
              label: (
                <span>
                  <strong>{l.name}</strong>{' '}
                  <Typography.Text type="secondary">{l.description}</Typography.Text>
                </span>
              ),
              children: (
                <>
                  <Typography.Text strong>{t('Compile_Command')}</Typography.Text>
                  <pre style={pre}>{l.compileCommand || t('No_compile_step')}</pre>
                  {l.template && (
                    <>
                      <Typography.Text strong>{t('Example_Code')}</Typography.Text>
                      <pre style={pre}>{l.template}</pre>
                    </>
                  )}
                </>
              ),
            }))}
          />
        )}
      </Card>
      <Card title={t('shortcuts:Title')} style={{ marginBottom: 16 }} data-testid="help-shortcuts">
        <Typography.Paragraph>
          {t('shortcuts:Help_intro')} {t('shortcuts:Press_question')}
        </Typography.Paragraph>
        <ShortcutList />
      </Card>
      <Card title={t('Result_Explanation')} data-testid="help-statuses">
        <Table
          rowKey="code"
          size="small"
          pagination={false}
          dataSource={STATUS_FILTER_CODES.map((code) => ({ code }))}
          columns={[
            {
              title: t('Status'),
              dataIndex: 'code',
              width: 220,
              render: (c: number) => <StatusTag status={c} />,
            },
            {
              title: t('Explanation'),
              dataIndex: 'code',
              key: 'explain',
              render: (c: number) => t(`explain.${statusInfo(c).short}`),
            },
          ]}
        />
      </Card>
    </div>
  );
}

const pre: React.CSSProperties = {
  background: 'var(--oj-bg-code)',
  border: '1px solid var(--oj-border)',
  borderRadius: 4,
  padding: '8px 10px',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
  fontFamily: 'monospace',
  fontSize: 13,
};
