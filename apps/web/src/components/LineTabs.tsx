import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import './line-tabs.css';

export interface LineTab {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

/**
 * A line tab bar drawn like antd's Tabs, for a few fixed tabs on pages that count their bytes (the problem page,
 * issue 14): antd's Tabs carries rc-tabs with its overflow menu (rc-menu, rc-dropdown, ~20 KB brotli) that a bar
 * of three tabs never shows. Only the active tab's content is mounted (antd's `destroyOnHidden`). WAI-ARIA tabs:
 * arrow keys, Home and End move between tabs.
 */
export function LineTabs({
  items,
  activeKey,
  onChange,
  extra,
}: {
  items: readonly LineTab[];
  activeKey: string;
  onChange: (key: string) => void;
  /** Shown at the end of the bar (antd's `tabBarExtraContent`). */
  extra?: ReactNode;
}) {
  const id = useId();
  const bar = useRef<HTMLDivElement>(null);
  const active = items.find((i) => i.key === activeKey) ?? items[0];
  const move = (e: KeyboardEvent, index: number) => {
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: items.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const at = (to + items.length) % items.length;
    const next = items[at];
    if (!next) return;
    onChange(next.key);
    (bar.current?.children[at] as HTMLElement | undefined)?.focus();
  };
  return (
    <div className="oj-line-tabs">
      <div className="oj-line-tabs-bar">
        <div role="tablist" ref={bar} className="oj-line-tabs-list">
          {items.map((item, i) => {
            const on = item.key === active?.key;
            return (
              <button
                key={item.key}
                type="button"
                role="tab"
                id={`${id}-tab-${item.key}`}
                aria-selected={on}
                aria-controls={`${id}-panel`}
                tabIndex={on ? 0 : -1}
                className={on ? 'oj-line-tab oj-line-tab-active' : 'oj-line-tab'}
                onClick={() => onChange(item.key)}
                onKeyDown={(e) => move(e, i)}
              >
                {item.label}
              </button>
            );
          })}
        </div>
        {extra}
      </div>
      {active && (
        <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${active.key}`}>
          {active.children}
        </div>
      )}
    </div>
  );
}
