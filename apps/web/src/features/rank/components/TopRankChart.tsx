import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import { useTranslation } from 'react-i18next';
import type { RankRecord, RankType } from '../api/rank.js';
import { oiScore } from '../lib/rank-math.js';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** The top-10 bar chart of doc 2 §2.11 (lazy chunk): ACM shows AC and total, OI the score. */
export default function TopRankChart({ rows, type }: { rows: RankRecord[]; type: RankType }) {
  const { t } = useTranslation('rank');
  const names = rows.map((r) => r.username);
  const series =
    type === 'ACM'
      ? [
          { name: t('AC'), type: 'bar', data: rows.map((r) => r.ac), itemStyle: { color: '#19be6b' } },
          { name: t('Total'), type: 'bar', data: rows.map((r) => r.total), itemStyle: { color: '#2d8cf0' } },
        ]
      : [
          {
            name: t('Score'),
            type: 'bar',
            data: rows.map((r) => oiScore(r.score)),
            itemStyle: { color: '#2d8cf0' },
          },
        ];
  const option = {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: 32, bottom: 48 },
    xAxis: { type: 'category', data: names, axisLabel: { interval: 0, rotate: names.length > 5 ? 30 : 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series,
  };
  return <ReactEChartsCore echarts={echarts} option={option} style={{ height: 300 }} notMerge />;
}
