import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LineTabs } from './LineTabs.js';
import { NativeSelect } from './NativeSelect.js';

function Harness() {
  const [tab, setTab] = useState('a');
  return (
    <LineTabs
      activeKey={tab}
      onChange={setTab}
      items={[
        { key: 'a', label: 'Description', children: <p>statement</p> },
        { key: 'b', label: 'Mine', children: <p>my list</p> },
        { key: 'c', label: 'Annex', children: <p>files</p> },
      ]}
    />
  );
}

describe('the problem page light controls', () => {
  afterEach(cleanup);

  it('tabs: a click or the arrow keys switch the tab, and only the shown tab is mounted', () => {
    render(<Harness />);
    expect(screen.getByText('statement')).toBeTruthy();
    expect(screen.queryByText('my list')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Mine' }));
    expect(screen.getByText('my list')).toBeTruthy();
    expect(screen.queryByText('statement')).toBeNull();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Mine' }), { key: 'ArrowRight' });
    expect(screen.getByText('files')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Annex' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Annex');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Annex' }), { key: 'ArrowRight' });
    expect(screen.getByText('statement')).toBeTruthy();
  });

  it('select: numbers stay numbers, and the current value is shown', () => {
    const picked: number[] = [];
    render(
      <NativeSelect
        aria-label="Font size"
        value={14}
        onChange={(v) => picked.push(v)}
        options={[12, 14, 16].map((v) => ({ value: v, label: `${v}px` }))}
      />,
    );
    const select = screen.getByLabelText('Font size') as HTMLSelectElement;
    expect(select.value).toBe('14');
    fireEvent.change(select, { target: { value: '16' } });
    expect(picked).toEqual([16]);
  });
});
