import { Tag } from 'antd';
import type { CheckableTagProps } from 'antd/es/tag/CheckableTag.js';
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';

/**
 * A filter tag that a keyboard can reach and toggle (issue 28): antd's CheckableTag is a bare `<span>` with a
 * click handler, out of the tab order. This one is a toggle button to assistive technology (`role="button"`,
 * `aria-pressed`), in the tab order, and Enter or Space toggles it as a click does.
 */
export function FilterTag(props: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  style?: CSSProperties;
  'data-testid'?: string;
  'data-user-content'?: boolean;
}) {
  const { checked, onChange, children, style, ...rest } = props;
  const onKeyDown = (e: KeyboardEvent<HTMLSpanElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onChange(!checked);
    }
  };
  // CheckableTag passes other props on to its <span>; its types list only its own.
  const keyboard = {
    role: 'button',
    tabIndex: 0,
    'aria-pressed': checked,
    onKeyDown,
  } as unknown as CheckableTagProps;
  return (
    <Tag.CheckableTag {...rest} {...keyboard} checked={checked} onChange={onChange} style={style}>
      {children}
    </Tag.CheckableTag>
  );
}
