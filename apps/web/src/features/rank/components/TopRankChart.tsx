import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import { useTranslation } from 'react-i18next';
import { CHART_COLORS, echartsThemeProps } from '../../../lib/chart-theme.js';
import { useResolvedTheme } from '../../../lib/theme.js';
import type { RankRecord, RankType } from '../api/rank.js';
import { oiScore } from '../lib/rank-math.js';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** The top-10 bar chart of doc 2 §2.11 (lazy chunk): ACM shows AC and total, OI the score; colours follow the theme. */
export default function TopRankChart({ rows, type }: { rows: RankRecord[]; type: RankType }) {
  const { t } = useTranslation('rank');
  const look = useResolvedTheme();
  const c = CHART_COLORS[look];
  const names = rows.map((r) => r.username);
  const series =
    type === 'ACM'
      ? [
          { name: t('AC'), type: 'bar', data: rows.map((r) => r.ac), itemStyle: { color: c.success } },
          { name: t('Total'), type: 'bar', data: rows.map((r) => r.total), itemStyle: { color: c.info } },
        ]
      : [
          {
            name: t('Score'),
            type: 'bar',
            data: rows.map((r) => oiScore(r.score)),
            itemStyle: { color: c.info },
          },
        ];
  const option = {
    backgroundColor: 'transparent',
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: 32, bottom: 48 },
    xAxis: { type: 'category', data: names, axisLabel: { interval: 0, rotate: names.length > 5 ? 30 : 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series,
  };
  return (
    <ReactEChartsCore
      key={look}
      echarts={echarts}
      option={option}
      style={{ height: 300 }}
      notMerge
      {...echartsThemeProps(look)}
    />
  );
}
