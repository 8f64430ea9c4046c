import type { CalendarHeatmap } from '@oj/shared';
import { HeatmapChart } from 'echarts/charts';
import { CalendarComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_COLORS, echartsThemeProps } from '../../../lib/chart-theme.js';
import { useLanguage } from '../../../lib/i18n.js';
import { useResolvedTheme } from '../../../lib/theme.js';

echarts.use([HeatmapChart, CalendarComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

/**
 * The year heat calendar of the user home (doc 1 §2.9): one cell a day over the year ending at `endDate`,
 * coloured by submissions, at least 640 px wide. Where the screen is narrower (a phone) it scrolls sideways and
 * starts scrolled to its right end, so today and the current month are in view (issue 25 #12). Loaded lazily with
 * only the ECharts parts it needs; colours follow the theme (`lib/chart-theme.ts`).
 */
export default function HeatCalendar({ heatmap }: { heatmap: CalendarHeatmap }) {
  const { t } = useTranslation('user');
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, []);
  const lang = useLanguage();
  const look = useResolvedTheme();
  const c = CHART_COLORS[look];
  const end = heatmap.endDate.slice(0, 10);
  const startDate = new Date(`${end}T00:00:00Z`);
  startDate.setUTCFullYear(startDate.getUTCFullYear() - 1);
  startDate.setUTCDate(startDate.getUTCDate() + 1);
  const start = startDate.toISOString().slice(0, 10);
  const max = Math.max(4, ...heatmap.dataList.map((d) => d.count));
  const option = {
    backgroundColor: 'transparent',
    tooltip: {
      formatter: (p: { value: [string, number] }) =>
        t('Heat_tooltip', { date: p.value[0], count: p.value[1] }),
    },
    visualMap: {
      min: 0,
      max,
      show: false,
      inRange: { color: c.heat },
    },
    calendar: {
      range: [start, end],
      cellSize: ['auto', 13],
      left: 30,
      right: 10,
      top: 20,
      // Days without submissions are drawn too (grey cells), as on GitHub; the series only covers active days.
      itemStyle: { color: c.empty, borderColor: c.gap, borderWidth: 2 },
      splitLine: { show: false },
      yearLabel: { show: false },
      dayLabel: { nameMap: lang === 'zh-CN' ? 'ZH' : 'EN', firstDay: 1, fontSize: 10 },
      monthLabel: { nameMap: lang === 'zh-CN' ? 'ZH' : 'EN', fontSize: 10 },
    },
    series: [
      { type: 'heatmap', coordinateSystem: 'calendar', data: heatmap.dataList.map((d) => [d.date, d.count]) },
    ],
  };
  return (
    <div ref={box} style={{ overflowX: 'auto' }} data-testid="heat-calendar-scroll">
      <div style={{ minWidth: 640 }}>
        <ReactEChartsCore
          key={look}
          echarts={echarts}
          option={option}
          style={{ height: 140, width: '100%' }}
          notMerge
          {...echartsThemeProps(look)}
        />
      </div>
    </div>
  );
}
