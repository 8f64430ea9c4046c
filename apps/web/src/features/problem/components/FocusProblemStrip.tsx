import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type StripScope, useFullScreenProblemList } from '../api/full-screen.js';
import { MyStatusIcon } from './MyStatusIcon.js';

/** Width of one strip entry (doc 2 §2.2, px). */
const ITEM_WIDTH = 100;
/** Height of the strip (px); the focus-mode split leaves this much room under it. */
export const STRIP_HEIGHT = 56;

export interface FocusProblemStripProps extends StripScope {
  /** The scope's base address (`/contest/5`, `/training/3`, `/group/2/training/3`). */
  base: string;
  /** The display id of the problem on screen (highlighted). */
  current: string;
}

/**
 * The focus-mode problem strip of doc 2 §2.2 for contests and trainings: the scope's problems
 * (GET /api/get-full-screen-problem-list) as 100 px entries with display id, title, the caller's status and OI
 * score; a click opens that problem's full-screen page. Nothing while the list loads or fails.
 */
export function FocusProblemStrip({ cid, tid, base, current }: FocusProblemStripProps) {
  const { t } = useTranslation('problem');
  const navigate = useNavigate();
  const { data } = useFullScreenProblemList({ cid, tid });
  if (!data?.length) return null;
  return (
    <nav
      aria-label={t('Focus_Problem_List')}
      data-testid="focus-problem-strip"
      style={{ display: 'flex', gap: 6, overflowX: 'auto', height: STRIP_HEIGHT, paddingTop: 6 }}
    >
      {data.map((p) => {
        const active = p.problemId.toUpperCase() === current.toUpperCase();
        return (
          <Tooltip key={p.pid} title={`${p.problemId}. ${p.title}`}>
            <button
              type="button"
              data-testid="focus-strip-item"
              data-problem={p.problemId}
              aria-current={active ? 'page' : undefined}
              onClick={() => navigate(`${base}/problem/${encodeURIComponent(p.problemId)}/full-screen`)}
              style={{
                flex: `0 0 ${ITEM_WIDTH}px`,
                width: ITEM_WIDTH,
                border: `1px solid ${active ? 'var(--oj-primary)' : 'var(--oj-border-control)'}`,
                background: active ? 'var(--oj-primary-bg)' : 'var(--oj-bg-container)',
                borderRadius: 6,
                padding: '2px 6px',
                cursor: 'pointer',
                textAlign: 'left',
                overflow: 'hidden',
              }}
            >
              <div style={{ display: 'flex', justifyContent: 'space-between', fontWeight: 600 }}>
                <span>{p.problemId}</span>
                <span>
                  {p.score != null && <span style={{ marginRight: 4 }}>{p.score}</span>}
                  <MyStatusIcon status={p.status} />
                </span>
              </div>
              <div
                style={{ fontSize: 12, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
              >
                {p.title}
              </div>
            </button>
          </Tooltip>
        );
      })}
    </nav>
  );
}
