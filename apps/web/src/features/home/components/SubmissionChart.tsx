import { useTranslation } from 'react-i18next';
import type { LastWeekSubmissionStatistics } from '../api/community.js';
import './submission-chart.css';

const W = 640;
const H = 240;
const PAD = { left: 40, right: 16, top: 12, bottom: 28 };
const SERIES = [
  { key: 'totalCountList', label: 'All_submissions', color: 'var(--oj-info)' },
  { key: 'acCountList', label: 'AC_submissions', color: 'var(--oj-success)' },
] as const;

/** Round axis steps (1, 2, 5 × 10^n) so at most 4 grid lines cover `max`. */
function axisTicks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const raw = max / 4;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? pow * 10);
  const ticks = [0];
  while (ticks[ticks.length - 1] < max) ticks.push(ticks[ticks.length - 1] + step);
  return ticks;
}

/**
 * Last week's submissions per day (doc 1 §7) as two lines, all and accepted, drawn as a small SVG: the home page
 * counts its bytes (issue 14), and ECharts for seven points cost it ~155 KB. Each point carries its figure as a
 * native tooltip, and the figures are also in a table for screen readers.
 */
export default function SubmissionChart({ stats }: { stats: LastWeekSubmissionStatistics }) {
  const { t } = useTranslation('homeCards');
  const days = stats.dateStrList;
  const max = Math.max(0, ...stats.totalCountList, ...stats.acCountList);
  const ticks = axisTicks(max);
  const top = ticks[ticks.length - 1] || 1;
  const x = (i: number) =>
    PAD.left + (days.length <= 1 ? 0 : (i * (W - PAD.left - PAD.right)) / (days.length - 1));
  const y = (v: number) => H - PAD.bottom - (v * (H - PAD.top - PAD.bottom)) / top;
  return (
    <figure className="oj-week-chart" data-testid="submission-chart">
      <div className="oj-week-chart-legend" aria-hidden="true">
        {SERIES.map((s) => (
          <span key={s.key}>
            <i style={{ background: s.color }} />
            {t(s.label)}
          </span>
        ))}
      </div>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('Last_week_submissions')}>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className="oj-week-chart-grid" />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end">
              {v}
            </text>
          </g>
        ))}
        {days.map((d, i) => (
          <text key={d} x={x(i)} y={H - 8} textAnchor="middle">
            {d.slice(5)}
          </text>
        ))}
        {SERIES.map((s) => {
          const values = stats[s.key];
          const line = values.map((v, i) => `${i ? 'L' : 'M'}${x(i)},${y(v)}`).join('');
          const area = `${line}L${x(values.length - 1)},${y(0)}L${x(0)},${y(0)}Z`;
          return (
            <g key={s.key}>
              <path d={area} style={{ fill: s.color }} opacity={0.12} />
              <path d={line} fill="none" style={{ stroke: s.color }} strokeWidth={2} />
              {values.map((v, i) => (
                <circle
                  key={days[i]}
                  cx={x(i)}
                  cy={y(v)}
                  r={4}
                  style={{ fill: 'var(--oj-bg-container)', stroke: s.color }}
                  strokeWidth={2}
                >
                  <title>{`${days[i]} ${t(s.label)}: ${v}`}</title>
                </circle>
              ))}
            </g>
          );
        })}
      </svg>
      <table className="oj-visually-hidden">
        <thead>
          <tr>
            <th />
            {SERIES.map((s) => (
              <th key={s.key}>{t(s.label)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((d, i) => (
            <tr key={d}>
              <th>{d}</th>
              {SERIES.map((s) => (
                <td key={s.key}>{stats[s.key][i]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
