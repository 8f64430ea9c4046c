import { TrainingAuth } from '@oj/shared';
import { Button, Card, Descriptions, Progress, Result, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { formatTime } from '../../../lib/time.js';
import { useForgetTrainingOnLeave } from '../api/forget.js';
import { useTrainingAccess, useTrainingDetail } from '../api/training.js';
import type { TrainingShellContext } from '../components/TrainingContext.js';
import { CategoryTag, TrainingAuthTag } from '../components/TrainingTags.js';
import { progressPercent } from '../lib/progress.js';

type Tab = 'intro' | 'problems' | 'rank';

/** The tab a path under the training's `base` belongs to (problem pages highlight Problem List). */
function tabOf(path: string, base: string): Tab {
  const seg = path.slice(base.length).split('/')[1] ?? '';
  if (seg === 'problem' || seg === 'problems') return 'problems';
  return seg === 'rank' ? 'rank' : 'intro';
}

/**
 * /training/:trainingID (doc 2 §2.13; login): title, AC progress bar and the info card (number, auth tag,
 * category tag, problem count, author, last modified), then the tabs Training Introduction, Problem List and, for
 * a private training, Record List (the rank). Problem and rank tabs are disabled until a private training's
 * password is given. Leaving the page clears loaded data: that training's queries leave the query cache. Also serves
 * /group/:groupID/training/:trainingID (doc 3 §2 group training details), its tabs then under that address.
 */
export default function TrainingShellPage() {
  const { t } = useTranslation('training');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const params = useParams();
  const tid = Number(params.trainingID);
  const gid = params.groupID ? Number(params.groupID) : undefined;
  const base = gid ? `/group/${gid}/training/${tid}` : `/training/${tid}`;
  const detail = useTrainingDetail(tid);
  const access = useTrainingAccess(tid, !!detail.data);
  useForgetTrainingOnLeave(tid);

  if (detail.isLoading) return <Skeleton active style={{ padding: 24 }} />;
  if (detail.isError || !detail.data) {
    return (
      <Result
        status="404"
        title={t('Training_load_failed')}
        extra={
          <Button onClick={() => navigate(gid ? `/group/${gid}/training` : '/training')}>
            {t('Back_to_list')}
          </Button>
        }
      />
    );
  }
  const tr = detail.data;
  const acc = access.data ?? { access: false, isAdmin: false, registered: false };
  const ctx: TrainingShellContext = { training: tr, access: acc, base, gid };
  const active = tabOf(pathname, base);
  const tabs: Tab[] = ['intro', 'problems', ...(tr.auth === TrainingAuth.PRIVATE ? (['rank'] as Tab[]) : [])];
  const percent = progressPercent(tr.acCount, tr.problemCount);

  return (
    <div className="oj-page" data-testid="training-shell">
      <Card style={{ marginBottom: 12 }}>
        <h2 style={{ marginTop: 0, wordBreak: 'break-word' }} data-testid="training-heading">
          {tr.title}
        </h2>
        <Progress
          percent={percent}
          format={() => `${percent}%`}
          status={percent >= 100 ? 'success' : 'active'}
          data-testid="training-detail-progress"
        />
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 3 }}
          style={{ marginTop: 12 }}
          items={[
            { key: 'rank', label: t('Number'), children: tr.rank },
            { key: 'auth', label: t('Auth'), children: <TrainingAuthTag auth={tr.auth} /> },
            {
              key: 'cat',
              label: t('Category'),
              children: <CategoryTag name={tr.categoryName} color={tr.categoryColor} />,
            },
            { key: 'count', label: t('Total_problems'), children: tr.problemCount },
            {
              key: 'author',
              label: t('Author'),
              children: <Link to={`/user-home?username=${encodeURIComponent(tr.author)}`}>{tr.author}</Link>,
            },
            { key: 'mod', label: t('Last_update'), children: formatTime(tr.gmtModified) },
          ]}
        />
      </Card>
      <Tabs
        activeKey={active}
        onChange={(k) => navigate(k === 'intro' ? base : `${base}/${k}`)}
        items={tabs.map((k) => ({
          key: k,
          label: <span data-testid={`training-tab-${k}`}>{t(`tab.${k}`)}</span>,
          disabled: k !== 'intro' && !acc.access,
        }))}
        style={{ background: 'var(--oj-bg-container)', borderRadius: 8, padding: '0 12px', marginBottom: 12 }}
      />
      {active !== 'intro' && !acc.access ? (
        <Result status="403" title={t('Password_first')} />
      ) : (
        <Outlet context={ctx} />
      )}
    </div>
  );
}
