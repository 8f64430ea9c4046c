import { TRAINING_LIMITS, TrainingAuth, type TrainingVo } from '@oj/shared';
import { Card, Input, Select, Space, Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { t as tt } from '../../../lib/i18n.js';
import { notify } from '../../../lib/notify.js';
import { rowOpens } from '../../../lib/row-link.js';
import { session, useSession } from '../../../lib/session.js';
import { type TrainingListFilter, useTrainingCategories, useTrainingList } from '../api/training.js';
import { useTrainingColumns } from '../components/TrainingColumns.js';
import { CategoryTag } from '../components/TrainingTags.js';

/** Reads the list filters of doc 2 §2.13 from the address (keyword, categoryId, auth, currentPage). */
function readFilter(sp: URLSearchParams): TrainingListFilter {
  const page = Number(sp.get('currentPage'));
  const cat = Number(sp.get('categoryId'));
  const auth = sp.get('auth');
  return {
    currentPage: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: TRAINING_LIMITS.pageSize,
    keyword: sp.get('keyword') || undefined,
    categoryId: Number.isInteger(cat) && cat > 0 ? cat : undefined,
    auth: auth === TrainingAuth.PUBLIC || auth === TrainingAuth.PRIVATE ? auth : undefined,
  };
}

function writeFilter(f: TrainingListFilter): URLSearchParams {
  const sp = new URLSearchParams();
  if (f.currentPage > 1) sp.set('currentPage', String(f.currentPage));
  if (f.keyword) sp.set('keyword', f.keyword);
  if (f.categoryId) sp.set('categoryId', String(f.categoryId));
  if (f.auth) sp.set('auth', f.auth);
  return sp;
}

/**
 * /training (doc 2 §2.13): keyword, category and auth filters kept in the address; rows with number, title, auth
 * tag, category tag in its colour, AC progress (signed-in only), problem count, author and last update; 15 a page.
 * Opening a training needs login.
 */
export default function TrainingListPage() {
  const { t } = useTranslation('training');
  const navigate = useNavigate();
  const { token } = useSession();
  const [sp, setSp] = useSearchParams();
  const filter = useMemo(() => readFilter(sp), [sp]);
  const { data, isLoading } = useTrainingList(filter);
  const categories = useTrainingCategories();
  const update = (patch: Partial<TrainingListFilter>) =>
    setSp(writeFilter({ ...filter, currentPage: 1, ...patch }));
  const open = (r: TrainingVo) => {
    if (!session.get().token) {
      notify.warning(tt('common:Please_login_first'));
      session.openLoginModal('Login');
      return;
    }
    navigate(`/training/${r.id}`);
  };
  const columns = useTrainingColumns(!!token, (r) => `/training/${r.id}`, open);

  return (
    <div className="oj-page">
      <Card title={t('Training_list')}>
        <Space wrap style={{ marginBottom: 12 }}>
          <Select
            value={filter.categoryId ?? 'all'}
            onChange={(v) => update({ categoryId: v === 'all' ? undefined : Number(v) })}
            style={{ width: 160 }}
            aria-label={t('Category')}
            data-testid="training-category-filter"
            options={[
              { value: 'all', label: t('All_categories') },
              ...(categories.data ?? []).map((c) => ({
                value: c.id,
                label: <CategoryTag name={c.name} color={c.color} />,
              })),
            ]}
          />
          <Select
            value={filter.auth ?? 'all'}
            onChange={(v) => update({ auth: v === 'all' ? undefined : v })}
            style={{ width: 120 }}
            aria-label={t('Auth')}
            data-testid="training-auth-filter"
            options={[
              { value: 'all', label: t('All_auth') },
              { value: TrainingAuth.PUBLIC, label: t('Public') },
              { value: TrainingAuth.PRIVATE, label: t('Private') },
            ]}
          />
          <Input.Search
            defaultValue={filter.keyword}
            key={filter.keyword ?? ''}
            onSearch={(v) => update({ keyword: v.trim() || undefined })}
            placeholder={t('Keyword')}
            allowClear
            style={{ width: 180 }}
            data-testid="training-keyword"
          />
        </Space>
        <Table<TrainingVo>
          rowKey="id"
          size="middle"
          loading={isLoading}
          dataSource={data?.records ?? []}
          data-testid="training-list"
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('No_training') }}
          onRow={rowOpens(open)}
          pagination={{
            current: filter.currentPage,
            pageSize: filter.limit,
            total: data?.total ?? 0,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: (currentPage) => setSp(writeFilter({ ...filter, currentPage })),
          }}
          columns={columns}
        />
      </Card>
    </div>
  );
}
