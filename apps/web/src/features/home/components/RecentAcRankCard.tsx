import { UserOutlined } from '@ant-design/icons';
import { Empty, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Avatar } from '../../../components/lean-antd.js';
import { Panel } from '../../../components/Panel.js';
import { useRecentSevenAcRank } from '../api/home.js';

const cell: React.CSSProperties = {
  padding: '8px 12px',
  borderBottom: '1px solid #f0f0f0',
  textAlign: 'left',
};

/**
 * The 7-day AC rank table of doc 1 §2.5 (max height 500 px): rank, user (avatar, name, title tag), AC count;
 * a row click opens /user-home?uid=&username=. A plain table keeps antd's Table out of the home page's bundle.
 */
export function RecentAcRankCard() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const { data, isLoading } = useRecentSevenAcRank();
  const rows = data ?? [];
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
              <tr style={{ background: '#fafafa' }}>
                <th style={{ ...cell, width: 40 }}>#</th>
                <th style={cell}>{t('Username')}</th>
                <th style={{ ...cell, width: 56, textAlign: 'right' }}>AC</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr
                  key={r.uid}
                  className="oj-clickable oj-row-hover"
                  onClick={() =>
                    navigate(`/user-home?uid=${r.uid}&username=${encodeURIComponent(r.username)}`)
                  }
                >
                  <td style={cell}>{i + 1}</td>
                  <td style={cell}>
                    <Avatar
                      size={24}
                      src={r.avatar || undefined}
                      icon={<UserOutlined />}
                      style={{ marginRight: 6 }}
                    />
                    <span style={{ marginRight: 6 }}>{r.username}</span>
                    {r.titleName && <Tag color={r.titleColor ?? undefined}>{r.titleName}</Tag>}
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
