import { FastColor } from '@ant-design/fast-color';

/**
 * antd's `isBright` (color-picker/components/ColorPresets.js) on its own: the button's style tokens import it from
 * the preset panel, whose module also builds a Collapse, so every page with a button carried antd's Collapse and
 * rc-collapse. Same computation: the panel's `RcColor` is a FastColor subclass and only FastColor methods are used.
 */
export const isBright = (
  value: { toRgb(): { r: number; g: number; b: number; a: number }; toRgbString(): string },
  bgColorToken: string,
): boolean => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new FastColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};
