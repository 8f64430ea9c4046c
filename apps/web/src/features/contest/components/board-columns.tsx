// i18n-namespace: contest (the caller passes its contest `t`)
import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { formatDuration } from '../../../lib/time.js';
import type { AcmRow, BoardProblem, BoardRowBase, OiRow } from '../api/types.js';
import { acmCellClass, acmCellText, oiCellClass, shownName } from '../lib/board.js';

/** What the columns need besides the rows. */
export interface ColumnContext {
  t: TFunction;
  problems: BoardProblem[];
  rankShowName: string;
  concerned: string[];
  onConcern: (uid: string) => void;
}

/** Rank cell: -1 (star user) as a star, award rows in their award colours (doc 2 §3 award fields). */
function rankColumn<R extends BoardRowBase>({ t }: ColumnContext): TableColumnsType<R>[number] {
  return {
    title: t('Rank'),
    dataIndex: 'rank',
    width: 64,
    fixed: 'left',
    onCell: (r) => ({
      style: r.awardBackground
        ? { background: r.awardBackground, color: r.awardColor ?? undefined }
        : undefined,
      title: r.awardName ?? undefined,
    }),
    render: (rank: number) =>
      rank === -1 ? <StarFilled style={{ color: 'var(--oj-gold)' }} aria-label="star" /> : rank,
  };
}

/** User cell (fixed left beside the rank): concerned toggle, the name the contest asks for (link to the user's home), school. */
function userColumn<R extends BoardRowBase>(ctx: ColumnContext): TableColumnsType<R>[number] {
  return {
    title: ctx.t('User'),
    key: 'user',
    width: 160,
    // Fixed with the rank: on a phone the penalty and problem cells scroll under the name, a shadow on the side
    // that hides more (issue 25 #20).
    fixed: 'left',
    render: (_: unknown, r) => {
      const on = ctx.concerned.includes(r.uid);
      return (
        <span style={{ display: 'inline-flex', gap: 6, alignItems: 'flex-start' }}>
          <button
            type="button"
            onClick={() => ctx.onConcern(r.uid)}
            aria-label={on ? ctx.t('Unconcern') : ctx.t('Concern')}
            style={{ border: 0, background: 'none', padding: 0, cursor: 'pointer', color: 'var(--oj-gold)' }}
          >
            {on ? <StarFilled /> : <StarOutlined />}
          </button>
          <span>
            <Link
              to={`/user-home?username=${encodeURIComponent(r.username)}&uid=${encodeURIComponent(r.uid)}`}
              data-testid="board-user"
            >
              {shownName(r, ctx.rankShowName)}
            </Link>
            {r.school && <div style={{ fontSize: 12, color: 'var(--oj-text-tertiary)' }}>{r.school}</div>}
          </span>
        </span>
      );
    },
  };
}

/** Problem column header: balloon colour and display id. */
const problemTitle = (p: BoardProblem) => (
  <span title={p.displayTitle}>
    {p.color && <span className="balloon" style={{ background: p.color }} />}
    {p.displayId}
  </span>
);

/** ACM columns: rank, user, solved, total time (penalties included), one column per problem. */
export function acmColumns(ctx: ColumnContext): TableColumnsType<AcmRow> {
  return [
    rankColumn<AcmRow>(ctx),
    userColumn<AcmRow>(ctx),
    { title: ctx.t('Solved'), dataIndex: 'ac', width: 64, align: 'center' },
    {
      title: ctx.t('Total_time'),
      dataIndex: 'totalTime',
      width: 96,
      align: 'center',
      render: (s: number) => formatDuration(s * 1000),
    },
    ...ctx.problems.map((p) => ({
      title: problemTitle(p),
      key: `p-${p.displayId}`,
      onCell: (r: AcmRow) => ({ className: `cell ${acmCellClass(r.submissionInfo?.[p.displayId])}` }),
      render: (_: unknown, r: AcmRow) => {
        const { time, tries } = acmCellText(r.submissionInfo?.[p.displayId]);
        return (
          <>
            <div>{time}</div>
            <div>{tries}</div>
          </>
        );
      },
    })),
  ];
}

/** OI columns: rank, user, total score, one score column per problem. */
export function oiColumns(ctx: ColumnContext): TableColumnsType<OiRow> {
  return [
    rankColumn<OiRow>(ctx),
    userColumn<OiRow>(ctx),
    { title: ctx.t('Total_score'), dataIndex: 'totalScore', width: 80, align: 'center' },
    ...ctx.problems.map((p) => ({
      title: problemTitle(p),
      key: `p-${p.displayId}`,
      onCell: (r: OiRow) => ({
        className: `cell ${oiCellClass(r.submissionInfo?.[p.displayId], r.timeInfo?.[p.displayId], r.tryInfo?.[p.displayId])}`,
      }),
      render: (_: unknown, r: OiRow) => {
        const score = r.submissionInfo?.[p.displayId];
        const time = r.timeInfo?.[p.displayId];
        const tries = r.tryInfo?.[p.displayId] ?? 0;
        if (score == null) return tries > 0 ? <span title={ctx.t('Sealed_tries')}>?</span> : null;
        return (
          <>
            <div>{score}</div>
            {time != null && (
              <div style={{ fontWeight: 400, color: 'var(--oj-text-tertiary)' }}>{time}ms</div>
            )}
          </>
        );
      },
    })),
  ];
}
