import { describe, expect, it } from 'vitest';
import { contrastRatio, luminance, readableColor, readableTextOn, SURFACE } from './contrast.js';

describe('readableTextOn', () => {
  it('keeps white on dark colours and switches to black where white is under 4.5:1', () => {
    expect(readableTextOn('#001529')).toBe('#fff');
    expect(readableTextOn('#676fc1')).toBe('#fff'); // Cancelled: 4.54:1 with white
    expect(readableTextOn('#19be6b')).toBe('#000'); // Accepted: 2.4:1 with white
    expect(readableTextOn('#f90')).toBe('#000'); // Compile Error, short hex
    expect(readableTextOn('#ed3f14')).toBe('#000'); // Wrong Answer: 3.95:1 with white, 5.3:1 with black
  });

  it('the colour it picks always reaches 4.5:1 for the judge status colours', () => {
    for (const bg of ['#909399', '#676fc1', '#f90', '#ed3f14', '#19be6b', '#25bb9b', '#2d8cf0']) {
      const l = luminance(bg) as number;
      expect(contrastRatio(l, readableTextOn(bg) === '#fff' ? 1 : 0)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('leaves preset names and empty values to antd', () => {
    expect(readableTextOn('blue')).toBeUndefined();
    expect(readableTextOn(undefined)).toBeUndefined();
    expect(readableTextOn('')).toBeUndefined();
  });
});

describe('readableColor', () => {
  it('keeps a colour that already reads and darkens (light) or lightens (dark) the others to 4.5:1', () => {
    expect(readableColor('#1668dc', SURFACE.light)).toBe('#1668dc'); // 4.9:1 on white already
    for (const c of ['#25bb9b', '#19be6b', '#f90', '#ed3f14', '#2d8cf0', '#909399', '#676fc1']) {
      for (const surface of [SURFACE.light, SURFACE.dark]) {
        const out = readableColor(c, surface);
        expect(contrastRatio(luminance(out) as number, luminance(surface) as number)).toBeGreaterThanOrEqual(
          4.5,
        );
      }
    }
    // The hue stays: Pending's teal darkened is still green-blue, not grey.
    const pending = readableColor('#25bb9b', SURFACE.light);
    expect(pending).not.toBe('#25bb9b');
    expect(Number.parseInt(pending.slice(3, 5), 16)).toBeGreaterThan(
      Number.parseInt(pending.slice(1, 3), 16),
    );
  });

  it('returns what is not hex as it is', () => {
    expect(readableColor('var(--oj-success)', SURFACE.light)).toBe('var(--oj-success)');
  });
});
