import {
  ArrowLeftOutlined,
  PlusOutlined,
  ReadOutlined,
  SettingOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { LIMITS } from '@oj/shared';
import { Button, Card, Col, Empty, Grid, Input, Pagination, Row, Skeleton, Space, Switch } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { FilterTag } from '../../../components/FilterTag.js';
import { queryClient } from '../../../lib/query-client.js';
import { requireLogin } from '../../../lib/require-login.js';
import { isSuperAdminRoles, useSession } from '../../../lib/session.js';
import { discussionDetailQuery, useDiscussionCategories, useDiscussionList } from '../api/discussion.js';
import { useDiscussionScope } from '../api/scope.js';
import type { Discussion, DiscussionListFilter } from '../api/types.js';
import { CategoryEditor } from '../components/CategoryEditor.js';
import { DiscussionActions } from '../components/DiscussionActions.js';
import { DiscussionCard } from '../components/DiscussionCard.js';
import { DiscussionEditor } from '../components/DiscussionEditor.js';
import { useCategoryLabel } from '../lib/category-name.js';

/** Reads the list query of doc 2 §2.12 from the address: keyword, cid (category), onlyMine, currentPage. */
function readFilter(sp: URLSearchParams, pid: string | undefined, gid: number | null): DiscussionListFilter {
  const page = Number(sp.get('currentPage'));
  const cid = Number(sp.get('cid'));
  return {
    currentPage: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: LIMITS.discussionPageSize,
    keyword: sp.get('keyword') || undefined,
    cid: Number.isInteger(cid) && cid > 0 ? cid : undefined,
    pid: pid || undefined,
    onlyMine: sp.get('onlyMine') === 'true' || undefined,
    ...(gid ? { gid } : {}),
  };
}

function writeFilter(f: DiscussionListFilter): URLSearchParams {
  const sp = new URLSearchParams();
  if (f.currentPage > 1) sp.set('currentPage', String(f.currentPage));
  if (f.keyword) sp.set('keyword', f.keyword);
  if (f.cid) sp.set('cid', String(f.cid));
  if (f.onlyMine) sp.set('onlyMine', 'true');
  return sp;
}

/**
 * /discussion and /discussion/:problemID (doc 2 §2.12; the public-discussion switch): the list (10 a page, pinned
 * first) with keyword, category and only-mine filters in the address, the category sidebar (the super admin edits
 * it), the post dialog, and for a problem's discussions the buttons to the problem, to all discussions and back.
 * `extra`: more buttons beside Post (a group's Discussion Admin toggle).
 */
export default function DiscussionListPage({ extra }: { extra?: ReactNode } = {}) {
  const { t } = useTranslation('discussion');
  const categoryName = useCategoryLabel();
  const navigate = useNavigate();
  const pid = useParams().problemID;
  const [sp, setSp] = useSearchParams();
  const { gid, base } = useDiscussionScope();
  const filter = useMemo(() => readFilter(sp, pid, gid), [sp, pid, gid]);
  const list = useDiscussionList(filter);
  const categories = useDiscussionCategories();
  const { token, roles } = useSession();
  const [editing, setEditing] = useState<Discussion | null | 'new'>(null);
  const [categoryEditor, setCategoryEditor] = useState(false);
  const screens = Grid.useBreakpoint();
  const update = (patch: Partial<DiscussionListFilter>) =>
    setSp(writeFilter({ ...filter, currentPage: 1, ...patch }));

  // The list carries the content of the caller's own posts (the only ones they may edit); else ask the detail.
  const openEdit = async (d: Discussion) => {
    if (d.content != null) {
      setEditing(d);
      return;
    }
    try {
      setEditing(await queryClient.fetchQuery(discussionDetailQuery(d.id)));
    } catch {
      // shown by the api client
    }
  };

  const sidebar = (
    <Card
      size="small"
      title={t('Category')}
      extra={
        isSuperAdminRoles(roles) && (
          <Button
            size="small"
            type="text"
            icon={<SettingOutlined />}
            aria-label={t('Edit_categories')}
            title={t('Edit_categories')}
            data-testid="edit-categories"
            onClick={() => setCategoryEditor(true)}
          />
        )
      }
    >
      <Space size={[4, 8]} wrap data-testid="category-list">
        <FilterTag checked={!filter.cid} onChange={() => update({ cid: undefined })}>
          {t('All')}
        </FilterTag>
        {(categories.data ?? []).map((c) => (
          <FilterTag
            key={c.id}
            checked={filter.cid === c.id}
            onChange={(on) => update({ cid: on ? c.id : undefined })}
            data-testid="category-item"
            data-user-content
          >
            {categoryName(c.name)}
          </FilterTag>
        ))}
      </Space>
    </Card>
  );

  return (
    <div className="oj-page" data-testid="discussion-list-page">
      <Row gutter={[16, 16]}>
        <Col xs={{ span: 24, order: 2 }} lg={{ span: 18, order: 1 }}>
          <Card
            title={pid ? t('Problem_discussion', { pid }) : t('Discussion_list')}
            styles={{ body: { padding: screens.sm === false ? 12 : 24 } }}
          >
            <Space wrap style={{ marginBottom: 16 }}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="post-discussion"
                onClick={() => requireLogin() && setEditing('new')}
              >
                {pid ? t('Post_problem_discussion') : t('Post_discussion')}
              </Button>
              {pid && (
                <>
                  <Link to={`${base}/problem/${encodeURIComponent(pid)}`}>
                    <Button icon={<ReadOutlined />} data-testid="go-problem">
                      {t('Go_to_problem')}
                    </Button>
                  </Link>
                  <Link to={`${base}/discussion`}>
                    <Button icon={<UnorderedListOutlined />} data-testid="all-discussions">
                      {t('All_discussions')}
                    </Button>
                  </Link>
                </>
              )}
              {extra}
              <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
                {t('common:Back')}
              </Button>
            </Space>
            <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
              <Input.Search
                key={filter.keyword ?? ''}
                defaultValue={filter.keyword}
                onSearch={(v) => update({ keyword: v.trim() || undefined })}
                placeholder={t('Keyword')}
                allowClear
                style={{ width: 240, maxWidth: '100%' }}
                data-testid="discussion-keyword"
              />
              {token && (
                <Space>
                  <span>{t('Only_mine')}</span>
                  <Switch
                    checked={!!filter.onlyMine}
                    aria-label={t('Only_mine')}
                    onChange={(on) => update({ onlyMine: on || undefined })}
                    data-testid="discussion-only-mine"
                  />
                </Space>
              )}
            </Space>
            {list.isLoading ? (
              <Skeleton active />
            ) : (list.data?.records.length ?? 0) === 0 ? (
              <Empty description={t('No_discussion')} />
            ) : (
              <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="discussion-list">
                {list.data?.records.map((d) => (
                  <DiscussionCard
                    key={d.id}
                    d={d}
                    actions={<DiscussionActions d={d} onEdit={() => void openEdit(d)} />}
                  />
                ))}
              </Space>
            )}
            <Pagination
              style={{ marginTop: 16, textAlign: 'right' }}
              current={filter.currentPage}
              pageSize={filter.limit}
              total={list.data?.total ?? 0}
              hideOnSinglePage
              showSizeChanger={false}
              size={screens.md === false ? 'small' : 'default'}
              onChange={(currentPage) => setSp(writeFilter({ ...filter, currentPage }))}
            />
          </Card>
        </Col>
        <Col xs={{ span: 24, order: 1 }} lg={{ span: 6, order: 2 }}>
          {sidebar}
        </Col>
      </Row>
      <DiscussionEditor
        open={editing !== null}
        initial={editing === 'new' ? null : editing}
        pid={pid}
        onClose={() => setEditing(null)}
        onSaved={(d) => editing === 'new' && d?.id && navigate(`${base}/discussion-detail/${d.id}`)}
      />
      <CategoryEditor
        open={categoryEditor}
        categories={categories.data ?? []}
        onClose={() => setCategoryEditor(false)}
      />
    </div>
  );
}
