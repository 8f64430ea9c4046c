import type { ResolvedTheme } from './theme.js';

/**
 * Colours for drawings that cannot read CSS variables (ECharts draws on a canvas), per look (issue 28): the same
 * values as `--oj-success`, `--oj-info` and the page's hairlines in app/global.css, and the heat calendar's five
 * steps (GitHub's green scale, dark: its dark-mode scale).
 */
export const CHART_COLORS: Record<
  ResolvedTheme,
  { success: string; info: string; empty: string; gap: string; heat: string[] }
> = {
  light: {
    success: '#19be6b',
    info: '#2d8cf0',
    empty: '#ebedf0',
    gap: '#fff',
    heat: ['#ebedf0', '#9be9a8', '#40c463', '#30a14e', '#216e39'],
  },
  dark: {
    success: '#49aa19',
    info: '#3c89e8',
    empty: '#262626',
    gap: '#141414',
    heat: ['#262626', '#0e4429', '#006d32', '#26a641', '#39d353'],
  },
};

/**
 * Props for `ReactEChartsCore` in a look: ECharts' built-in `dark` theme (text and axes light) on a transparent
 * ground, so the chart sits on its card in either look.
 */
export function echartsThemeProps(look: ResolvedTheme): { theme?: string } {
  return look === 'dark' ? { theme: 'dark' } : {};
}
