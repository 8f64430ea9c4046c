import { PieChart } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import { useTranslation } from 'react-i18next';
import { echartsThemeProps } from '../../../lib/chart-theme.js';
import { useResolvedTheme } from '../../../lib/theme.js';
import { statusInfo, statusKey } from '../../submission/lib/format.js';
import type { ProblemCount } from '../api/types.js';

echarts.use([PieChart, LegendComponent, TooltipComponent, CanvasRenderer]);

/** The pie's groups (doc 2 §2.2) with their judge status codes, for names and colours. */
const GROUPS: { key: keyof ProblemCount; code: number }[] = [
  { key: 'wa', code: -1 },
  { key: 'ce', code: -2 },
  { key: 'ac', code: 0 },
  { key: 'pa', code: 8 },
  { key: 'tle', code: 1 },
  { key: 'mle', code: 2 },
  { key: 're', code: 3 },
  { key: 'pe', code: -3 },
];

/** The statistics pie of a problem (lazy chunk with only the ECharts parts it uses), text following the theme. */
export default function StatisticsPie({ count }: { count: ProblemCount }) {
  const { t } = useTranslation('submission');
  const look = useResolvedTheme();
  const data = GROUPS.map((g) => ({
    name: t(statusKey(g.code)),
    value: count[g.key] ?? 0,
    itemStyle: { color: statusInfo(g.code).color },
  })).filter((d) => d.value > 0);
  const option = {
    backgroundColor: 'transparent',
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        radius: ['35%', '65%'],
        center: ['50%', '45%'],
        label: { formatter: '{b}\n{c}' },
        data,
      },
    ],
  };
  return (
    <ReactEChartsCore
      key={look}
      echarts={echarts}
      option={option}
      style={{ height: 360 }}
      notMerge
      {...echartsThemeProps(look)}
    />
  );
}
