import { PlusOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { GroupAuth, type GroupVo } from '@oj/shared';
import { Avatar, Button, Card, Col, Empty, Input, Pagination, Row, Segmented, Space, Spin, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FilterTag } from '../../../components/FilterTag.js';
import { requireLogin } from '../../../lib/require-login.js';
import { useSession } from '../../../lib/session.js';
import { formatTime } from '../../../lib/time.js';
import { type GroupListFilter, useGroupList } from '../api/group.js';
import { CreateGroupDialog } from '../components/CreateGroupDialog.js';
import { GroupAuthTag, HiddenTag } from '../components/GroupTags.js';

const PAGE_SIZE = 12;

/** Reads the list query of doc 3 §2 (auth, keyword, onlyMine, currentPage, limit) from the address. */
function readFilter(sp: URLSearchParams): GroupListFilter {
  const page = Number(sp.get('currentPage'));
  const limit = Number(sp.get('limit'));
  const auth = Number(sp.get('auth'));
  return {
    currentPage: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: Number.isInteger(limit) && limit >= 1 && limit <= 100 ? limit : PAGE_SIZE,
    keyword: sp.get('keyword') || undefined,
    auth: (Object.values(GroupAuth) as number[]).includes(auth) ? auth : undefined,
    onlyMine: sp.get('onlyMine') === 'true' || undefined,
  };
}

function writeFilter(f: GroupListFilter): URLSearchParams {
  const sp = new URLSearchParams();
  if (f.currentPage > 1) sp.set('currentPage', String(f.currentPage));
  if (f.limit !== PAGE_SIZE) sp.set('limit', String(f.limit));
  if (f.keyword) sp.set('keyword', f.keyword);
  if (f.auth) sp.set('auth', String(f.auth));
  if (f.onlyMine) sp.set('onlyMine', 'true');
  return sp;
}

/** One group's card: avatar, name, owner, brief, auth and Hidden tags, member count, creation date. */
function GroupCard({ g, onOpen }: { g: GroupVo; onOpen: () => void }) {
  const { t } = useTranslation('group');
  return (
    <Card
      hoverable
      onClick={onOpen}
      style={{ height: '100%' }}
      styles={{ body: { padding: 16 } }}
      data-testid="group-card"
    >
      <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
        <Avatar size={56} shape="square" src={g.avatar || undefined} icon={<TeamOutlined />} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <div
            style={{ fontSize: 16, fontWeight: 600, wordBreak: 'break-word' }}
            data-testid="group-card-name"
          >
            {g.name}
          </div>
          <div style={{ color: 'var(--oj-text-secondary)', fontSize: 13 }}>
            <UserOutlined />{' '}
            <Link
              to={`/user-home?username=${encodeURIComponent(g.owner)}`}
              onClick={(e) => e.stopPropagation()}
            >
              {g.owner}
            </Link>
          </div>
        </div>
      </div>
      <div style={{ margin: '10px 0', minHeight: 44, color: 'var(--oj-text)', wordBreak: 'break-word' }}>
        {g.brief}
      </div>
      <Space wrap size={[6, 6]} style={{ fontSize: 13, color: 'var(--oj-text-secondary)' }}>
        <GroupAuthTag auth={g.auth} />
        {!g.visible && <HiddenTag />}
        <Tag icon={<TeamOutlined />} style={{ marginInlineEnd: 0 }}>
          {t('Members_n', { n: g.memberCount })}
        </Tag>
        <span>{formatTime(g.gmtCreate, 'YYYY-MM-DD')}</span>
      </Space>
    </Card>
  );
}

/**
 * /group (doc 3 §2 group list; open to visitors): keyword search, My Group / All (disabled when signed out), the
 * Create Group button, auth filter tags (All, Public, Protected, Private), the groups as cards, an empty state and
 * paging, all kept in the address. Opening or creating a group asks a visitor to log in.
 */
export default function GroupListPage() {
  const { t } = useTranslation('group');
  const navigate = useNavigate();
  const { token } = useSession();
  const [sp, setSp] = useSearchParams();
  const filter = useMemo(() => readFilter(sp), [sp]);
  const { data, isLoading } = useGroupList(filter);
  const [creating, setCreating] = useState(false);
  const update = (patch: Partial<GroupListFilter>) =>
    setSp(writeFilter({ ...filter, currentPage: 1, ...patch }));
  const open = (g: GroupVo) => {
    if (requireLogin()) navigate(`/group/${g.id}`);
  };
  const authTags: { key: string; value?: number }[] = [
    { key: 'All' },
    { key: 'Public', value: GroupAuth.PUBLIC },
    { key: 'Protected', value: GroupAuth.PROTECTED },
    { key: 'Private', value: GroupAuth.PRIVATE },
  ];

  return (
    <div className="oj-page">
      <Card
        title={t('Group_list')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => requireLogin() && setCreating(true)}
            data-testid="group-create-open"
          >
            {t('Create_group')}
          </Button>
        }
      >
        <Space wrap style={{ marginBottom: 12 }}>
          <Input.Search
            defaultValue={filter.keyword}
            key={filter.keyword ?? ''}
            allowClear
            placeholder={t('Search_group')}
            onSearch={(v) => update({ keyword: v.trim() || undefined })}
            style={{ width: 220 }}
            data-testid="group-search"
          />
          <Segmented
            value={filter.onlyMine ? 'mine' : 'all'}
            disabled={!token}
            onChange={(v) => update({ onlyMine: v === 'mine' || undefined })}
            options={[
              { value: 'mine', label: t('My_group') },
              { value: 'all', label: t('All') },
            ]}
            data-testid="group-only-mine"
          />
        </Space>
        <div style={{ marginBottom: 16 }} data-testid="group-auth-filter">
          {authTags.map((a) => (
            <FilterTag
              key={a.key}
              checked={filter.auth === a.value}
              onChange={() => update({ auth: a.value })}
              style={{ fontSize: 14, padding: '2px 10px' }}
            >
              {a.key === 'All' ? t('All') : t(`auth.${a.key}`)}
            </FilterTag>
          ))}
        </div>
        {isLoading ? (
          <Spin style={{ display: 'block', margin: 24 }} />
        ) : !data?.records.length ? (
          <Empty description={t('No_group')} />
        ) : (
          <Row gutter={[16, 16]} data-testid="group-list">
            {data.records.map((g) => (
              <Col key={g.id} xs={24} sm={12} lg={8} xl={6}>
                <GroupCard g={g} onOpen={() => open(g)} />
              </Col>
            ))}
          </Row>
        )}
        <Pagination
          style={{ marginTop: 16, textAlign: 'right' }}
          current={filter.currentPage}
          pageSize={filter.limit}
          total={data?.total ?? 0}
          hideOnSinglePage
          onChange={(currentPage) => setSp(writeFilter({ ...filter, currentPage }))}
        />
      </Card>
      <CreateGroupDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
