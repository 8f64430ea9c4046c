import { DownloadOutlined } from '@ant-design/icons';
import { Button, Collapse, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { preBox } from '../../submission/lib/styles.js';

/** Saves text as a file in the browser. */
function download(name: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The Problem Annex tab (doc 2 §2.2): the problem's extra files for users (userExtraFile), viewable and downloadable. */
export function ProblemAnnex({ files }: { files: Record<string, string> | null }) {
  const { t } = useTranslation('problem');
  const names = Object.keys(files ?? {});
  if (!files || names.length === 0) return <Empty />;
  return (
    <Collapse
      items={names.map((n) => ({
        key: n,
        label: n,
        extra: (
          <Button
            size="small"
            icon={<DownloadOutlined />}
            onClick={(e) => {
              e.stopPropagation();
              download(n, files[n]);
            }}
          >
            {t('Download')}
          </Button>
        ),
        children: <pre style={preBox}>{files[n]}</pre>,
      }))}
    />
  );
}
