import { Empty, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/Panel.js';
import { formatTime } from '../../../lib/time.js';
import { useOtherContests } from '../api/remote-judge.js';

/**
 * The home page's "other OJs' contests" card (doc 1 `get-recent-other-contest`, issue 27): Codeforces' and AtCoder's
 * upcoming contests by start time, each a link to the site (new tab); an empty state when the sites cannot be reached.
 */
export default function OtherContestsCard() {
  const { t } = useTranslation('remoteJudge');
  const { data, isLoading } = useOtherContests();
  const list = data ?? [];
  return (
    <Panel title={t('Other_contests')} testId="other-contests">
      {isLoading ? (
        <Spin style={{ display: 'block', margin: 16 }} />
      ) : list.length === 0 ? (
        <Empty description={t('No_other_contests')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.map((c) => (
            <li
              key={`${c.oj}-${c.url}`}
              style={{ padding: '8px 4px', borderBottom: '1px solid var(--oj-border-split)' }}
            >
              <Tag style={{ marginInlineEnd: 8 }}>{t(`oj.${c.oj}`, { defaultValue: c.oj })}</Tag>
              <a href={c.url} target="_blank" rel="noopener noreferrer">
                {c.title}
              </a>
              <div style={{ color: 'var(--oj-text-tertiary)', fontSize: 13 }}>
                {formatTime(c.beginTime)} – {formatTime(c.endTime)}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
