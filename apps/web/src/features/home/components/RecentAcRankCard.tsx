import { UserOutlined } from '@ant-design/icons';
import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ColorTag } from '../../../components/ColorTag.js';
import { Avatar } from '../../../components/lean-antd.js';
import { Panel } from '../../../components/Panel.js';
import { RowLink, rowOpens } from '../../../lib/row-link.js';
import { useRecentSevenAcRank } from '../api/home.js';

const cell: React.CSSProperties = {
  padding: '8px 12px',
  borderBottom: '1px solid var(--oj-border-split)',
  textAlign: 'left',
};

/**
 * The 7-day AC rank table of doc 1 §2.5 (max height 500 px): rank, user (avatar, name, title tag), AC count;
 * a row click (or the name, a link for the keyboard) opens
 * /user-home?uid=&username=. A plain table keeps antd's Table out of the home page's bundle.
 */
export function RecentAcRankCard() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const { data, isLoading } = useRecentSevenAcRank();
  const rows = data ?? [];
  type Row = (typeof rows)[number];
  const userPath = (r: Row) => `/user-home?uid=${r.uid}&username=${encodeURIComponent(r.username)}`;
  const onRow = rowOpens((r: Row) => navigate(userPath(r)));
  return (
    <Panel title={t('Recent_7_days_AC_rank')} bodyPadding={0} testId="ac-rank">
      {isLoading ? (
        <Spin style={{ display: 'block', margin: 16 }} />
      ) : rows.length === 0 ? (
        <Empty description={t('No_data')} style={{ padding: 16 }} />
      ) : (
        <div style={{ maxHeight: 500, overflowY: 'auto' }}>
          <table
            style={{ width: '100%', borderCollapse: 'collapse', fontSize: 14 }}
            data-testid="ac-rank-table"
          >
            <thead>
              <tr style={{ background: 'var(--oj-bg-subtle)' }}>
                <th style={{ ...cell, width: 40 }}>#</th>
                <th style={cell}>{t('Username')}</th>
                <th style={{ ...cell, width: 56, textAlign: 'right' }}>AC</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.uid} className="oj-row-hover" {...onRow(r)}>
                  <td style={cell}>{i + 1}</td>
                  <td style={cell}>
                    <Avatar
                      size={24}
                      src={r.avatar || undefined}
                      icon={<UserOutlined />}
                      style={{ marginRight: 6 }}
                    />
                    <span style={{ marginRight: 6 }}>
                      <RowLink to={userPath(r)}>{r.username}</RowLink>
                    </span>
                    {r.titleName && <ColorTag color={r.titleColor ?? undefined}>{r.titleName}</ColorTag>}
                  </td>
                  <td style={{ ...cell, textAlign: 'right' }}>{r.ac}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
