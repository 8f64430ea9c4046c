import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenVisible } from './WhenVisible.js';

/** A stand-in IntersectionObserver whose callbacks the test fires. */
let observers: { cb: IntersectionObserverCallback; el?: Element }[] = [];
class FakeObserver {
  private entry: { cb: IntersectionObserverCallback; el?: Element };
  constructor(cb: IntersectionObserverCallback) {
    this.entry = { cb };
    observers.push(this.entry);
  }
  observe(el: Element) {
    this.entry.el = el;
  }
  disconnect() {
    observers = observers.filter((o) => o !== this.entry);
  }
}
const intersect = (yes: boolean) =>
  act(() => {
    for (const o of [...observers])
      o.cb([{ isIntersecting: yes, target: o.el } as IntersectionObserverEntry], {} as IntersectionObserver);
  });

describe('WhenVisible', () => {
  afterEach(() => {
    cleanup();
    observers = [];
    vi.unstubAllGlobals();
  });

  it('renders its children only once its place enters the viewport, and keeps them', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { rerender } = render(
      <WhenVisible minHeight={100}>
        <p>cards</p>
      </WhenVisible>,
    );
    expect(screen.queryByText('cards')).toBeNull();
    intersect(false);
    expect(screen.queryByText('cards')).toBeNull();
    intersect(true);
    expect(screen.getByText('cards')).toBeTruthy();
    rerender(
      <WhenVisible minHeight={100}>
        <p>cards</p>
      </WhenVisible>,
    );
    expect(screen.getByText('cards')).toBeTruthy();
  });

  it('does not watch while not armed (the content above still loading), and stays armed after', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const view = (armed: boolean) => (
      <WhenVisible minHeight={100} armed={armed}>
        <p>cards</p>
      </WhenVisible>
    );
    const { rerender } = render(view(false));
    expect(observers).toHaveLength(0);
    intersect(true);
    expect(screen.queryByText('cards')).toBeNull();
    rerender(view(true));
    rerender(view(false));
    expect(observers).toHaveLength(1);
    intersect(true);
    expect(screen.getByText('cards')).toBeTruthy();
  });
});
