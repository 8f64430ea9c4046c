import { Tag, type TagProps } from 'antd';
import { readableTextOn } from '../lib/contrast.js';

/**
 * antd's Tag, whose text stays readable on a solid `color` (issue 28): a judge status, a difficulty or an
 * admin-chosen colour gets white or black text, whichever reaches WCAG AA (`readableTextOn`); preset names
 * ('blue', 'success'…) keep antd's look.
 */
export function ColorTag({ color, style, ...rest }: TagProps) {
  const text = typeof color === 'string' ? readableTextOn(color) : undefined;
  return <Tag color={color} style={text ? { ...style, color: text } : style} {...rest} />;
}
